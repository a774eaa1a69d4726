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
  // AOT caches trained in this run, one per JVM and subject (a function has its own), deleted by close().
  private final Map<String, Training> caches = new HashMap<>();
  private Path cacheDir;
  private String probeJars;
  private static final String API_EVENT_HOME = classpathEntryOf(ApiEvent.class);
  private final Map<String, String> environment;
  private final S services;
  /** The domain's services class the kit's handlers build ({@code MONOTABLE_SERVICES}), or null: the services'. */
  private String servicesClass;

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

  /**
   * A JVM the cold starts run on: a java executable, and whether each subject's runs use an
   * ahead-of-time cache (Java 25's {@code -XX:AOTCache}, JEP 483/514/515) made first by one
   * training run of that subject with the same flags ({@code -XX:AOTCacheOutput}), as a build
   * would make it for each function. The timed runs set {@code -XX:AOTMode=on}, so a cache the JVM
   * cannot use fails the run instead of being measured as a run without one.
   */
  public record Jvm(String java, boolean aot) {
    /** The key of this JVM in the report: the java path, plus {@code + AOT cache}. */
    public String key() {
      return aot ? java + AOT_SUFFIX : java;
    }
  }

  /** What {@link Jvm#key()} appends for a JVM with an AOT cache. */
  public static final String AOT_SUFFIX = " + AOT cache";

  /** One subject's AOT cache: the file, its size, and the training run's wall time (cache written). */
  public record Training(Path cache, long bytes, long nanos) {}

  public record Result(Jvm jvm, BenchCase<?> benchCase, List<Run> runs, ClassCounts classes, Training training,
      String failure) {
    /** The JVM's key ({@link Jvm#key()}). */
    public String java() {
      return jvm.key();
    }

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

  /**
   * {@code runs} timed cold starts of the case's handler on each JVM, alternated run by run (JVM A,
   * B, A, B...) so machine noise falls on every JVM alike, after each JVM's training run where it
   * has an AOT cache; then one run per JVM with the class-load log.
   */
  public List<Result> measure(List<Jvm> jvms, BenchCase<S> c, int runs) {
    Subject subject = monotable(c, Map.of());
    Map<Jvm, List<Run>> timed = new java.util.LinkedHashMap<>();
    Map<Jvm, Training> trained = new HashMap<>();
    jvms.forEach(j -> timed.put(j, new ArrayList<>()));
    try {
      for (Jvm j : jvms) {
        trained.put(j, train(j, subject, c));
      }
      for (int r = 0; r < runs; r++) {
        for (Jvm j : jvms) {
          timed.get(j).add(run(j, subject, c, null));
        }
      }
      List<Result> results = new ArrayList<>();
      for (Jvm j : jvms) {
        results.add(new Result(j, c, timed.get(j), classes(j, subject, c), trained.get(j), null));
      }
      return results;
    } catch (IOException | RuntimeException e) {
      return jvms.stream().map(j -> new Result(j, c, timed.get(j), null, trained.get(j), e.getMessage())).toList();
    }
  }

  /**
   * The subject's AOT cache on {@code jvm}, made by one training run the first time (null when the
   * JVM runs without one). The training run answers a request like any other; it is not timed.
   */
  public Training train(Jvm jvm, Subject subject, BenchCase<S> c) throws IOException {
    if (!jvm.aot()) {
      return null;
    }
    String key = jvm.java() + "|" + subject.name() + "|" + subject.handlerClass();
    Training known = caches.get(key);
    if (known != null) {
      return known;
    }
    Path cache = cacheDir().resolve(subject.name() + "-" + subject.handlerClass() + "-" + caches.size() + ".aot");
    long started = System.nanoTime();
    run(jvm.java(), List.of("-XX:AOTCacheOutput=" + cache), subject, c, null);
    long took = System.nanoTime() - started;
    if (!Files.isRegularFile(cache)) {
      throw new IllegalStateException(subject.handlerClass() + ": the training run wrote no AOT cache (a folder on "
          + "the class path? the JVM writes one only when every entry is a jar)");
    }
    Training t = new Training(cache, Files.size(cache), took);
    caches.put(key, t);
    return t;
  }

  /** Deletes the AOT caches this instance trained and its probe jar. */
  public void deleteCaches() {
    if (cacheDir == null) {
      return;
    }
    try (var files = Files.list(cacheDir)) {
      for (Path f : files.toList()) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(cacheDir);
    } catch (IOException e) {
      // temporary files: left for the OS
    }
    caches.clear();
    probeJars = null;
    cacheDir = null;
  }

  private Path cacheDir() throws IOException {
    if (cacheDir == null) {
      cacheDir = Files.createTempDirectory("monotable-bench-cold-");
    }
    return cacheDir;
  }

  /**
   * The probe's class path after the subject's jar, jars only: a Java 25 JVM writes an AOT cache
   * only when every class path entry is a jar, and every JVM of a run gets the same class path so
   * that the cache is the only difference. A classes folder is packed once into a temporary jar.
   */
  private String probeClassPath() throws IOException {
    if (probeJars == null) {
      probeJars = jarOf(probeClasses, "probe.jar") + File.pathSeparator + jarOf(Path.of(API_EVENT_HOME), "events.jar");
    }
    return probeJars;
  }

  private Path jarOf(Path entry, String name) throws IOException {
    if (!Files.isDirectory(entry)) {
      return entry;
    }
    Path jarFile = cacheDir().resolve(name);
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jarFile));
        var walk = Files.walk(entry)) {
      for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new java.util.jar.JarEntry(entry.relativize(f).toString().replace(File.separatorChar, '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
    return jarFile;
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

  /**
   * Cold starts of routes the kit serves build {@code domain}'s services (for a probe made without
   * services: with them, their domain's).
   */
  public ColdStart<S> servedBy(dev.monotable.kit.domain.Domain domain) {
    this.servicesClass = domain.servicesClass();
    return this;
  }

  /**
   * The Monotable handler of a case, from the Lambda jar, with {@code extra} environment; a route the
   * kit serves is told its route and its domain's services as infra tells its function
   * ({@code MONOTABLE_ROUTE}, {@code MONOTABLE_SERVICES}).
   */
  public Subject monotable(BenchCase<S> c, Map<String, String> extra) {
    Map<String, String> env = new HashMap<>(extra);
    if (c.endpoint().servedByKit()) {
      String cls = servicesClass != null ? servicesClass : services != null ? services.domain().servicesClass() : null;
      if (cls == null) {
        throw new IllegalStateException(c.endpoint().routeKey() + " is served by the kit: give the probe its domain "
            + "(servedBy) or services");
      }
      env.put(Env.MONOTABLE_SERVICES, cls);
      env.put(Env.MONOTABLE_ROUTE, c.endpoint().routeKey());
    }
    return new Subject("Monotable", jar, c.endpoint().handlerClass(), env);
  }

  /** One timed cold start of {@code subject} answering the case's next request ({@link #train} first). */
  public Run timed(Jvm jvm, Subject subject, BenchCase<S> c) throws IOException {
    return run(jvm, subject, c, null);
  }

  /** Classes loaded from JVM start to the first answer, from one run with the class-load log. */
  public ClassCounts classes(Jvm jvm, Subject subject, BenchCase<S> c) throws IOException {
    Path log = Files.createTempFile("monotable-bench-classes-", ".log");
    try {
      run(jvm, subject, c, log);
      return countClasses(Files.readAllLines(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private Run run(Jvm jvm, Subject subject, BenchCase<S> c, Path classLog) throws IOException {
    List<String> flags = List.of();
    if (jvm.aot()) {
      Training t = train(jvm, subject, c);
      flags = List.of("-XX:AOTCache=" + t.cache(), "-XX:AOTMode=on");
    }
    return run(jvm.java(), flags, subject, c, classLog);
  }

  private Run run(String java, List<String> extraFlags, Subject subject, BenchCase<S> c, Path classLog)
      throws IOException {
    Endpoint e = c.endpoint();
    BenchRequest request = c.next(services);
    List<String> cmd = new ArrayList<>();
    cmd.add(java);
    // -Xshare:auto is what the JVM does anyway, but named on the command line it refuses -XX:AOTCache
    // and -XX:AOTCacheOutput ("cannot be used at the same time with -Xshare:auto"): a run with a cache
    // leaves it out (the cache holds the JDK's classes too).
    boolean aot = extraFlags.stream().anyMatch(f -> f.startsWith("-XX:AOTCache"));
    LAMBDA_FLAGS.stream().filter(f -> !(aot && f.equals("-Xshare:auto"))).forEach(cmd::add);
    cmd.addAll(extraFlags);
    if (classLog != null) {
      cmd.add("-Xlog:class+load=info:file=" + classLog);
    }
    cmd.add("-cp");
    // The probe builds its event with ApiEvent, which the Lambda jar leaves out (a deployed function
    // gets its events from API Gateway): it comes from the classpath entry that holds it here,
    // after the jar, so every class the jar does hold still loads from the jar.
    cmd.add(subject.jar() + File.pathSeparator + probeClassPath());
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

  /** The feature release of a java executable ({@code 17}, {@code 25}) from {@code java -version}; 0 when unknown. */
  public static int featureVersion(String executable) {
    String v = Report.command(Path.of("").toAbsolutePath(), executable, "-version");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("version \"(?:1\\.)?(\\d+)").matcher(v);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** The directory or jar a class was loaded from in this JVM. */
  /** Where the probe's classes are (this module's jar or classes folder): the cold JVM's class path after the subject's jar. */
  public static Path probeClasses() {
    return Path.of(classpathEntryOf(ColdStartProbe.class));
  }

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
