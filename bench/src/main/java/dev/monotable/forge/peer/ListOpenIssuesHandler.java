package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.model.Page;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Peer of AP25 ({@code GET /repos/{owner}/{repo}/issues}, open ones newest first): a GetItem of the
 * repository, then one Query of GSI4, a page of 30, the next page's key as a base64 JSON cursor. The
 * GetItem serves the contract's visibility rule (spec section 7, last line: a private repository and
 * everything under it answers 404 to anyone who is not its owner or a member of its org; a missing
 * repository is a 404 too, not an empty page); the pattern allows two requests. (Until issue 28
 * part 3 the peer made the Query alone.)
 */
public class ListOpenIssuesHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private static final int PAGE = 30;
  private final DynamoDbIndex<IssueItem> byState;
  private final DynamoDbTable<RepositoryItem> repositories;
  private final DynamoDbTable<MembershipItem> memberships;

  public ListOpenIssuesHandler() {
    this(Peer.enhancedClient(), Peer.tableName());
  }

  public ListOpenIssuesHandler(DynamoDbEnhancedClient client, String tableName) {
    this.byState = Peer.table(client, tableName, Peer.ISSUE).index("GSI4");
    this.repositories = Peer.table(client, tableName, Peer.REPOSITORY);
    this.memberships = Peer.table(client, tableName, Peer.MEMBERSHIP);
  }

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    try {
      Map<String, String> p = event.getPathParameters();
      String owner = p.get("owner");
      if (!Peer.visible(repositories.getItem(Peer.repositoryKey(owner, p.get("repo"))), Peer.caller(event), owner,
          memberships)) {
        return Peer.error(404, "repository not found");
      }
      String partition = "REPO#" + owner + "#" + p.get("repo");
      QueryEnhancedRequest.Builder q = QueryEnhancedRequest.builder()
          .queryConditional(QueryConditional.sortBeginsWith(
              Key.builder().partitionValue(partition).sortValue("ISSUE#OPEN#").build()))
          .limit(PAGE);
      Map<String, String> query = event.getQueryStringParameters();
      if (query != null && query.get("cursor") != null) {
        q.exclusiveStartKey(decode(query.get("cursor")));
      }
      Page<IssueItem> page = byState.query(q.build()).iterator().next();
      List<Peer.IssueView> items = page.items().stream().map(Peer.IssueView::of).toList();
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("items", items);
      body.put("nextCursor", page.lastEvaluatedKey() == null ? null : encode(page.lastEvaluatedKey()));
      return Peer.json(200, body);
    } catch (IllegalArgumentException e) {
      return Peer.error(400, "bad cursor");
    } catch (RuntimeException e) {
      return Peer.error(500, "internal error");
    }
  }

  private static String encode(Map<String, AttributeValue> key) throws RuntimeException {
    Map<String, String> plain = new LinkedHashMap<>();
    key.forEach((k, v) -> plain.put(k, v.s()));
    try {
      return Base64.getUrlEncoder().encodeToString(Peer.MAPPER.writeValueAsBytes(plain));
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, AttributeValue> decode(String cursor) {
    try {
      Map<?, ?> plain = Peer.MAPPER.readValue(new String(Base64.getUrlDecoder().decode(cursor),
          StandardCharsets.UTF_8), Map.class);
      Map<String, AttributeValue> key = new LinkedHashMap<>();
      plain.forEach((k, v) -> key.put(String.valueOf(k), AttributeValue.fromS(String.valueOf(v))));
      return key;
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
