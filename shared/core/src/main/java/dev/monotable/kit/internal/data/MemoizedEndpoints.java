package dev.monotable.kit.internal.data;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointParams;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;

/**
 * The SDK's endpoint rules, run once per distinct set of endpoint parameters: the client asks its
 * provider on every request, and the default provider remembers only the last parameters, which
 * a handler alternating two operations changes on every call (AP22's UpdateItem names the table
 * in {@code ResourceArn}, its TransactWriteItems in {@code ResourceArnList}), so the rules and the
 * parse of the endpoint URL ran on each request (4% of a warm AP22,
 * docs/performance-levers.md). The answer is whatever the delegate decides for those parameters
 * (FIPS, dual-stack, account endpoints, an override); only answers are kept, never failures, and
 * at most {@link #LIMIT} of them (past that the delegate answers, uncached).
 * {@code DynamoDbEndpointParams} has no {@code equals}, so {@link Params} copies every one of its
 * values ({@code MemoizedEndpointsTest} fails when an SDK release adds one).
 */
public final class MemoizedEndpoints implements DynamoDbEndpointProvider {
  /** The most parameter sets kept: a process talks to one table or a few. */
  static final int LIMIT = 64;

  private final DynamoDbEndpointProvider delegate;
  private final Map<Params, Endpoint> resolved = new ConcurrentHashMap<>();

  public MemoizedEndpoints(DynamoDbEndpointProvider delegate) {
    this.delegate = delegate;
  }

  /** The SDK's rules ({@link DynamoDbEndpointProvider#defaultProvider()}), memoized. */
  public static MemoizedEndpoints ofDefault() {
    return new MemoizedEndpoints(DynamoDbEndpointProvider.defaultProvider());
  }

  @Override
  public CompletableFuture<Endpoint> resolveEndpoint(DynamoDbEndpointParams params) {
    Params key = Params.of(params);
    Endpoint known = resolved.get(key);
    if (known != null) {
      return CompletableFuture.completedFuture(known);
    }
    CompletableFuture<Endpoint> answer = delegate.resolveEndpoint(params);
    if (answer.isDone() && !answer.isCompletedExceptionally() && resolved.size() < LIMIT) {
      resolved.putIfAbsent(key, answer.join());
    }
    return answer;
  }

  /**
   * Every value of a {@link DynamoDbEndpointParams}, compared by value. {@code equals} and
   * {@code hashCode} are written out: a record's generated ones go through method handles, which the
   * C1-only JIT of Lambda's flags runs slower than the rules they replace.
   */
  record Params(Region region, Boolean useDualStack, Boolean useFips, String endpoint, String accountId,
      String accountIdEndpointMode, String resourceArn, List<String> resourceArnList, Boolean isSearchOperation) {
    static Params of(DynamoDbEndpointParams p) {
      return new Params(p.region(), p.useDualStack(), p.useFips(), p.endpoint(), p.accountId(),
          p.accountIdEndpointMode(), p.resourceArn(), p.resourceArnList(), p.isSearchOperation());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Params p && Objects.equals(region, p.region) && Objects.equals(useDualStack, p.useDualStack)
          && Objects.equals(useFips, p.useFips) && Objects.equals(endpoint, p.endpoint)
          && Objects.equals(accountId, p.accountId) && Objects.equals(accountIdEndpointMode, p.accountIdEndpointMode)
          && Objects.equals(resourceArn, p.resourceArn) && Objects.equals(resourceArnList, p.resourceArnList)
          && Objects.equals(isSearchOperation, p.isSearchOperation);
    }

    @Override
    public int hashCode() {
      int h = Objects.hashCode(region);
      h = 31 * h + Objects.hashCode(useDualStack);
      h = 31 * h + Objects.hashCode(useFips);
      h = 31 * h + Objects.hashCode(endpoint);
      h = 31 * h + Objects.hashCode(accountId);
      h = 31 * h + Objects.hashCode(accountIdEndpointMode);
      h = 31 * h + Objects.hashCode(resourceArn);
      h = 31 * h + Objects.hashCode(resourceArnList);
      return 31 * h + Objects.hashCode(isSearchOperation);
    }
  }
}
