package dev.monotable.kit.bench;

import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.http.DomainServices;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Cold starts: each run is a fresh JVM on the Lambda jar ({@link ColdStartProbe}), started with
 * the flags of Lambda's java21 runtime at the stack's 1024 MB, timed from process spawn to the
 * handler constructed and through the first invocation. One extra run per handler logs class
 * loading ({@code -Xlog:class+load}) to count the classes each phase loads; it is not timed, as
 * the log itself slows the JVM down.
 *
 * @param <S> the domain's services, for the fixtures' unmeasured setup in the parent JVM
 */
public final class ColdStart<S extends DomainServices> {
  /**
   * The java21 runtime's command line (heap 85% of the function's memory, serial GC, class data
   * sharing, C1 only via the stack's JAVA_TOOL_OPTIONS), minus its runtime client and agent.
   */
  public static final List<String> LAMBDA_FLAGS = List.of("-XX:MaxHeapSize=870m", "-XX:+UseSerialGC",
      "-Xshare:auto", "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1", "--add-opens=java.base/java.io=ALL-UNNAMED",
      "-Djava.net.preferIPv4Stack=true", "-XX:+ErrorFileToStderr");

  private final Path jar;
  private final Path probeClasses;
  private static final String API_EVENT_HOME = classpathEntryOf(ApiEvent.class);
  private final Map<String, String> environment;
  private final S services;

  /**
   * One timed run: phases in nanoseconds (epoch clock, so spawn and child stamps compare);
   * {@code toAnswerNanos} runs from process spawn to the first invocation's return.
   */
  public record Run(long bootNanos, long initNanos, long firstInvocationNanos, int status, long toAnswerNanos) {
    public long toConstructedNanos() {
      return bootNanos + initNanos;
    }
  }

  /** Classes loaded up to the handler constructed (JVM boot included), and by the first invocation. */
  public record ClassCounts(int beforeInvocation, int beforeInvocationFromJar, int firstInvocation,
      int firstInvocationFromJar) {}

  public record Result(String java, BenchCase<?> benchCase, List<Run> runs, ClassCounts classes, String failure) {
    public long[] phase(java.util.function.ToLongFunction<Run> f) {
      return runs.stream().mapToLong(f).toArray();
    }
  }

  /**
   * @param services the parent's services, for the fixtures' unmeasured setup
   * @param endpoint DynamoDB endpoint the child JVMs use
   */
  public ColdStart(Path jar, Path probeClasses, String endpoint, String table, String cursorSecret, String region,
      S services) {
    this.jar = jar;
    this.probeClasses = probeClasses;
    this.services = services;
    this.environment = new HashMap<>();
    environment.put(Env.TABLE_NAME, table);
    environment.put(Env.DYNAMODB_ENDPOINT, endpoint);
    environment.put(Env.CURSOR_SECRET, cursorSecret);
    environment.put(Env.AWS_REGION, region);
  }

  /** {@code runs} timed cold starts of the case's handler, then one with the class-load log. */
  public Result measure(String java, BenchCase<S> c, int runs) {
    List<Run> timed = new ArrayList<>();
    try {
      for (int r = 0; r < runs; r++) {
        timed.add(run(java, c, null));
      }
      Path log = Files.createTempFile("monotable-bench-classes-", ".log");
      try {
        run(java, c, log);
        return new Result(java, c, timed, countClasses(Files.readAllLines(log, StandardCharsets.UTF_8)), null);
      } finally {
        Files.deleteIfExists(log);
      }
    } catch (IOException | RuntimeException e) {
      return new Result(java, c, timed, null, e.getMessage());
    }
  }

  /**
   * What a cold JVM runs: a jar, the handler class built with its no-argument constructor, and
   * environment variables on top of the table's (TABLE_NAME, DYNAMODB_ENDPOINT, CURSOR_SECRET, AWS_REGION).
   */
  public record Subject(String name, Path jar, String handlerClass, Map<String, String> environment) {
    public Subject {
      environment = Map.copyOf(environment);
    }
  }

  /** The Monotable handler of a case, from the Lambda jar, with {@code extra} environment. */
  public Subject monotable(BenchCase<S> c, Map<String, String> extra) {
    return new Subject("Monotable", jar, c.endpoint().handlerClass(), extra);
  }

