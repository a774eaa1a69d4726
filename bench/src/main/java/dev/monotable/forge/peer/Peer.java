package dev.monotable.forge.peer;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * What the peer's handlers share, as samples arrange it: one Jackson {@code ObjectMapper}, bean
 * table schemas built once, and a default {@code DynamoDbClient} (the SDK picks the Apache HTTP
 * client from the classpath, region and credentials from the environment) built on first use.
 */
public final class Peer {
  public static final String TABLE_NAME = "TABLE_NAME";
  /** Local runs only (scripts/bench): the DynamoDB-compatible server to talk to. */
  public static final String DYNAMODB_ENDPOINT = "DYNAMODB_ENDPOINT";

  static final ObjectMapper MAPPER = new ObjectMapper();
  static final TableSchema<IssueItem> ISSUE = TableSchema.fromBean(IssueItem.class);
  static final TableSchema<CounterItem> COUNTER = TableSchema.fromBean(CounterItem.class);
  static final TableSchema<CommentItem> COMMENT = TableSchema.fromBean(CommentItem.class);
  static final TableSchema<RepositoryItem> REPOSITORY = TableSchema.fromBean(RepositoryItem.class);
  static final TableSchema<MembershipItem> MEMBERSHIP = TableSchema.fromBean(MembershipItem.class);

  private static DynamoDbEnhancedClient enhanced;

  private Peer() {}

  /** The container's client, built on the first handler's construction. */
  static synchronized DynamoDbEnhancedClient enhancedClient() {
    if (enhanced == null) {
      DynamoDbClientBuilder b = DynamoDbClient.builder();
      String endpoint = System.getenv(DYNAMODB_ENDPOINT);
      if (endpoint != null && !endpoint.isBlank()) {
        b.endpointOverride(URI.create(endpoint));
      }
      enhanced = DynamoDbEnhancedClient.builder().dynamoDbClient(b.build()).build();
    }
    return enhanced;
  }

  static String tableName() {
    return System.getenv(TABLE_NAME);
  }

  static <T> DynamoDbTable<T> table(DynamoDbEnhancedClient client, String name, TableSchema<T> schema) {
    return client.table(name, schema);
  }

  static APIGatewayV2HTTPResponse json(int status, Object body) {
    try {
      return APIGatewayV2HTTPResponse.builder()
          .withStatusCode(status)
          .withHeaders(Map.of("content-type", "application/json"))
          .withBody(MAPPER.writeValueAsString(body))
          .build();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static APIGatewayV2HTTPResponse error(int status, String message) {
    return json(status, Map.of("error", Map.of("message", message)));
  }

  static String caller(APIGatewayV2HTTPEvent event) {
    var rc = event.getRequestContext();
    if (rc == null || rc.getAuthorizer() == null || rc.getAuthorizer().getJwt() == null
        || rc.getAuthorizer().getJwt().getClaims() == null) {
      return null;
    }
    return rc.getAuthorizer().getJwt().getClaims().get("username");
  }

  /** The Repository item's key (PK and SK alike). */
  static Key repositoryKey(String owner, String repo) {
    String k = "REPO#" + owner + "#" + repo;
    return Key.builder().partitionValue(k).sortValue(k).build();
  }

  /** The caller's Membership in {@code owner} (an org, when the repository's owner is one). */
  static Key membershipKey(String owner, String caller) {
    return Key.builder().partitionValue("ACCOUNT#" + owner.toLowerCase(Locale.ROOT))
        .sortValue("MEMBER#" + caller.toLowerCase(Locale.ROOT)).build();
  }

  /** Account names are case-insensitive. */
  static boolean isOwner(String caller, String owner) {
    return caller != null && caller.equalsIgnoreCase(owner);
  }

  /**
   * The contract's visibility rule (spec section 7, its last line: a private repository and
   * everything under it answers 404 to anyone who is not its owner or a member of its org), for a
   * repository read already: true when {@code caller} may see it. A private repository of another
   * account costs one GetItem of the caller's membership (the exception the spec's section 4 allows).
   */
  static boolean visible(RepositoryItem repository, String caller, String owner,
      DynamoDbTable<MembershipItem> memberships) {
    if (repository == null) {
      return false;
    }
    if (!Boolean.TRUE.equals(repository.getIsPrivate()) || isOwner(caller, owner)) {
      return true;
    }
    return caller != null && memberships.getItem(membershipKey(owner, caller)) != null;
  }

  static String issueKey(String owner, String repo, int number) {
    return String.format("ISSUE#%s#%s#%08d", owner, repo, number);
  }

  /** The JSON an issue answers with. */
  record IssueView(String owner, String repo, int number, String title, String body, String state, String author,
      long commentCount, Map<String, Long> reactions, String createdAt, String updatedAt, String closedAt,
      long version) {
    static IssueView of(IssueItem i) {
      return new IssueView(i.getOwner(), i.getRepo(), i.getNumber(), i.getTitle(), i.getBody(), i.getState(),
          i.getAuthor(), i.getCommentCount() == null ? 0 : i.getCommentCount(),
          i.getReactions() == null ? Map.of() : i.getReactions(), i.getCreatedAt(), i.getUpdatedAt(),
          i.getClosedAt(), i.getVersion() == null ? 0 : i.getVersion());
    }
  }
}
