package dev.monotable.forge.keys;

/**
 * Issues and pull requests share a number sequence and every access pattern shape; the kind
 * selects the key templates and the entity names.
 */
public enum TicketKind {
  ISSUE("Issue", "IssueComment", "issue"),
  PULL_REQUEST("PullRequest", "PRComment", "pull request");

  private final String type;
  private final String commentType;
  private final String noun;

  TicketKind(String type, String commentType, String noun) {
    this.type = type;
    this.commentType = commentType;
    this.noun = noun;
  }

  /** Value of the {@code Type} attribute. */
  public String type() {
    return type;
  }

  /** {@code Type} of its comments. */
  public String commentType() {
    return commentType;
  }

  public String noun() {
    return noun;
  }
}
