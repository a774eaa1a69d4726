package dev.monotable.infra;

import static dev.monotable.infra.Json.findAll;
import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cdk.SingleTable;
import dev.monotable.kit.cdk.StreamHandlerFunction;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.forge.Forge;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
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
 * The stream consumers: the four of the stream catalog as the production-like stage deploys them,
 * and the construct itself exercised with a dummy declaration in its own small app.
 */
class StreamHandlerFunctionTest {

  private static final StreamHandlerDeclaration DUMMY = StreamHandlerDeclaration
      .builder("dev.monotable.forge.functions.streams.DummyHandler")
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
    SingleTable table = new SingleTable(stack, "Data", SingleTable.props().schema(Forge.SCHEMA).build());
    new StreamHandlerFunction(stack, "Dummy", StreamHandlerFunction.props()
        .declaration(DUMMY)
        .table(table.getTable())
        .code(Code.fromAsset(MonotableApp.functionsJar(forge.app.getNode()).toString()))
        .build());
    Aspects.of(app).add(new AwsSolutionsChecks());
    template = Template.fromStack(stack);
  }

  @Test
  void defaultStack_shouldDeployOneConsumerPerStreamDeclaration_inTheStreamsStack() {
    SynthesizedForge forge = SynthesizedForge.get();
    assertEquals(Forge.DOMAIN.streams().size(), forge.stack.getStreamHandlers().size());
    Template streams = forge.streams();
    streams.resourceCountIs("AWS::Lambda::EventSourceMapping", 4);
    streams.resourceCountIs("AWS::Lambda::Function", 4);
    streams.resourceCountIs("AWS::SQS::Queue", 4);
    // Only the Streams stack consumes the stream.
    forge.templates().forEach((name, t) -> {
      if (t != streams) {
        t.resourceCountIs("AWS::Lambda::EventSourceMapping", 0);
      }
    });
  }

  @Test
  void deployedMappings_shouldCarryEachDeclarationsFiltersAndFailureHandling() {
    Map<String, Object> json = SynthesizedForge.get().json().entrySet().stream()
        .filter(e -> e.getKey().endsWith("-Streams")).findFirst().orElseThrow().getValue();
    Map<String, Map<String, Object>> functions = resources(json, "AWS::Lambda::Function");
    for (StreamHandlerDeclaration d : Forge.DOMAIN.streams()) {
      String functionId = functions.entrySet().stream()
          .filter(f -> (d.handlerClass() + "::handleRequest").equals(props(f.getValue()).get("Handler")))
          .map(Map.Entry::getKey).findFirst().orElseThrow(() -> new AssertionError("no function for " + d.stream()));
      assertEquals(60, props(functions.get(functionId)).get("Timeout"), d.stream());
      assertEquals(List.of("arm64"), props(functions.get(functionId)).get("Architectures"), d.stream());
      Map<String, Object> mapping = resources(json, "AWS::Lambda::EventSourceMapping").values().stream()
          .filter(m -> String.valueOf(props(m).get("FunctionName")).contains(d.handlerName() + "Alias"))
          .findFirst().orElseThrow(() -> new AssertionError("no mapping for " + d.stream()));
      Map<String, Object> p = props(mapping);
      assertEquals(List.of("ReportBatchItemFailures"), p.get("FunctionResponseTypes"), d.stream());
      assertEquals(true, p.get("BisectBatchOnFunctionError"), d.stream());
      assertEquals(3, p.get("MaximumRetryAttempts"), d.stream());
      assertEquals(86_400, p.get("MaximumRecordAgeInSeconds"), d.stream());
      assertEquals(100, p.get("BatchSize"), d.stream());
      assertEquals("TRIM_HORIZON", p.get("StartingPosition"), d.stream());
      assertTrue(String.valueOf(p.get("FunctionName")).contains(":live"), d.stream() + " must invoke the alias");
      assertTrue(String.valueOf(p.get("DestinationConfig")).contains("OnFailure"), d.stream());
      List<String> patterns = list(Json.map(p.get("FilterCriteria")).get("Filters")).stream()
          .map(f -> String.valueOf(Json.map(f).get("Pattern"))).toList();
      assertEquals(d.eventNames().size(), patterns.size(), d.stream());
      for (String pattern : patterns) {
        for (String type : d.itemTypes()) {
          assertTrue(pattern.contains("\"" + type + "\""), d.stream() + " filter lacks " + type + ": " + pattern);
        }
        assertEquals(d.ttlDeletionsOnly(), pattern.contains("\"userIdentity\""), d.stream() + ": " + pattern);
      }
    }
  }

  @Test
  void ttlConsumer_shouldOnlyReceiveRemovesByTheDynamoDbService() {
    StreamHandlerDeclaration st4 = Forge.DOMAIN.streams().get(3);
    Template streams = SynthesizedForge.get().streams();

    streams.hasResourceProperties("AWS::Lambda::EventSourceMapping", Map.of(
        "FilterCriteria", Map.of("Filters", List.of(Map.of("Pattern", Match.serializedJson(Map.of(
            "eventName", List.of("REMOVE"),
            "dynamodb", Map.of("OldImage", Map.of("Type", Map.of("S", List.of("Invitation")))),
            "userIdentity", Map.of("type", List.of("Service"), "principalId", List.of("dynamodb.amazonaws.com")))))))));
    assertEquals("ST4", st4.stream());
  }

  @Test
  void deployedConsumers_shouldAlarmOnIteratorAgeAndOnFailedBatches() {
    Template streams = SynthesizedForge.get().streams();
    Map<String, Map<String, Object>> iteratorAlarms = streams.findResources("AWS::CloudWatch::Alarm",
        Map.of("Properties", Map.of("MetricName", "IteratorAge")));
    assertEquals(4, iteratorAlarms.size());
    iteratorAlarms.values().forEach(a -> {
      Map<String, Object> p = props(a);
      assertEquals("AWS/Lambda", p.get("Namespace"));
      assertEquals("Maximum", p.get("Statistic"));
      assertEquals(300_000, ((Number) p.get("Threshold")).intValue());
      assertEquals(1, list(p.get("AlarmActions")).size(), "notifies the alarm topic");
    });
    Map<String, Map<String, Object>> queueAlarms = streams.findResources("AWS::CloudWatch::Alarm",
        Map.of("Properties", Map.of("MetricName", "ApproximateNumberOfMessagesVisible")));
    assertEquals(4, queueAlarms.size());
    queueAlarms.values().forEach(a -> assertEquals(1, list(props(a).get("AlarmActions")).size()));
  }

  @Test
  void deployedRoles_shouldGrantEachConsumerOnlyItsDeclaredTableActions() {
    Map<String, Object> json = SynthesizedForge.get().json().entrySet().stream()
        .filter(e -> e.getKey().endsWith("-Streams")).findFirst().orElseThrow().getValue();
    for (StreamHandlerDeclaration d : Forge.DOMAIN.streams()) {
      String functionId = resources(json, "AWS::Lambda::Function").entrySet().stream()
          .filter(f -> (d.handlerClass() + "::handleRequest").equals(props(f.getValue()).get("Handler")))
          .map(Map.Entry::getKey).findFirst().orElseThrow();
      String roleId = Json.target(props(resources(json).get(functionId)).get("Role"));
      List<String> actions = new ArrayList<>();
      resources(json, "AWS::IAM::Policy").values().stream()
          .filter(pol -> list(props(pol).get("Roles")).stream().anyMatch(r -> roleId.equals(Json.target(r))))
          .forEach(pol -> list(Json.map(props(pol).get("PolicyDocument")).get("Statement"))
              .forEach(st -> list(Json.map(st).get("Action")).forEach(a -> actions.add(String.valueOf(a)))));
      List<String> expected = new ArrayList<>(List.of("dynamodb:DescribeStream", "dynamodb:GetRecords",
          "dynamodb:GetShardIterator", "dynamodb:ListStreams"));
      d.actions().forEach(a -> expected.add(a.iamName()));
      assertEquals(expected.stream().sorted().toList(),
          actions.stream().filter(a -> a.startsWith("dynamodb:")).sorted().toList(), d.stream());
    }
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
    SingleTable table = new SingleTable(bad, "Data", SingleTable.props().schema(Forge.SCHEMA).build());
    new StreamHandlerFunction(bad, "Bad", StreamHandlerFunction.props()
        .declaration(StreamHandlerDeclaration.builder("dev.monotable.forge.functions.streams.Bad")
            .itemTypes("Issue").batchSize(0).build())
        .table(table.getTable())
        .code(Code.fromAsset(MonotableApp.functionsJar(forge.app.getNode()).toString()))
        .build());

    RuntimeException e = assertThrows(RuntimeException.class, app::synth);
    assertTrue(e.getMessage().contains("batchSize"), e.getMessage());
  }

  @Test
  void outlet_shouldBeAFifoQueueTheFunctionMayOnlySendTo_withItsUrlInTheEnvironment_andNagClean() {
    SynthesizedForge forge = SynthesizedForge.get();
    App app = new App();
    Stack outletStack = new Stack(app, "OutletSeam", StackProps.builder()
        .env(Environment.builder().account(SynthesizedForge.ACCOUNT).region(SynthesizedForge.REGION).build())
        .build());
    SingleTable table = new SingleTable(outletStack, "Data", SingleTable.props().schema(Forge.SCHEMA).build());
    StreamHandlerFunction f = new StreamHandlerFunction(outletStack, "Confirm", StreamHandlerFunction.props()
        .declaration(StreamHandlerDeclaration.builder("dev.monotable.forge.functions.streams.ConfirmHandler")
            .itemTypes("Issue").eventNames("INSERT").actions(DynamoAction.GET_ITEM, DynamoAction.PUT_ITEM)
            .outlet("Confirmations").build())
        .table(table.getTable())
        .code(Code.fromAsset(MonotableApp.functionsJar(forge.app.getNode()).toString()))
        .build());
    Aspects.of(app).add(new AwsSolutionsChecks());
    Template t = Template.fromStack(outletStack);

    t.resourceCountIs("AWS::SQS::Queue", 3); // the mapping's on-failure queue, the outlet and its dead letters
    t.hasResourceProperties("AWS::SQS::Queue", Map.of("FifoQueue", true, "SqsManagedSseEnabled", true,
        "RedrivePolicy", Match.objectLike(Map.of("maxReceiveCount", 5))));
    @SuppressWarnings("unchecked")
    Map<String, Object> json = (Map<String, Object>) (Map<?, ?>) t.toJSON();
    String outletId = outletStack.getLogicalId((software.amazon.awscdk.CfnElement) f.getOutlet().getNode()
        .getDefaultChild());
    List<Map<String, Object>> sqsAllows = new ArrayList<>();
    findAll(json, "Statement").forEach(statements -> list(statements).forEach(st -> {
      Map<String, Object> m = Json.map(st);
      // The mapping's own grant on its on-failure queue is the construct's, as without an outlet.
      if ("Allow".equals(m.get("Effect")) && String.valueOf(m.get("Action")).contains("sqs:")
          && !String.valueOf(m.get("Resource")).contains("OnFailure")) {
        sqsAllows.add(m);
      }
    }));
    assertEquals(1, sqsAllows.size(), "nothing on the outlet's dead letters: " + sqsAllows);
    assertEquals("sqs:SendMessage", sqsAllows.get(0).get("Action"), "sending only");
    assertTrue(String.valueOf(sqsAllows.get(0).get("Resource")).contains(outletId), "to the outlet only: "
        + sqsAllows.get(0));
    Map<String, Object> function = resources(json, "AWS::Lambda::Function").values().iterator().next();
    Map<String, Object> variables = Json.map(Json.map(props(function).get("Environment")).get("Variables"));
    assertTrue(String.valueOf(variables.get("OUTLET_QUEUE_URL")).contains(outletId), variables.toString());
    assertEquals(List.of(), NagTest.describe(Annotations.fromStack(outletStack)
        .findError("*", Match.stringLikeRegexp("AwsSolutions-.*"))));
    assertEquals(List.of("x: outlet must match " + StreamHandlerDeclaration.OUTLET_NAME.pattern()),
        StreamHandlerDeclaration.builder("x").itemTypes("Issue").outlet("no#way").build().problems());
  }

  @Test
  void problems_shouldRejectUnfilteredConsumer_whenNoItemTypeIsGiven() {
    List<String> problems = StreamHandlerDeclaration.builder("dev.monotable.forge.functions.streams.All").build().problems();

    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("itemTypes"));
  }
}
