package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactWriteItemsEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Peer of AP28 ({@code POST /repos/{owner}/{repo}/issues/{number}/comments}): one
 * TransactWriteItems, a ConditionCheck of the repository (it exists and, unless the caller owns
 * it, is public), a ConditionCheck that the issue exists and the Put of the comment; no profile
 * check. The contract demands the visibility check (spec section 7: users comment on repositories
 * they can see; a private repository and everything under it answers 404 to anyone who is not its
 * owner or a member of its org): a refused repository check reads the repository and the caller's
 * membership, then answers 404 or writes again with a ConditionCheck of that membership. (Until
 * issue 28 part 3 the peer checked the issue only, and commented on private repositories.) The
 * comment id is a random UUID, as samples make ids.
 */
public class CreateCommentHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final DynamoDbEnhancedClient client;
  private final DynamoDbTable<IssueItem> issues;
  private final DynamoDbTable<CommentItem> comments;
  private final DynamoDbTable<RepositoryItem> repositories;
  private final DynamoDbTable<MembershipItem> memberships;

  public CreateCommentHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public CreateCommentHandler(DynamoDbEnhancedClient client, String tableName) {
    this.client = client;
    this.issues = Peer.table(client, tableName, Peer.ISSUE);
    this.comments = Peer.table(client, tableName, Peer.COMMENT);
    this.repositories = Peer.table(client, tableName, Peer.REPOSITORY);
    this.memberships = Peer.table(client, tableName, Peer.MEMBERSHIP);
  }

  // One transaction: the visibility check (the repository, or the caller's membership), the issue, the comment.
  private <T> void write(CommentItem comment, Key issue, Key visibilityKey, String visibility, DynamoDbTable<T> of) {
    Expression.Builder check = Expression.builder().expression(visibility);
    if (visibility.contains(":false")) {
      check.putExpressionValue(":false", AttributeValue.fromBool(false));
    }
    client.transactWriteItems(TransactWriteItemsEnhancedRequest.builder()
        .addConditionCheck(of, ConditionCheck.builder().key(visibilityKey).conditionExpression(check.build()).build())
        .addConditionCheck(issues, ConditionCheck.builder().key(issue)
            .conditionExpression(Expression.builder().expression("attribute_exists(PK)").build())
            .build())
        .addPutItem(comments, comment)
        .build());
  }

  /** The request body. */
  public record NewComment(String body) {}

  /** The JSON a comment answers with. */
  public record CommentView(String id, int number, String author, String body, String createdAt, String updatedAt,
      long version) {}

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    try {
      String caller = Peer.caller(event);
      if (caller == null) {
        return Peer.error(401, "unauthorized");
      }
      NewComment in;
      try {
        in = Peer.MAPPER.readValue(event.getBody() == null ? "" : event.getBody(), NewComment.class);
      } catch (JsonProcessingException e) {
        return Peer.error(400, "invalid JSON body");
      }
      if (in.body() == null || in.body().isBlank()) {
        return Peer.error(400, "body is required");
      }
      Map<String, String> p = event.getPathParameters();
      int number;
      try {
        number = Integer.parseInt(p.get("number"));
      } catch (NumberFormatException e) {
        return Peer.error(400, "number must be a number");
      }
      String owner = p.get("owner");
      String repo = p.get("repo");
      String issueKey = Peer.issueKey(owner, repo, number);
      String id = UUID.randomUUID().toString();
      String now = Instant.now().toString();

      CommentItem comment = new CommentItem();
      comment.setPk("REPO#" + owner + "#" + repo);
      comment.setSk(String.format("ISSUE#%08d#COMMENT#%s", number, id));
      comment.setType("IssueComment");
      comment.setOwner(owner);
      comment.setRepo(repo);
      comment.setNumber(number);
      comment.setId(id);
      comment.setAuthor(caller);
      comment.setBody(in.body());
      comment.setCreatedAt(now);
      comment.setUpdatedAt(now);
      comment.setSchemaVersion(1);
      comment.setVersion(1L);
      Key issue = Key.builder().partitionValue(issueKey).sortValue(issueKey).build();
      boolean owns = Peer.isOwner(caller, owner);
      try {
        write(comment, issue, Peer.repositoryKey(owner, repo), owns ? "attribute_exists(PK)"
            : "attribute_exists(PK) AND IsPrivate = :false", repositories);
      } catch (TransactionCanceledException e) {
        if (!"ConditionalCheckFailed".equals(e.cancellationReasons().get(0).code())) {
          return Peer.error(404, "issue not found");
        }
        // Missing or private: a member of the owning org may still comment.
        if (!Peer.visible(repositories.getItem(Peer.repositoryKey(owner, repo)), caller, owner, memberships)) {
          return Peer.error(404, "repository not found");
        }
        try {
          write(comment, issue, Peer.membershipKey(owner, caller), "attribute_exists(PK)", memberships);
        } catch (TransactionCanceledException again) {
          return Peer.error(404, "issue not found");
        }
      }
      return Peer.json(201, new CommentView(id, number, caller, in.body(), now, now, 1));
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }
}
