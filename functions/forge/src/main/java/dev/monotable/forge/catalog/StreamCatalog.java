package dev.monotable.forge.catalog;

import dev.monotable.kit.catalog.StreamHandlerDeclaration;

import static dev.monotable.kit.catalog.DynamoAction.DELETE_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.GET_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.PUT_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.UPDATE_ITEM;

import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.keys.TicketKind;
import java.util.List;

/**
 * Every consumer of the table's stream (ST1..ST4, docs/forge/api-contract.md). The CDK stack (functions,
 * filtered event source mappings, IAM) and the local stream pipeline of {@code scripts/dev} both
 * read this list; nothing else lists stream handlers.
 */
public final class StreamCatalog {

  private static final String PKG = "dev.monotable.forge.functions.streams.";
  private static final String ISSUE = TicketKind.ISSUE.type();
  private static final String PULL_REQUEST = TicketKind.PULL_REQUEST.type();
  private static final String ISSUE_COMMENT = TicketKind.ISSUE.commentType();
  private static final String PULL_REQUEST_COMMENT = TicketKind.PULL_REQUEST.commentType();

  private static final List<StreamHandlerDeclaration> DECLARATIONS = List.of(
      // ST1: a conditional UpdateItem of the repository, only ever forward.
      StreamHandlerDeclaration.builder(PKG + "RepoUpdatedHandler").stream("ST1")
          .itemTypes(ISSUE, PULL_REQUEST, ISSUE_COMMENT, PULL_REQUEST_COMMENT)
          .eventNames("INSERT")
          .actions(UPDATE_ITEM)
          .build(),
      // ST2: reads the repository (private ones stay out of the public feed), puts Activity items.
      StreamHandlerDeclaration.builder(PKG + "ActivityFeedHandler").stream("ST2")
          .itemTypes(ISSUE, PULL_REQUEST, ISSUE_COMMENT, PULL_REQUEST_COMMENT, Star.TYPE, Repository.TYPE)
          .eventNames("INSERT")
          .actions(GET_ITEM, PUT_ITEM)
          .build(),
      // ST3: one transaction per record (receipt item + ADD CommentCount).
      StreamHandlerDeclaration.builder(PKG + "CommentCountHandler").stream("ST3")
          .itemTypes(ISSUE_COMMENT, PULL_REQUEST_COMMENT)
          .eventNames("INSERT", "REMOVE")
          .actions(PUT_ITEM, DELETE_ITEM, UPDATE_ITEM)
          .build(),
      // ST4: TTL deletions only; a user's delete of an invitation is not an expiry.
      StreamHandlerDeclaration.builder(PKG + "InvitationExpiredHandler").stream("ST4")
          .itemTypes(Invitation.TYPE)
          .eventNames("REMOVE")
          .ttlDeletionsOnly(true)
          .actions(PUT_ITEM)
          .build());

  private StreamCatalog() {}

  public static List<StreamHandlerDeclaration> declarations() {
    return DECLARATIONS;
  }

  /** The declaration of this handler class, or null. */
  public static StreamHandlerDeclaration byHandlerClass(String handlerClass) {
    return DECLARATIONS.stream().filter(d -> d.handlerClass().equals(handlerClass)).findFirst().orElse(null);
  }
}
