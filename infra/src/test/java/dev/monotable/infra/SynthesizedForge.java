package dev.monotable.infra;

import dev.monotable.kit.cdk.DomainStack;
import dev.monotable.kit.cdk.StageSettings;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Template;

/**
 * The production-like stage synthesized once per test JVM and shared by every infra test class:
 * loading aws-cdk-lib and synthesizing ~40 functions costs far more than all assertions together.
 * It goes through {@link MonotableApp#configure} (the CLI's own path, cdk-nag included) with the
 * feature flags of the root cdk.json, a fixed dummy account and region, and writes the cloud
 * assembly to target/cdk-test.out for the cfn-lint test.
 */
public final class SynthesizedForge {

  static final String ACCOUNT = "123456789012";
  static final String REGION = "us-east-1";
  static final String STAGE = "prod";

  private static SynthesizedForge instance;

  final App app;
  final DomainStack stack;
  final Path outdir;
  private final Map<String, Template> templates = new LinkedHashMap<>();
  private final Map<String, Stack> stacks = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> json = new LinkedHashMap<>();

  private static RuntimeException failure;

  public static synchronized SynthesizedForge get() {
    // A failed synthesis (e.g. a cdk-nag error fails validation) is reported once, then rethrown
    // to every other test instead of synthesizing again.
    if (failure != null) {
      throw new IllegalStateException("synthesis failed earlier in this JVM", failure);
    }
    if (instance == null) {
      try {
        instance = new SynthesizedForge();
      } catch (RuntimeException e) {
        failure = e;
        throw e;
      }
    }
    return instance;
  }

  private SynthesizedForge() {
    long start = System.nanoTime();
    Map<String, Object> context = new LinkedHashMap<>(cdkJsonContext());
    context.put(StageSettings.CTX_STAGE, STAGE);
    context.put(StageSettings.CTX_ACCOUNT, ACCOUNT);
    context.put(StageSettings.CTX_REGION, REGION);
    this.outdir = moduleDir().resolve("target/cdk-test.out");
    deleteRecursively(outdir);
    this.app = new App(AppProps.builder()
        .context(context)
        .outdir(outdir.toString())
        // No CDKMetadata resource: its content changes with the library, not with our code.
        .analyticsReporting(false)
        .build());
    this.stack = MonotableApp.configure(app);
    app.synth();
    stacks.put(stack.getStackName(), stack);
    stack.getRouteStacks().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> stacks.put(stack.getStackName() + "-" + e.getValue().getNode().getId(), e.getValue()));
    if (stack.getStreamsStack() != null) {
      stacks.put(stack.getStackName() + "-" + stack.getStreamsStack().getNode().getId(), stack.getStreamsStack());
    }
    for (Map.Entry<String, Stack> e : stacks.entrySet()) {
      Template template = Template.fromStack(e.getValue());
      templates.put(e.getKey(), template);
      @SuppressWarnings("unchecked")
      Map<String, Object> asJson = (Map<String, Object>) (Map<?, ?>) template.toJSON();
      json.put(e.getKey(), java.util.Collections.unmodifiableMap(asJson));
    }
    System.out.printf("SynthesizedForge: %d templates in %.1f s%n", templates.size(),
        (System.nanoTime() - start) / 1e9);
  }

  /** Templates by stable name: the stack name, and stack name + "-" + nested stack id. */
  Map<String, Template> templates() {
    return templates;
  }

  Template root() {
    return templates.get(stack.getStackName());
  }

  /** The template of the stream consumers' nested stack. */
  Template streams() {
    return templates.get(stack.getStackName() + "-" + stack.getStreamsStack().getNode().getId());
  }

  /** The template of a route area's nested stack, e.g. "users". */
  Template area(String area) {
    Stack nested = stack.getRouteStacks().get(area);
    return templates.get(stack.getStackName() + "-" + nested.getNode().getId());
  }

  /** Template JSON of every stack, by stable name; converted once (each toJSON is a jsii round trip). */
  Map<String, Map<String, Object>> json() {
    return json;
  }

  /**
   * The parameter of nested template {@code templateName} that carries
   * {@code GetAtt rootLogicalId.attribute} (or {@code Ref rootLogicalId} when attribute is null)
   * from the root stack.
   */
  String parameterFor(String templateName, String rootLogicalId, String attribute) {
    Map<String, Object> root = json().get(stack.getStackName());
    List<software.amazon.awscdk.NestedStack> nested = new ArrayList<>(stack.getRouteStacks().values());
    if (stack.getStreamsStack() != null) {
      nested.add(stack.getStreamsStack());
    }
    String nestedId = nested.stream()
        .filter(s -> templateName.equals(stack.getStackName() + "-" + s.getNode().getId()))
        .map(s -> stack.resolve(s.getNestedStackResource().getLogicalId()).toString())
        .findFirst().orElseThrow(() -> new AssertionError("not a nested template: " + templateName));
    Map<String, Object> parameters = Json.map(Json.props(Json.resources(root).get(nestedId)).get("Parameters"));
    for (Map.Entry<String, Object> p : parameters.entrySet()) {
      Object v = p.getValue();
      boolean matches = attribute == null
          ? Json.isRef(v, rootLogicalId)
          : v instanceof Map<?, ?> m && List.of(rootLogicalId, attribute).equals(m.get("Fn::GetAtt"));
      if (matches) {
        return p.getKey();
      }
    }
    throw new AssertionError(templateName + " receives no parameter for " + rootLogicalId + "." + attribute);
  }

  /** Every *.template.json file of the cloud assembly. */
  List<Path> templateFiles() {
    try (Stream<Path> files = Files.list(outdir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".template.json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** infra/ (Surefire's working directory and ${basedir}). */
  static Path moduleDir() {
    return Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
  }

  static Map<String, Object> cdkJsonContext() {
    Path cdkJson = MonotableApp.repositoryRoot().resolve("cdk.json");
    try {
      Map<String, Object> config = new ObjectMapper().readValue(cdkJson.toFile(), new TypeReference<>() {});
      @SuppressWarnings("unchecked")
      Map<String, Object> context = (Map<String, Object>) config.get("context");
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      List<Path> all = new ArrayList<>(paths.sorted(Comparator.reverseOrder()).toList());
      for (Path p : all) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