  /** One timed cold start of {@code subject} answering the case's next request. */
  public Run timed(String java, Subject subject, BenchCase<S> c) throws IOException {
    return run(java, subject, c, null);
  }

  /** Classes loaded from JVM start to the first answer, from one run with the class-load log. */
  public ClassCounts classes(String java, Subject subject, BenchCase<S> c) throws IOException {
    Path log = Files.createTempFile("monotable-bench-classes-", ".log");
    try {
      run(java, subject, c, log);
      return countClasses(Files.readAllLines(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private Run run(String java, BenchCase<S> c, Path classLog) throws IOException {
    return run(java, monotable(c, Map.of()), c, classLog);
  }

  private Run run(String java, Subject subject, BenchCase<S> c, Path classLog) throws IOException {
    Endpoint e = c.endpoint();
    BenchRequest request = c.next(services);
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    cmd.addAll(LAMBDA_FLAGS);
    if (classLog != null) {
      cmd.add("-Xlog:class+load=info:file=" + classLog);
    }
    cmd.add("-cp");
    // The probe builds its event with ApiEvent, which the Lambda jar leaves out (a deployed function
    // gets its events from API Gateway): it comes from the classpath entry that holds it here,
    // after the jar, so every class the jar does hold still loads from the jar.
    cmd.add(subject.jar() + File.pathSeparator + probeClasses + File.pathSeparator + API_EVENT_HOME);
    cmd.add(ColdStartProbe.class.getName());
    cmd.add(subject.handlerClass());
    cmd.add(e.method());
    cmd.add(e.path());
    cmd.addAll(request.toArgs());
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    // Nothing of the caller's JVM tuning or token settings leaks into the function's JVM.
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("_JAVA_OPTIONS");
    pb.environment().remove(Env.JWT_ISSUER);
    pb.environment().remove(Env.JWT_AUDIENCE);
    pb.environment().putAll(environment);
    pb.environment().putAll(subject.environment());
    long spawn = ColdStartProbe.epochNanos();
    Process p = pb.start();
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(e.handlerName() + ": the cold JVM did not exit within 60 s");
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IllegalStateException(ie);
    }
    String line = stderr.lines().filter(l -> l.startsWith(ColdStartProbe.PREFIX)).findFirst()
        .orElseThrow(() -> new IllegalStateException(e.handlerName() + ": no result from the cold JVM (exit "
            + p.exitValue() + "): " + stderr.strip()));
    Map<String, String> v = new HashMap<>();
    for (String kv : line.substring(ColdStartProbe.PREFIX.length()).trim().split(" ")) {
      int eq = kv.indexOf('=');
      v.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    int status = Integer.parseInt(v.get("status"));
    c.observe(status, "-".equals(v.get("etag")) ? null : v.get("etag"));
    if (status / 100 != 2) {
      throw new IllegalStateException(e.routeKey() + " answered " + status + " in the cold JVM");
    }
    long main = Long.parseLong(v.get("main"));
    long constructed = Long.parseLong(v.get("constructed"));
    long end = Long.parseLong(v.get("end"));
    return new Run(main - spawn, constructed - main, end - Long.parseLong(v.get("start")), status, end - spawn);
  }

  /** The directory or jar a class was loaded from in this JVM. */
  static String classpathEntryOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Splits a class-load log at the probe's marker classes. */
  static ClassCounts countClasses(List<String> log) {
    int before = 0;
    int beforeJar = 0;
    int first = 0;
    int firstJar = 0;
    int phase = 0;
    for (String l : log) {
      if (!l.contains("[class,load]")) {
        continue;
      }
      if (l.contains(ColdStartProbe.Constructed.class.getName() + " ")) {
        phase = 1;
        continue;
      }
      if (l.contains(ColdStartProbe.Invoked.class.getName() + " ")) {
        break;
      }
      boolean fromJar = l.contains(".jar");
      if (phase == 0) {
        before++;
        beforeJar += fromJar ? 1 : 0;
      } else {
        first++;
        firstJar += fromJar ? 1 : 0;
      }
    }
    if (phase == 0) {
      throw new IllegalStateException("class-load log without the probe's marker classes");
    }
    return new ClassCounts(before, beforeJar, first, firstJar);
  }
}
