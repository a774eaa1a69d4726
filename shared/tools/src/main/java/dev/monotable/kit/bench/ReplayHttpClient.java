package dev.monotable.kit.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * An in-memory {@link SdkHttpClient} for the warm-overhead figures: {@link #recording} passes each
 * request to a real client and keeps the response (status, headers, body bytes);
 * {@link #replaying} answers the kept responses again, in order and round and round, without a
 * socket. A handler on a replaying client does all its own work (event parsing, validation, SDK
 * marshalling and signing, response parsing, JSON out) but no network, so its time is the code's.
 *
 * <p>Replay checks each request's operation ({@code X-Amz-Target}) against the recorded one: a
 * handler that changed its sequence of calls fails loudly instead of parsing a wrong answer.
 */
public final class ReplayHttpClient implements SdkHttpClient {
  /** One recorded exchange: the operation asked for and the answer DynamoDB gave. */
  public record Exchange(String target, int status, Map<String, List<String>> headers, byte[] body) {
    public Exchange {
      headers = Map.copyOf(headers);
    }
  }

  private final SdkHttpClient delegate;
  private final List<Exchange> exchanges;
  private int next;

  private ReplayHttpClient(SdkHttpClient delegate, List<Exchange> exchanges) {
    this.delegate = delegate;
    this.exchanges = exchanges;
  }

  /** Passes requests to {@code delegate} and records every exchange. */
  public static ReplayHttpClient recording(SdkHttpClient delegate) {
    return new ReplayHttpClient(delegate, new ArrayList<>());
  }

  /** Answers {@code exchanges} in order, starting over after the last. */
  public static ReplayHttpClient replaying(List<Exchange> exchanges) {
    if (exchanges.isEmpty()) {
      throw new IllegalArgumentException("nothing to replay");
    }
    return new ReplayHttpClient(null, List.copyOf(exchanges));
  }

  /** What was recorded so far (recording mode). */
  public synchronized List<Exchange> exchanges() {
    return List.copyOf(exchanges);
  }

  /** Forgets the recorded exchanges (recording) or starts the replay over (replaying). */
  public synchronized void reset() {
    if (delegate != null) {
      exchanges.clear();
    }
    next = 0;
  }

  @Override
  public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
    if (delegate != null) {
      ExecutableHttpRequest real = delegate.prepareRequest(request);
      return new Call(() -> {
        HttpExecuteResponse r = real.call();
        byte[] body = r.responseBody().isPresent() ? readAll(r.responseBody().get()) : new byte[0];
        Exchange e = new Exchange(target, r.httpResponse().statusCode(), r.httpResponse().headers(), body);
        synchronized (this) {
          exchanges.add(e);
        }
        return response(e);
      }, real::abort);
    }
    return new Call(() -> {
      Exchange e;
      synchronized (this) {
        e = exchanges.get(next);
        next = (next + 1) % exchanges.size();
      }
      if (!e.target().equals(target)) {
        throw new IllegalStateException("replay expected " + e.target() + " but the handler sent " + target);
      }
      return response(e);
    }, () -> { });
  }

  private static HttpExecuteResponse response(Exchange e) {
    SdkHttpResponse http = SdkHttpFullResponse.builder().statusCode(e.status()).headers(e.headers()).build();
    return HttpExecuteResponse.builder().response(http)
        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(e.body()))).build();
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  @Override
  public String clientName() {
    return "Replay";
  }

  @Override
  public void close() {
    if (delegate != null) {
      delegate.close();
    }
  }

  /** The body of a call; may throw IOException like a real exchange. */
  private interface Exchanger {
    HttpExecuteResponse call() throws IOException;
  }

  private record Call(Exchanger exchanger, Runnable onAbort) implements ExecutableHttpRequest {
    @Override
    public HttpExecuteResponse call() throws IOException {
      return exchanger.call();
    }

    @Override
    public void abort() {
      onAbort.run();
    }
  }
}
