package dev.monotable.kit.local;

import dev.monotable.kit.http.ErrorMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Local pages served on their own, without a domain's API: {@code scripts/explore --web} on any
 * table the operator tools reach. Loopback only, like the local API.
 */
public final class LocalPagesServer implements AutoCloseable {
  private static final int MAX_BODY = 1024 * 1024;
  private final LocalHttpServer server;

  private LocalPagesServer(LocalHttpServer server) {
    this.server = server;
  }

  /** Serves the pages on 127.0.0.1:port (0 picks a free port). */
  public static LocalPagesServer start(int port, List<LocalPages> pages) throws IOException {
    return new LocalPagesServer(LocalHttpServer.start(port, r -> {
      LocalHttpServer.Response answer = LocalApi.servePage(pages, r);
      return answer != null ? answer : error(404, "not_found", "no page at " + r.rawPath());
    }, LocalPagesServer::error, MAX_BODY));
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.port();
  }

  @Override
  public void close() {
    server.close();
  }

  private static LocalHttpServer.Response error(int status, String code, String message) {
    String body = ErrorMapper.error(status, code, message, null).toEvent().getBody();
    return new LocalHttpServer.Response(status, Map.of("content-type", "application/json"),
        body.getBytes(StandardCharsets.UTF_8));
  }
}
