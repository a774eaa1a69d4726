package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Document;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/**
 * Peer of AP23 ({@code GET /repos/{owner}/{repo}/issues/{number}}): one TransactGetItems of the
 * issue and its repository, so that a private repository answers 404 to anyone who is not its owner
 * or a member of its org, as the contract demands (spec section 7, last line); a private
 * repository of another account costs one GetItem of the caller's membership more. (Until issue 28
 * part 3 the peer made one GetItem of the issue and served private repositories to anyone.)
 */
public class GetIssueHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final DynamoDbEnhancedClient client;
  private final DynamoDbTable<IssueItem> table;
  private final DynamoDbTable<RepositoryItem> repositories;
  private final DynamoDbTable<MembershipItem> memberships;

  public GetIssueHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public GetIssueHandler(DynamoDbEnhancedClient client, String tableName) {
    this.client = client;
    this.table = Peer.table(client, tableName, Peer.ISSUE);
    this.repositories = Peer.table(client, tableName, Peer.REPOSITORY);
    this.memberships = Peer.table(client, tableName, Peer.MEMBERSHIP);
  }

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    try {
      Map<String, String> p = event.getPathParameters();
      int number;
      try {
        number = Integer.parseInt(p.get("number"));
      } catch (NumberFormatException e) {
        return Peer.error(400, "number must be a number");
      }
      String owner = p.get("owner");
      String key = Peer.issueKey(owner, p.get("repo"), number);
      List<Document> read = client.transactGetItems(r -> r
          .addGetItem(table, Key.builder().partitionValue(key).sortValue(key).build())
          .addGetItem(repositories, Peer.repositoryKey(owner, p.get("repo"))));
      if (!Peer.visible(read.get(1).getItem(repositories), Peer.caller(event), owner, memberships)) {
        return Peer.error(404, "repository not found");
      }
      IssueItem item = read.get(0).getItem(table);
      if (item == null) {
        return Peer.error(404, "issue not found");
      }
      return Peer.json(200, Peer.IssueView.of(item));
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }
}
