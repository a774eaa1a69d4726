package dev.monotable.kit.data;

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
   */
  public static DynamoDbClient create(URI endpoint, String region, ExecutionInterceptor... interceptors) {
    // Deadlines: a handler makes at most three calls in sequence and its function stops at 10 s,
    // so each call (retries included) gives up after 3 s and each attempt after 2 s; a slow or
    // silent table then answers 503 with Retry-After instead of hanging until Lambda kills it.
    ClientOverrideConfiguration.Builder override = ClientOverrideConfiguration.builder()
        .apiCallAttemptTimeout(ATTEMPT_TIMEOUT)
        .apiCallTimeout(CALL_TIMEOUT)
        .addExecutionInterceptor(METER);
    for (ExecutionInterceptor i : interceptors) {
      override.addExecutionInterceptor(i);
    }
    DynamoDbClientBuilder b = DynamoDbClient.builder()
        .overrideConfiguration(override.build())
        .region(Region.of(region))
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
