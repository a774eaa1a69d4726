package dev.monotable.forge.model;

import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.errors.ValidationException;

/** State of an issue or pull request; {@code merged} exists only for pull requests and is final. */
public enum TicketState {
  OPEN("open"),
  CLOSED("closed"),
  MERGED("merged");

  private final String value;

  TicketState(String value) {
    this.value = value;
  }

  public String value() {
    return value;
  }

  public boolean isOpen() {
    return this == OPEN;
  }

  public static TicketState parse(TicketKind kind, String field, String value) {
    for (TicketState s : values()) {
      if (s.value.equals(value) && (s != MERGED || kind == TicketKind.PULL_REQUEST)) {
        return s;
      }
    }
    throw new ValidationException(field, kind == TicketKind.ISSUE
        ? field + " must be open or closed" : field + " must be open, closed or merged");
  }
}
