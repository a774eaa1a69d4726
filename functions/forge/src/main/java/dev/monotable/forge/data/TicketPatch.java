package dev.monotable.forge.data;

/**
 * The fields a PATCH of an issue or pull request may change (AP27/AP37). A null field is left
 * unchanged; {@code state} is {@code open}, {@code closed} or (pull requests only) {@code merged}.
 *
 * @param title new title, 1..256 characters
 * @param body new body, at most 65,536 characters ({@code ""} clears it)
 * @param state new state
 */
public record TicketPatch(String title, String body, String state) {

  public static TicketPatch title(String title) {
    return new TicketPatch(title, null, null);
  }

  public static TicketPatch body(String body) {
    return new TicketPatch(null, body, null);
  }

  public static TicketPatch state(String state) {
    return new TicketPatch(null, null, state);
  }

  /** No field to change. */
  public boolean isEmpty() {
    return title == null && body == null && state == null;
  }
}
