package dev.monotable.shared.model;

import dev.monotable.shared.keys.Keys;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The shared issue/pull-request number sequence of one repository. Created with the repository,
 * so an increment on a missing counter means the repository does not exist.
 */
public record Counter(String owner, String repo, long lastNumber, String createdAt, String updatedAt) {

  public static final String TYPE = "Counter";
  public static final String LAST_NUMBER = "LastNumber";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, Keys.counter(owner, repo))
        .s("Owner", owner).s("Repo", repo).n(LAST_NUMBER, lastNumber)
        .audit(createdAt, updatedAt)
        .build();
  }
}
