package dev.monotable.forge.model;

import dev.monotable.kit.errors.ValidationException;

/** Organization membership role. */
public enum Role {
  ADMIN("admin"),
  MEMBER("member");

  private final String value;

  Role(String value) {
    this.value = value;
  }

  public String value() {
    return value;
  }

  public static Role parse(String field, String value) {
    for (Role r : values()) {
      if (r.value.equals(value)) {
        return r;
      }
    }
    throw new ValidationException(field, field + " must be admin or member");
  }
}
