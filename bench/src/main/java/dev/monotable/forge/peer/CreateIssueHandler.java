package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import java.util.HashMap;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;

/**
 * Peer of AP22 ({@code POST /repos/{owner}/{repo}/issues}): the counter's atomic increment (one
 * UpdateItem), then a PutItem of the issue; no visibility, profile or permission check.
 */
public class CreateIssueHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final DynamoDbTable<IssueItem> issues;
  private final DynamoDbTable<CounterItem> counters;

  public CreateIssueHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public CreateIssueHandler(DynamoDbEnhancedClient client, String tableName) {
    this.issues = Peer.table(client, tableName, Peer.ISSUE);
    this.counters = Peer.table(client, tableName, Peer.COUNTER);
  }

  /** The request body. */
  public record NewIssue(String title, String body) {}

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    try {
      String caller = Peer.caller(event);
      if (caller == null) {
        return Peer.error(401, "unauthorized");
      }
      NewIssue in;
      try {
        in = Peer.MAPPER.readValue(event.getBody() == null ? "" : event.getBody(), NewIssue.class);
      } catch (JsonProcessingException e) {
        return Peer.error(400, "invalid JSON body");
      }
      if (in.title() == null || in.title().isBlank()) {
        return Peer.error(400, "title is required");
      }
      String owner = event.getPathParameters().get("owner");
      String repo = event.getPathParameters().get("repo");

      CounterItem counter = new CounterItem();
      counter.setPk("COUNTER#" + owner + "#" + repo);
      counter.setSk("METADATA");
      int number = counters.updateItem(r -> r.item(counter).ignoreNulls(true)).getLastNumber().intValue();

      String now = Instant.now().toString();
      IssueItem issue = new IssueItem();
      String key = Peer.issueKey(owner, repo, number);
      String partition = "REPO#" + owner + "#" + repo; // issues list in the repository's GSI1/GSI4 partition
      issue.setPk(key);
      issue.setSk(key);
      issue.setGsi1pk(partition);
      issue.setGsi1sk(String.format("ISSUE#%08d", number));
      issue.setGsi4pk(partition);
      issue.setGsi4sk(String.format("ISSUE#OPEN#%08d", 99_999_999 - number));
      issue.setType("Issue");
      issue.setOwner(owner);
      issue.setRepo(repo);
      issue.setNumber(number);
      issue.setTitle(in.title());
      issue.setBody(in.body());
      issue.setState("open");
      issue.setAuthor(caller);
      issue.setCommentCount(0L);
      issue.setReactions(new HashMap<>());
      issue.setCreatedAt(now);
      issue.setUpdatedAt(now);
      issue.setSchemaVersion(1);
      issue.setVersion(1L);
      issues.putItem(issue);
      return Peer.json(201, Peer.IssueView.of(issue));
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }

}
