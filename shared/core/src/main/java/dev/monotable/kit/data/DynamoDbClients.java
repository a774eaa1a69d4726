package dev.monotable.kit.data;

import dev.monotable.kit.internal.data.MemoizedEndpoints;
import dev.monotable.kit.Env;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClientBuilder;

/**
 * Builds the one DynamoDB client of a process: URLConnection HTTP client (no netty/apache, small
 * cold start), region from {@code AWS_REGION}, endpoint from {@code DYNAMODB_ENDPOINT} when set.
 */
public final class DynamoDbClients {
  /** The longest one attempt of a request may take. */
  public static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
  /** The longest one request may take, retries included. */
  public static final Duration CALL_TIMEOUT = Duration.ofSeconds(3);

  /**
   * How long one attempt of a request, and one request with its retries, may take.
   *
   * @param attempt the longest one attempt may take (a timed-out attempt is retried)
   * @param call the longest one request may take, retries included
   */
  public record Deadlines(Duration attempt, Duration call) {
    /** A handler's: 2 s an attempt, 3 s a call (see {@link #create(URI, String, ExecutionInterceptor...)}). */
    public static final Deadlines HANDLER = new Deadlines(ATTEMPT_TIMEOUT, CALL_TIMEOUT);

    /** One minute a call, unless {@link Env#MONOTABLE_TOOL_TIMEOUT} sets it. */
    public static final Duration DEFAULT_TOOL_CALL = Duration.ofSeconds(60);

    /**
     * An operator tool's (backfill, seed, validate, explore, test-access-patterns) and the test
     * fixtures' clients: {@link Env#MONOTABLE_TOOL_TIMEOUT} seconds a call (default 60), a third of
     * it an attempt, so the SDK's retries fit in the call. A handler's 3 s exists because Lambda
     * stops the function at 10 s and a client should get a 503 before that; a tool has no such
     * limit, and on a loaded machine (a test suite running beside another, a scan of a large table
     * on a busy engine) a 3 s deadline failed correct tools mid-run: 22 tool tests failed so under
     * load while passing on a quiet machine. A slow answer is worth waiting for; a table that does
     * not answer within a minute is still reported.
     */
    public static Deadlines tools() {
      String configured = Env.get(Env.MONOTABLE_TOOL_TIMEOUT);
      Duration call = DEFAULT_TOOL_CALL;
      if (configured != null) {
        try {
          call = Duration.ofSeconds(Long.parseLong(configured.trim()));
        } catch (NumberFormatException e) {
          throw new IllegalStateException(Env.MONOTABLE_TOOL_TIMEOUT + " must be a whole number of seconds: " + configured);
        }
        if (call.isNegative() || call.isZero()) {
          throw new IllegalStateException(Env.MONOTABLE_TOOL_TIMEOUT + " must be at least 1 second: " + configured);
        }
      }
      return new Deadlines(call.dividedBy(3).isZero() ? call : call.dividedBy(3), call);
    }

    /**
     * The local service's (scripts/dev, the end-to-end suites): {@link #tools()}'s. Nothing stops
     * a local handler at 10 s, and one engine serves every request in turn: on a loaded machine
     * four writers on one cart waited more than the handler's 3 s and were answered 503 while
     * their writes applied. The local service waits as long as a tool does.
     */
    public static Deadlines local() {
      return tools();
    }
  }

  // Stateless (the counts live in the calling thread's tally): one instance serves every client.
  private static final CallMeter METER = new CallMeter();

  private DynamoDbClients() {}

  /** Client for the environment: Lambda (no endpoint) or a local server (endpoint set). */
  public static DynamoDbClient fromEnvironment() {
    String endpoint = Env.get(Env.DYNAMODB_ENDPOINT);
    return create(endpoint == null ? null : URI.create(endpoint), Env.region());
  }

  /**
   * Client for an endpoint (null: AWS) with optional SDK interceptors (tests add limit guards). The
   * {@link CallMeter} comes first, so every client counts its requests and capacity into the
   * invocation's {@link CallTally}, and the interceptors after it see the requests it completed.
   * The SDK's endpoint rules run once per distinct endpoint parameters ({@link MemoizedEndpoints}).
   */
  public static DynamoDbClient create(URI endpoint, String region, ExecutionInterceptor... interceptors) {
    // Deadlines: a handler makes at most three calls in sequence and its function stops at 10 s,
    // so each call (retries included) gives up after 3 s and each attempt after 2 s; a slow or
    // silent table then answers 503 with Retry-After instead of hanging until Lambda kills it.
    return create(endpoint, region, Deadlines.HANDLER, interceptors);
  }

  /**
   * {@link #create(URI, String, ExecutionInterceptor...)} with other deadlines: {@link
   * Deadlines#tools()} for operator tools and tests, which are not bound by a Lambda timeout.
   */
  public static DynamoDbClient create(URI endpoint, String region, Deadlines deadlines,
      ExecutionInterceptor... interceptors) {
    ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder()
        .apiCallAttemptTimeout(deadlines.attempt())
        .apiCallTimeout(deadlines.call())
        .addExecutionInterceptor(METER);
    for (ExecutionInterceptor i : interceptors) {
      override.addExecutionInterceptor(i);
    }
    DynamoDbClientBuilder b = DynamoDbClient.builder()
        .overrideConfiguration(override.build())
        .region(Region.of(region))
        .endpointProvider(MemoizedEndpoints.ofDefault())
        .httpClient(httpClient());
    if (endpoint != null) {
      b.endpointOverride(endpoint);
    }
    b.credentialsProvider(credentials(endpoint));
    return b.build();
  }

  /**
   * DynamoDB Streams client for an endpoint (null: AWS), with the same HTTP client and credentials
   * rule as {@link #create}: the local stream pipeline and tests read the table's stream with it.
   */
  public static DynamoDbStreamsClient streams(URI endpoint, String region) {
    DynamoDbStreamsClientBuilder b = DynamoDbStreamsClient.builder()
        .region(Region.of(region))
        .httpClient(httpClient());
    if (endpoint != null) {
      b.endpointOverride(endpoint);
    }
    return b.credentialsProvider(credentials(endpoint)).build();
  }

  private static SdkHttpClient httpClient() {
    return UrlConnectionHttpClient.builder()
        .connectionTimeout(Duration.ofSeconds(2))
        .socketTimeout(Duration.ofSeconds(10))
        .build();
  }

  // Local servers accept any credentials; real ones from the environment win when present.
  private static AwsCredentialsProvider credentials(URI endpoint) {
    if (endpoint == null) {
      return DefaultCredentialsProvider.builder().build();
    }
    return Env.get(Env.AWS_ACCESS_KEY_ID) != null
        ? EnvironmentVariableCredentialsProvider.create()
        : StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local"));
  }
}
