package dev.monotable.infra;

import static dev.monotable.infra.Json.findAll;
import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.infra.constructs.ForgeTable;
import dev.monotable.infra.constructs.StreamHandlerDeclaration;
import dev.monotable.infra.constructs.StreamHandlerFunction;
import dev.monotable.shared.catalog.DynamoAction;
import io.github.cdklabs.cdknag.AwsSolutionsChecks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Aspects;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Annotations;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;
import software.amazon.awscdk.services.lambda.Code;

/**
 * The seam for the coming stream consumers, exercised with a dummy declaration in its own small
 * app: nothing of it is deployed by default.
 */
class StreamHandlerFunctionTest {

  private static final StreamHandlerDeclaration DUMMY = StreamHandlerDeclaration
      .builder("dev.monotable.functions.streams.DummyHandler")
      .itemTypes("Issue", "PullRequest")
      .eventNames("INSERT", "REMOVE")
      .batchSize(25)
      .retryAttempts(2)
      .actions(DynamoAction.UPDATE_ITEM)
      .build();

  private static Template template;
  private static Stack stack;

  @BeforeAll
  static void synth() {
    SynthesizedForge forge = SynthesizedForge.get();
    App app = new App();
    stack = new Stack(app, "StreamSeam", StackProps.builder()
        .env(Environment.builder().account(SynthesizedForge.ACCOUNT).region(SynthesizedForge.REGION).build())
        .build());
    ForgeTable table = new ForgeTable(stack, "Data", ForgeTable.props().build());
    new StreamHandlerFunction(stack, "Dummy", StreamHandlerFunction.props()
        .declaration(DUMMY)
        .table(table.getTable())
        .code(Code.fromAsset(MonotableApp.functionsJar(forge.app.getNode()).toString()))
        .build());
    Aspects.of(app).add(new AwsSolutionsChecks());
    template = Template.fromStack(stack);
  }

  @Test
  void defaultStack_shouldDeployNoStreamConsumer_whenNoDeclarationExists() {
    SynthesizedForge forge = SynthesizedForge.get();
    assertEquals(List.of(), StreamHandlers.DECLARATIONS);
    assertEquals(List.of(), forge.stack.getStreamHandlers());
    forge.templates().values().forEach(t -> t.resourceCountIs("AWS::Lambda::EventSourceMapping", 0));
  }

  @Test
  void mapping_shouldApplyDeclarationToTheAlias_whenDeclared() {
    template.resourceCountIs("AWS::Lambda::EventSourceMapping", 1);
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", Map.of(
        "EventSourceArn", Match.objectLike(Map.of("Fn::GetAtt", Match.arrayWith(List.of("StreamArn")))),
        "StartingPosition", "TRIM_HORIZON",
        "BatchSize", 25,
        "BisectBatchOnFunctionError", true,
        "MaximumRetryAttempts", 2,
        "FunctionResponseTypes", List.of("ReportBatchItemFailures"),
        "DestinationConfig", Map.of("OnFailure", Map.of("Destination",
            Match.objectLike(Map.of("Fn::GetAtt", Match.arrayWith(List.of("Arn")))))),
        "FilterCriteria", Map.of("Filters", List.of(
            Map.of("Pattern", Match.serializedJson(Map.of("eventName", List.of("INSERT"),
                "dynamodb", Map.of("NewImage", Map.of("Type", Map.of("S", List.of("Issue", "PullRequest"))))))),
            Map.of("Pattern", Match.serializedJson(Map.of("eventName", List.of("REMOVE"),
                "dynamodb", Map.of("OldImage", Map.of("Type", Map.of("S", List.of("Issue", "PullRequest")))))))))));
    // The mapping invokes the live alias (SnapStart), never $LATEST.
    @SuppressWarnings("unchecked")
    Map<String, Object> json = (Map<String, Object>) (Map<?, ?>) template.toJSON();
    Object functionName = props(resources(json, "AWS::Lambda::EventSourceMapping").values().iterator().next())
        .get("FunctionName");
    assertTrue(String.valueOf(functionName).contains(":live"), String.valueOf(functionName));
  }

  @Test
  void role_shouldReadOnlyTheStreamAndWriteOnlyDeclaredActions_whenDeclared() {
    @SuppressWarnings("unchecked")
    Map<String, Object> json = (Map<String, Object>) (Map<?, ?>) template.toJSON();
    // Allow statements only: the queue's enforce-TLS policy denies sqs:* by design.
    List<String> actions = new ArrayList<>();
    findAll(json, "Statement").forEach(statements -> list(statements).forEach(s -> {
      if ("Allow".equals(Json.map(s).get("Effect"))) {
        list(Json.map(s).get("Action")).forEach(x -> actions.add(String.valueOf(x)));
      }
    }));

    assertTrue(actions.containsAll(List.of("dynamodb:DescribeStream", "dynamodb:GetRecords",
        "dynamodb:GetShardIterator", "dynamodb:UpdateItem")), actions.toString());
    assertTrue(actions.stream().noneMatch(a -> a.contains("*")), actions.toString());
    assertTrue(actions.stream().filter(a -> a.startsWith("dynamodb:"))
        .allMatch(a -> List.of("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator",
            "dynamodb:ListStreams", "dynamodb:UpdateItem").contains(a)), actions.toString());
    assertEquals(1, resources(json, "AWS::SQS::Queue").size());
    resources(json, "AWS::Lambda::Function").values()
        .forEach(f -> assertEquals(Map.of("ApplyOn", "PublishedVersions"), props(f).get("SnapStart")));
  }

  @Test
  void awsSolutions_shouldReportNoErrors_whenStreamSeamIsSynthesized() {
    assertEquals(List.of(), NagTest.describe(Annotations.fromStack(stack)
        .findError("*", Match.stringLikeRegexp("AwsSolutions-.*"))));
  }

  @Test
  void declaration_shouldFailSynthesis_whenBatchSizeIsOutOfRange() {
    SynthesizedForge forge = SynthesizedForge.get();
    App app = new App();
    Stack bad = new Stack(app, "BadSeam");
    ForgeTable table = new ForgeTable(bad, "Data", ForgeTable.props().build());
    new StreamHandlerFunction(bad, "Bad", StreamHandlerFunction.props()
        .declaration(StreamHandlerDeclaration.builder("dev.monotable.functions.streams.Bad")
            .itemTypes("Issue").batchSize(0).build())
        .table(table.getTable())
        .code(Code.fromAsset(MonotableApp.functionsJar(forge.app.getNode()).toString()))
        .build());

    RuntimeException e = assertThrows(RuntimeException.class, app::synth);
    assertTrue(e.getMessage().contains("batchSize"), e.getMessage());
  }

  @Test
  void problems_shouldRejectUnfilteredConsumer_whenNoItemTypeIsGiven() {
    List<String> problems = StreamHandlerDeclaration.builder("dev.monotable.functions.streams.All").build().problems();

    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("itemTypes"));
  }
}
