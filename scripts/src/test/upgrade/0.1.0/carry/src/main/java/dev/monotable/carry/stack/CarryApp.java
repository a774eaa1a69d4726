package dev.monotable.carry.stack;

import dev.monotable.carry.Carry;
import dev.monotable.kit.cdk.DomainStack;
import dev.monotable.kit.cdk.StageSettings;
import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import io.github.cdklabs.cdknag.NagPackProps;
import java.nio.file.Path;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.Tags;

/**
 * The CDK app of Carry ({@code cdk.json}, or {@code mvn exec:exec@synth} offline): one
 * {@link DomainStack} with the table, one Lambda function per route from the Lambda jar this
 * project builds, the HTTP API and the alarms, checked by cdk-nag's AwsSolutions rules.
 */
public final class CarryApp {

  /** {@code cdk deploy CarryStack} deploys it; it is named {@code Monotable-Carry-<stage>}. */
  public static final String STACK = "CarryStack";

  /** The Lambda jar {@code mvn package} writes (the shade plugin's execution {@code lambda}). */
  public static final Path LAMBDA_JAR = Path.of("target", "carry-lambda.jar");

  private CarryApp() {}

  public static void main(String[] args) {
    App app = new App();
    StageSettings settings = StageSettings.fromContext(app.getNode());
    new DomainStack(app, STACK, DomainStack.props()
        .domain(Carry.DOMAIN)
        .handlerPackage("dev.monotable.carry.functions")
        .settings(settings)
        .functionsJar(LAMBDA_JAR.toAbsolutePath())
        .build());
    Tags.of(app).add("domain", "carry");
    Tags.of(app).add("stage", settings.stage());
    Aspects.of(app).add(new AwsSolutionsChecks(NagPackProps.builder().verbose(true).build()));
    app.synth();
  }
}
