package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;

/** Peer of AP23 ({@code GET /repos/{owner}/{repo}/issues/{number}}): one GetItem, no visibility check. */
public class GetIssueHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final DynamoDbTable<IssueItem> table;

  public GetIssueHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public GetIssueHandler(DynamoDbEnhancedClient client, String tableName) {
    this.table = Peer.table(client, tableName, Peer.ISSUE);
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
      String key = Peer.issueKey(p.get("owner"), p.get("repo"), number);
      IssueItem item = table.getItem(Key.builder().partitionValue(key).sortValue(key).build());
      if (item == null) {
        return Peer.error(404, "issue not found");
      }
      return Peer.json(200, Peer.IssueView.of(item));
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }
}
