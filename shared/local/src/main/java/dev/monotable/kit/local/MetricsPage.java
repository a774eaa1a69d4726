package dev.monotable.kit.local;

import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code GET /_local/metrics}: {@code scripts/metrics}'s rows as JSON ({@link MetricsReport#json}),
 * per access pattern of the current run, read from the file {@link MetricsLog} writes, for a page
 * (the explorer) or a script to show; {@code ?format=text} gives the table. Local only
 * ({@link LocalPages}).
 */
public final class MetricsPage implements LocalPages {
  /** The endpoint's path. */
  public static final String PATH = "/_local/metrics";

  private final Path file;

  /** The metrics of {@code file}, as {@link MetricsLog} writes it. */
  public MetricsPage(Path file) {
    this.file = file;
  }

  @Override
  public String title() {
    return "metrics";
  }

  @Override
  public String entryPath() {
    return PATH;
  }

  @Override
  public boolean serves(String path) {
    return PATH.equals(path);
  }

  @Override
  public Response serve(Request request) {
    if (!"GET".equals(request.method())) {
      return Response.json(405, "{\"error\":{\"code\":\"method_not_allowed\",\"message\":\"GET only\"}}");
    }
    List<MetricsReport.Row> rows;
    try {
      rows = Files.isRegularFile(file) ? MetricsReport.rows(MetricsReport.read(file)) : List.of();
    } catch (IOException e) {
      return Response.json(500, "{\"error\":{\"code\":\"internal\",\"message\":\"cannot read the metrics file\"}}");
    }
    if ("text".equals(request.param("format"))) {
      return new Response(200, "text/plain; charset=utf-8",
          (MetricsReport.table(rows) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return Response.json(200, Json.write(MetricsReport.json(rows)));
  }
}
