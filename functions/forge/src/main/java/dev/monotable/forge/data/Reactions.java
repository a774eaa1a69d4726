package dev.monotable.forge.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
   * Adds {@code caller}'s reaction (AP30/AP40), idempotently, with no read before writing on the
   * common path: ONE TransactWriteItems of Put Reaction {@code attribute_not_exists(PK)} (the
   * path's names) + Update ticket {@code ADD Reactions.#type :one} on condition that the ticket
   * exists, is public and carries those names + ConditionCheck the caller's User item. A refusal
   * other than "already reacted" learns the facts ({@link WriteAssumptions#facts}: the refused
   * ticket, or the BatchGetItem of {@link RepoAccess#readForWrite}, which answers 404/403) and
   * reacts again with them (+ a Membership ConditionCheck for a member of a private org
   * repository). The type is an ExpressionAttributeNames entry because {@code +1} and {@code -1}
   * are not valid in an expression path.
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

    String now = Timestamps.format(table.clock().instant());
    WriteTransaction tx = new WriteTransaction(table);
    int putReaction = tx.putIfAbsent(new Reaction(kind, owner, repo, number, caller, type, now).toItem());
    int countIt = tx.update(ticketKey, COUNT, WriteAssumptions.ticketCondition(false),
        WriteAssumptions.ticketNames(false, Map.of("#reactions", Ticket.REACTIONS, "#type", type)),
        WriteAssumptions.ticketValues(false, owner, repo, Map.of(":delta", AttributeValue.fromN("1"))));
    int profile = WriteAssumptions.checkProfile(tx, caller);
    return tx.commit(true, f -> {
      if (f.failed(putReaction) && !f.failed(countIt) && !f.failed(profile)) {
        return false;
      }
      WriteAssumptions facts = WriteAssumptions.facts(table, kind, caller, owner, repo, ticketKey,
          f.oldItem(countIt), f.failed(profile));
      return reactWith(kind, caller, ticketKey, new Reaction(kind, facts.owner(), facts.repo(), number, caller, type,
          now), facts.asMember());
    });
  }

  /** The reaction with known facts: Put Reaction + Update ticket ({@code attribute_exists}) (+ Membership). */
  private boolean reactWith(TicketKind kind, String caller, Key ticketKey, Reaction reaction, boolean asMember) {
    WriteTransaction tx = new WriteTransaction(table);
    int putReaction = tx.putIfAbsent(reaction.toItem());
    int countIt = count(tx, ticketKey, reaction.type(), 1);
    int membership = asMember ? WriteAssumptions.checkMembership(tx, reaction.owner(), caller) : -1;
    return tx.commit(true, f -> {
      if (f.failed(membership)) {
        throw new NotFoundException("repository");
      }
      if (f.failed(putReaction)) {
        return false;
      }
      if (f.failed(countIt)) {
        throw new NotFoundException(kind.noun());
      }
      return null;
    });
  }

  /**
   * AP31/AP41, idempotent, with no read before writing on the common path: ONE TransactWriteItems
   * of Delete Reaction {@code attribute_exists(PK)} + Update the ticket {@code ADD Reactions.{type}
   * -1} on condition that it exists and is public + ConditionCheck the caller's User item. Nothing
   * it writes copies a name, so public is the one assumption. Any refusal other than "no such
   * reaction" makes the BatchGetItem of {@link RepoAccess#readForWrite} with the ticket, which
   * keeps the rule that everything under a private repository is 404 to non-members
   * (docs/forge/api-contract.md#permissions), also for removing a reaction one no longer may see, and
   * then removes it again with the ticket's existence as the condition (+ a Membership
   * ConditionCheck for a member of a private org repository).
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
    WriteTransaction tx = new WriteTransaction(table);
    int deleteReaction = tx.delete(reactionKey, "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK));
    int countIt = tx.update(ticketKey, COUNT, "attribute_exists(#pk) AND #private = :false",
        Map.of("#reactions", Ticket.REACTIONS, "#type", type, "#pk", TableSchema.PK, "#private",
            Visibility.IS_PRIVATE),
        Map.of(":delta", AttributeValue.fromN("-1"), ":false", AttributeValue.fromBool(false)));
    int profile = WriteAssumptions.checkProfile(tx, caller);
    return tx.commit(true, f -> {
      if (f.failed(deleteReaction) && !f.failed(countIt) && !f.failed(profile)) {
        return false;
      }
      RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, ticketKey);
      Tickets.requireTicket(kind, access, ticketKey);
      return unreactWith(kind, caller, ticketKey, reactionKey, type,
          access.repository().isPrivate() && !access.callerIsOwner() ? access.repository().owner() : null);
    });
  }

  /** The removal once the read allowed it; {@code memberOf} names the org whose Membership is checked, or null. */
  private boolean unreactWith(TicketKind kind, String caller, Key ticketKey, Key reactionKey, String type,
      String memberOf) {
    WriteTransaction tx = new WriteTransaction(table);
    int deleteReaction = tx.delete(reactionKey, "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK));
    int countIt = count(tx, ticketKey, type, -1);
    int membership = memberOf != null ? WriteAssumptions.checkMembership(tx, memberOf, caller) : -1;
    return tx.commit(true, f -> {
      if (f.failed(membership)) {
        throw new NotFoundException("repository");
      }
      if (f.failed(deleteReaction)) {
        return false;
      }
      if (f.failed(countIt)) {
        // The reaction existed but its ticket did not: an orphan only a bug could leave behind.
        throw new IllegalStateException("reaction " + reactionKey + " exists without its " + kind.noun(), f.cause());
      }
      return null;
    });
  }

  private static final String COUNT = "ADD #reactions.#type :delta";

  /** Update of the ticket's count for one type; the Reactions map exists from the ticket's creation. */
  private static int count(WriteTransaction tx, Key ticketKey, String type, int delta) {
    return tx.update(ticketKey, COUNT, "attribute_exists(#pk)",
        Map.of("#reactions", Ticket.REACTIONS, "#type", type, "#pk", TableSchema.PK),
        Map.of(":delta", AttributeValue.fromN(Integer.toString(delta))));
  }
}
