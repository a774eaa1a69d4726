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
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Peer of AP22 ({@code POST /repos/{owner}/{repo}/issues}): the counter's atomic increment (one
 * UpdateItem, on a counter that exists: every repository has one), then one TransactWriteItems of a
 * ConditionCheck of the repository (public, unless the caller owns it) and the Put of the issue; no
 * profile check. The contract demands the visibility check (spec section 7: users open issues on
 * repositories they can see; a private repository and everything under it answers 404 to anyone who
 * is not its owner or a member of its org): a refused check reads the repository and the caller's
 * membership, and answers 404 or writes again with a ConditionCheck of that membership. (Until issue
 * 28 part 3 the peer incremented a counter, creating it if missing, and put the issue with no check.)
 */
public class CreateIssueHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final DynamoDbTable<IssueItem> issues;
  private final DynamoDbTable<CounterItem> counters;
  private final DynamoDbTable<RepositoryItem> repositories;
  private final DynamoDbTable<MembershipItem> memberships;
  private final DynamoDbEnhancedClient client;

  public CreateIssueHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public CreateIssueHandler(DynamoDbEnhancedClient client, String tableName) {
    this.issues = Peer.table(client, tableName, Peer.ISSUE);
    this.counters = Peer.table(client, tableName, Peer.COUNTER);
    this.repositories = Peer.table(client, tableName, Peer.REPOSITORY);
    this.memberships = Peer.table(client, tableName, Peer.MEMBERSHIP);
    this.client = client;
  }

  // One transaction: the visibility check (the repository, or the caller's membership) and the issue.
  private <T> void write(IssueItem issue, Key visibilityKey, String visibility, DynamoDbTable<T> of) {
    Expression.Builder check = Expression.builder().expression(visibility);
    if (visibility.contains(":false")) {
      check.putExpressionValue(":false", AttributeValue.fromBool(false));
    }
    client.transactWriteItems(TransactWriteItemsEnhancedRequest.builder()
        .addConditionCheck(of, ConditionCheck.builder().key(visibilityKey).conditionExpression(check.build()).build())
        .addPutItem(issues, issue)
        .build());
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
      int number;
      try {
        number = counters.updateItem(r -> r.item(counter).ignoreNulls(true)
            .conditionExpression(Expression.builder().expression("attribute_exists(PK)").build()))
            .getLastNumber().intValue();
      } catch (ConditionalCheckFailedException e) {
        return Peer.error(404, "repository not found");
      }

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
      boolean owns = Peer.isOwner(caller, owner);
      try {
        write(issue, Peer.repositoryKey(owner, repo), owns ? "attribute_exists(PK)"
            : "attribute_exists(PK) AND IsPrivate = :false", repositories);
      } catch (TransactionCanceledException e) {
        // Private: a member of the owning org may still open issues.
        if (!Peer.visible(repositories.getItem(Peer.repositoryKey(owner, repo)), caller, owner, memberships)) {
          return Peer.error(404, "repository not found");
        }
        write(issue, Peer.membershipKey(owner, caller), "attribute_exists(PK)", memberships);
      }
      return Peer.json(201, Peer.IssueView.of(issue));
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }

}
