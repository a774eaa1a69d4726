package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The shared issue/pull-request number sequence of one repository. Created with the repository,
 * so an increment on a missing counter means the repository does not exist. It also stands in for
 * the repository at the edge of its pull-request lists (GSI1 {@code PR#o#r}/{@code REPO#o#r}, GSI4
 * {@code PR#o#r}/{@code #REPO#o#r}) and carries the repository's visibility, so one Query returns a
 * page of pull requests and the proof that the repository exists and who may see it.
 */
public record Counter(String owner, String repo, long lastNumber, Visibility visibility, String createdAt,
    String updatedAt) {

  public static final String TYPE = "Counter";
  public static final String LAST_NUMBER = "LastNumber";

  public static Counter of(Repository repository, String now) {
    return new Counter(repository.owner(), repository.name(), 0, Visibility.of(repository), now, now);
  }

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(TYPE, Keys.counter(owner, repo))
        .gsi(Gsi.GSI1, Keys.listHeadGsi1(TicketKind.PULL_REQUEST, owner, repo))
        .gsi(Gsi.GSI4, Keys.listHeadGsi4(TicketKind.PULL_REQUEST, owner, repo))
        .s("Owner", owner).s("Repo", repo).n(LAST_NUMBER, lastNumber);
    if (visibility != null) {
      visibility.into(b);
    }
    return b.audit(createdAt, updatedAt).build();
  }

  public static Counter fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Counter(Items.s(item, "Owner"), Items.s(item, "Repo"), Items.n(item, LAST_NUMBER),
        Visibility.fromItem(item), Items.s(item, TableSchema.CREATED_AT), Items.s(item, TableSchema.UPDATED_AT));
  }
}
