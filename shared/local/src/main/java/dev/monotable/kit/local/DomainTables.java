package dev.monotable.kit.local;

import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.Locale;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * Which table a dev-time program works on for a domain, and whose items a table holds.
 *
 * <p>Each domain has a local table of its own: {@code monotable-local-<id>} by default (a domain may
 * name another, see {@code DevDomain.localTable()}); {@code TABLE_NAME} overrides it. A table the
 * programs create ({@code scripts/dev}, {@code scripts/seed}) carries the tag
 * {@value #TAG}{@code =<domain name>}, set in the CreateTable request itself (so the local engine
 * keeps it across restarts with the table). Before a program reads or writes a table it asks
 * whose it is: one DescribeTable (for the table's ARN) and one ListTagsOfResource, never a Scan.
 * A table tagged for another domain is refused with a message naming both domains; a table
 * without the tag (made before the tag existed, or by a stack that does not set it) is accepted.
 */
public final class DomainTables {

  /** The tag naming the domain whose items a table holds. */
  public static final String TAG = "monotable:domain";
  /** The prefix of every local table's default name. */
  public static final String LOCAL_PREFIX = "monotable-local";

  private DomainTables() {}

  /** The default local table of a domain: {@code monotable-local-<id>}. */
  public static String localName(String domainId) {
    return LOCAL_PREFIX + "-" + domainId.toLowerCase(Locale.ROOT);
  }

  /** The tag value for a domain: its name ({@link Domain#name()}). */
  public static String tagValue(Domain domain) {
    return domain.name();
  }

  /** The domain's CreateTable request for {@code table}: its schema, tagged with its name. */
  public static CreateTableRequest createRequest(Domain domain, String table) {
    return domain.schema().createTableRequest(table).toBuilder()
        .tags(Tag.builder().key(TAG).value(tagValue(domain)).build())
        .build();
  }

  /** Creates the domain's table (tagged), waits for it and turns TTL on. */
  public static void create(DynamoDbClient client, Domain domain, String table) {
    client.createTable(createRequest(domain, table));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
    client.updateTimeToLive(TableSchema.enableTtlRequest(table));
  }

  /**
   * The domain a table is tagged for, or empty when it carries no {@value #TAG} tag: one
   * DescribeTable and one ListTagsOfResource. A missing table throws the SDK's
   * ResourceNotFoundException.
   */
  public static Optional<String> holder(DynamoDbClient client, String table) {
    String arn = client.describeTable(DescribeTableRequest.builder().tableName(table).build()).table().tableArn();
    for (Tag t : client.listTagsOfResource(ListTagsOfResourceRequest.builder().resourceArn(arn).build()).tags()) {
      if (TAG.equals(t.key())) {
        return Optional.of(t.value());
      }
    }
    return Optional.empty();
  }

  /**
   * Refuses ({@link OpsMain.Failure}, exit 1) a table tagged for another domain than {@code domain};
   * accepts its own and an untagged one.
   */
  public static void requireHolds(DynamoDbClient client, String table, Domain domain) {
    Optional<String> holder = holder(client, table);
    if (holder.isPresent() && !holder.get().equals(tagValue(domain))) {
      throw new OpsMain.Failure(refusal(table, holder.get(), domain));
    }
  }

  /** The one-line refusal: whose the table is, and the two ways out. */
  static String refusal(String table, String holder, Domain domain) {
    String wanted = domain.name();
    return "table " + table + " holds " + holder + "'s items (tag " + TAG + "=" + holder + "), not " + wanted
        + "'s: use --domain " + holder.toLowerCase(Locale.ROOT) + " for it, or give " + wanted
        + " its own table (unset TABLE_NAME for " + wanted + "'s default, or name another)";
  }
}
