package dev.monotable.forge.keys;

import dev.monotable.kit.errors.ValidationException;
import java.util.List;

/** The eight reaction types of the contract; they are also the keys of the {@code Reactions} map. */
public final class ReactionTypes {
  public static final List<String> ALL = List.of("+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes");

  private ReactionTypes() {}

  public static String check(String type) {
    if (type == null || !ALL.contains(type)) {
      throw new ValidationException("type", "type must be one of " + String.join(", ", ALL));
    }
    return type;
  }
}
