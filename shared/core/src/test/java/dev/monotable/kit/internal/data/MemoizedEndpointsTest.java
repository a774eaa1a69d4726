package dev.monotable.kit.internal.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.data.DynamoDbClients;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointParams;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;

/** The endpoint rules run once per distinct parameters, and answer what the SDK's rules answer. */
class MemoizedEndpointsTest {

  private static DynamoDbEndpointParams.Builder params() {
    return DynamoDbEndpointParams.builder().region(Region.EU_WEST_1).useFips(false).useDualStack(false);
  }

  @Test
  void rulesRunOncePerDistinctParameters() {
    AtomicInteger runs = new AtomicInteger();
    DynamoDbEndpointProvider rules = DynamoDbEndpointProvider.defaultProvider();
    MemoizedEndpoints memo = new MemoizedEndpoints(p -> {
      runs.incrementAndGet();
      return rules.resolveEndpoint(p);
    });
    // Alternating operations, as AP22 does: the table in ResourceArn, then in ResourceArnList.
    for (int i = 0; i < 3; i++) {
      memo.resolveEndpoint(params().resourceArn("t").build()).join();
      memo.resolveEndpoint(params().resourceArnList(List.of("t", "t")).build()).join();
    }
    assertEquals(2, runs.get());
    memo.resolveEndpoint(params().resourceArnList(List.of("t", "u")).build()).join();
    memo.resolveEndpoint(params().resourceArn("t").useFips(true).build()).join();
    assertEquals(4, runs.get(), "other parameters are asked again");
  }

  @Test
  void answersWhatTheRulesDecide() {
    DynamoDbEndpointProvider rules = DynamoDbEndpointProvider.defaultProvider();
    MemoizedEndpoints memo = MemoizedEndpoints.ofDefault();
    for (DynamoDbEndpointParams p : List.of(params().build(), params().useFips(true).build(),
        params().useDualStack(true).build(), params().endpoint("http://127.0.0.1:8000").build())) {
      URI expected = rules.resolveEndpoint(p).join().url();
      assertEquals(expected, memo.resolveEndpoint(p).join().url());
      assertEquals(expected, memo.resolveEndpoint(p).join().url(), "the remembered answer");
    }
    assertEquals("dynamodb-fips.eu-west-1.amazonaws.com",
        memo.resolveEndpoint(params().useFips(true).build()).join().url().getHost());
  }

  @Test
  void failuresAreNotRemembered() {
    AtomicInteger runs = new AtomicInteger();
    MemoizedEndpoints memo = new MemoizedEndpoints(p -> {
      runs.incrementAndGet();
      return CompletableFuture.failedFuture(new IllegalStateException("no rule"));
    });
    DynamoDbEndpointParams p = params().build();
    assertTrue(memo.resolveEndpoint(p).isCompletedExceptionally());
    assertTrue(memo.resolveEndpoint(p).isCompletedExceptionally());
    assertEquals(2, runs.get());
  }

  @Test
  void keepsAtMostItsLimit() {
    AtomicInteger runs = new AtomicInteger();
    Endpoint e = Endpoint.builder().url(URI.create("https://example.com")).build();
    MemoizedEndpoints memo = new MemoizedEndpoints(p -> {
      runs.incrementAndGet();
      return CompletableFuture.completedFuture(e);
    });
    for (int i = 0; i <= MemoizedEndpoints.LIMIT; i++) {
      memo.resolveEndpoint(params().resourceArn("t" + i).build()).join();
    }
    memo.resolveEndpoint(params().resourceArn("t" + MemoizedEndpoints.LIMIT).build()).join();
    assertEquals(MemoizedEndpoints.LIMIT + 2, runs.get(), "past the limit every call asks the rules");
    memo.resolveEndpoint(params().resourceArn("t0").build()).join();
    assertEquals(MemoizedEndpoints.LIMIT + 2, runs.get());
  }

  /** A parameter the key left out would hand one parameter set's endpoint to another. */
  @Test
  void theKeyHoldsEveryParameterOfThisSdk() {
    Set<String> sdk = Arrays.stream(DynamoDbEndpointParams.class.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers())).map(Field::getName)
        .map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    Set<String> key = Arrays.stream(MemoizedEndpoints.Params.class.getRecordComponents())
        .map(RecordComponent::getName).map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    assertEquals(sdk, key);
  }

  /** The written-out equals and hashCode: each parameter alone tells two keys apart. */
  @Test
  void eachParameterTellsKeysApart() {
    DynamoDbEndpointParams all = DynamoDbEndpointParams.builder().region(Region.EU_WEST_1).useDualStack(false)
        .useFips(false).endpoint("https://a").accountId("1").accountIdEndpointMode("preferred").resourceArn("t")
        .resourceArnList(List.of("t")).isSearchOperation(false).build();
    MemoizedEndpoints.Params key = MemoizedEndpoints.Params.of(all);
    assertEquals(key, MemoizedEndpoints.Params.of(all.toBuilder().build()));
    assertEquals(key.hashCode(), MemoizedEndpoints.Params.of(all.toBuilder().build()).hashCode());
    List<DynamoDbEndpointParams> others = List.of(all.toBuilder().region(Region.US_EAST_1).build(),
        all.toBuilder().useDualStack(true).build(), all.toBuilder().useFips(true).build(),
        all.toBuilder().endpoint("https://b").build(), all.toBuilder().accountId("2").build(),
        all.toBuilder().accountIdEndpointMode("required").build(), all.toBuilder().resourceArn("u").build(),
        all.toBuilder().resourceArnList(List.of("u")).build(), all.toBuilder().isSearchOperation(true).build());
    assertEquals(MemoizedEndpoints.Params.class.getRecordComponents().length, others.size());
    for (DynamoDbEndpointParams other : others) {
      assertNotEquals(key, MemoizedEndpoints.Params.of(other), other.toString());
    }
  }

  @Test
  void everyClientOfTheKitUsesIt() {
    try (DynamoDbClient client = DynamoDbClients.create(URI.create("http://127.0.0.1:1"), "eu-west-1")) {
      assertInstanceOf(MemoizedEndpoints.class, client.serviceClientConfiguration().endpointProvider().orElseThrow());
    }
  }
}
