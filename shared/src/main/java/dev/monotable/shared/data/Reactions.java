package dev.monotable.shared.data;

import dev.monotable.shared.errors.NotFoundException;
import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.errors.ValidationException;
import dev.monotable.shared.keys.Key;
import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.keys.ReactionTypes;
import dev.monotable.shared.keys.Timestamps;
import dev.monotable.shared.model.Reaction;
import dev.monotable.shared.model.Ticket;
import dev.monotable.shared.model.TicketKind;
import dev.monotable.shared.schema.TableSchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reactions on issues and pull requests (AP30/AP31, AP40/AP41). A Reaction item per user, target
 * and type makes reacting idempotent; the ticket's {@code Reactions} map holds the counts and
 * changes in the same transaction, so counts never drift from the items. Reactions change neither
 * the ticket's Version nor its UpdatedAt: a reaction must not invalidate someone's pending edit.
 */
public final class Reactions {
  private final TableGateway table;

  public Reactions(TableGateway table) {
    this.table = table;
  }

  /**
   * Adds {@code caller}'s reaction (AP30/AP40), idempotently. Requests: the BatchGetItem of
   * {@link RepoAccess#read} with the ticket (visibility, existence), then TransactWriteItems: Put
   * Reaction {@code attribute_not_exists(PK)} + Update ticket {@code ADD Reactions.#type :one}
   * with {@code attribute_exists(PK)}. The type is an ExpressionAttributeNames entry because
   * {@code +1} and {@code -1} are not valid in an expression path.
   *
   * @return true when added, false when the caller had already reacted so (nothing changes)
   * @throws UnauthorizedException no caller
   * @throws ValidationException {@code type} is not one of the eight reaction types
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public boolean react(TicketKind kind, String caller, String owner, String repo, int number, String type) {
    Callers.require(caller);
    ReactionTypes.check(type);
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    Keys.reaction(kind, owner, repo, number, caller, type);

    RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, ticketKey);
    Tickets.requireTicket(kind, access, ticketKey);
    String now = Timestamps.format(table.clock().instant());
    Reaction reaction = new Reaction(kind, access.repository().owner(), access.repository().name(), number, caller,
        type, now);
    WriteTransaction tx = new WriteTransaction(table);
    int putReaction = tx.putIfAbsent(reaction.toItem());
    int countIt = count(tx, ticketKey, type, 1);
    try {
      tx.commit();
      return true;
    } catch (TransactionCanceledException e) {
      TransactionFailures f = TransactionFailures.of(e);
      if (f.failed(putReaction)) {
        return false;
      }
      if (f.failed(countIt)) {
        throw new NotFoundException(kind.noun());
      }
      throw f.unexpected();
    }
  }

  /**
   * AP31/AP41: one BatchGetItem (visibility: repository, caller's membership, the ticket), then one
   * TransactWriteItems: Delete Reaction {@code attribute_exists(PK)} and Update the ticket
   * {@code ADD Reactions.{type} -1} with {@code attribute_exists(PK)}. Idempotent. The read keeps
   * the rule that everything under a private repository is 404 to non-members
   * (docs/api-contract.md#permissions), also for
   * removing a reaction one no longer may see.
   *
   * @return true when removed, false when there was no such reaction (nothing changes)
   * @throws UnauthorizedException no caller
   * @throws ValidationException {@code type} is not one of the eight reaction types
   * @throws NotFoundException the repository (missing or private to the caller) or the ticket
   */
  public boolean unreact(TicketKind kind, String caller, String owner, String repo, int number, String type) {
    Callers.require(caller);
    ReactionTypes.check(type);
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    Key reactionKey = Keys.reaction(kind, owner, repo, number, caller, type);
    Tickets.requireTicket(kind, RepoAccess.readForWrite(table, owner, repo, caller, ticketKey), ticketKey);
    WriteTransaction tx = new WriteTransaction(table);
    int deleteReaction = tx.delete(reactionKey, "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK));
    int countIt = count(tx, ticketKey, type, -1);
    try {
      tx.commit();
      return true;
    } catch (TransactionCanceledException e) {
      TransactionFailures f = TransactionFailures.of(e);
      if (f.failed(deleteReaction)) {
        return false;
      }
      if (f.failed(countIt)) {
        // The reaction existed but its ticket did not: an orphan only a bug could leave behind.
        throw new IllegalStateException("reaction " + reactionKey + " exists without its " + kind.noun(), e);
      }
      throw f.unexpected();
    }
  }

  /** Update of the ticket's count for one type; the Reactions map exists from the ticket's creation. */
  private static int count(WriteTransaction tx, Key ticketKey, String type, int delta) {
    return tx.update(ticketKey, "ADD #reactions.#type :delta", "attribute_exists(#pk)",
        Map.of("#reactions", Ticket.REACTIONS, "#type", type, "#pk", TableSchema.PK),
        Map.of(":delta", AttributeValue.fromN(Integer.toString(delta))));
  }
}
