package dev.monotable.infra;

import dev.monotable.forge.Forge;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.cdk.DomainStack;
import dev.monotable.kit.cdk.StageSettings;

import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import io.github.cdklabs.cdknag.NagPackProps;
import java.nio.file.Files;
import java.nio.file.Path;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.Tags;
import software.constructs.Node;

/**
 * Entry point of {@code cdk synth/deploy} (see cdk.json). Reads the stage from context, adds one
 * {@link DomainStack} per domain (Forge's: {@value #FORGE_STACK}) and runs the cdk-nag
 * AwsSolutions checks over them.
 */
public final class MonotableApp {

  /** Context key overriding where the Lambda jar is looked for. */
  public static final String CTX_FUNCTIONS_JAR = "functionsJar";

  /** The shaded jar of the functions module, relative to the repository root. */
  public static final String FUNCTIONS_JAR = "functions/forge/target/monotable-forge-lambda.jar"; // = Forge.DOMAIN.lambdaJar()

  /** Construct id of Forge's stack: {@code cdk deploy ForgeStack} deploys it alone. */
  public static final String FORGE_STACK = "ForgeStack";

  /** The package of Forge's handlers; its subpackages are the API areas. */
  public static final String FORGE_HANDLERS = "dev.monotable.forge.functions";

  private MonotableApp() {}

  public static void main(String[] args) {
    App app = new App();
    configure(app);
    app.synth();
  }

  /** Adds the stage's stack and the checks to {@code app}; the tests use this exact path. */
  public static DomainStack configure(App app) {
    StageSettings settings = StageSettings.fromContext(app.getNode());
    DomainStack stack = new DomainStack(app, FORGE_STACK, DomainStack.props()
        .domain(Forge.DOMAIN)
        .handlerPackage(FORGE_HANDLERS)
        .settings(settings)
        // Forge's stack keeps the name it was first deployed under, so a deployed table is never
        // replaced; a new domain gets DomainStack's default, Monotable-<Domain>-<stage>.
        .stackName(settings.stackName())
        .functionsJar(functionsJar(app.getNode()))
        .build());
    // Every other domain: its own stack, table and Lambda jar (scripts/new-domain adds its line here).
    domainStack(app, settings, "DevicesStack", dev.monotable.devices.Devices.DOMAIN);
    domainStack(app, settings, "BlogStack", dev.monotable.blog.Blog.DOMAIN);
    domainStack(app, settings, "ShopStack", dev.monotable.shop.Shop.DOMAIN);
    domainStack(app, settings, "SocialStack", dev.monotable.social.Social.DOMAIN);
    domainStack(app, settings, "SaasStack", dev.monotable.saas.Saas.DOMAIN);
    // new-domain: stacks
    Tags.of(app).add("project", "monotable");
    Tags.of(app).add("stage", settings.stage());
    Aspects.of(app).add(new AwsSolutionsChecks(NagPackProps.builder().verbose(true).build()));
    return stack;
  }

  /**
   * The stack of a domain other than Forge: {@code cdk deploy <id>} deploys it alone, under the
   * stack name {@code Monotable-<Domain>-<stage>}, from its own Lambda jar
   * ({@link Domain#lambdaJar()}, built by its shade execution).
   */
  static DomainStack domainStack(App app, StageSettings settings, String id, Domain domain) {
    String pkg = domain.name().toLowerCase(java.util.Locale.ROOT);
    return new DomainStack(app, id, DomainStack.props()
        .domain(domain)
        .handlerPackage("dev.monotable." + pkg + ".functions")
        .settings(settings)
        .functionsJar(repositoryRoot().resolve(domain.lambdaJar()))
        .build());
  }

  /**
   * The Lambda jar: the {@value #CTX_FUNCTIONS_JAR} context value if given, else
   * {@value #FUNCTIONS_JAR} under the repository root, found by walking up from the working
   * directory to the folder holding cdk.json (the CLI runs in the root, Maven's tests in infra/).
   */
  public static Path functionsJar(Node node) {
    Object override = node.tryGetContext(CTX_FUNCTIONS_JAR);
    if (override != null && !override.toString().isBlank()) {
      return Path.of(override.toString()).toAbsolutePath().normalize();
    }
    return repositoryRoot().resolve(FUNCTIONS_JAR);
  }

  /** The nearest folder at or above the working directory that holds cdk.json. */
  public static Path repositoryRoot() {
    Path start = Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("cdk.json")) && Files.isDirectory(dir.resolve("functions"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no cdk.json at or above " + start
        + "; run from the repository or pass -c " + CTX_FUNCTIONS_JAR + "=<path to the Lambda jar>");
  }
}
