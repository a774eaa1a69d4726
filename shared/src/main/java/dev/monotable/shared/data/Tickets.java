package dev.monotable.shared.data;

import dev.monotable.shared.catalog.AccessPattern;
import dev.monotable.shared.data.TableGateway.QuerySpec;
import dev.monotable.shared.errors.ConflictException;
import dev.monotable.shared.errors.ForbiddenException;
import dev.monotable.shared.errors.NotFoundException;
import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.errors.ValidationException;
import dev.monotable.shared.errors.VersionMismatchException;
import dev.monotable.shared.keys.Key;
import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.keys.Segments;
import dev.monotable.shared.keys.Timestamps;
import dev.monotable.shared.model.Counter;
import dev.monotable.shared.model.IdempotencyRecord;
import dev.monotable.shared.model.Items;
import dev.monotable.shared.model.Rules;
import dev.monotable.shared.model.Ticket;
import dev.monotable.shared.model.TicketKind;
import dev.monotable.shared.model.TicketState;
import dev.monotable.shared.schema.TableSchema;
import dev.monotable.shared.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Issues and pull requests (AP22-AP27, AP32-AP37). Both kinds share one implementation: the
 * {@link TicketKind} selects the key templates, the {@code Type} and the access-pattern id.
 *
 * <p>Visibility: every method that reads first makes the one BatchGetItem of
 * {@link RepoAccess#read}, so a private repository answers 404 to strangers. Lists make that
 * visibility read and then one Query (docs/api-contract.md#conventions allows one visibility read before a list).
 */
public final class Tickets {
  public static final String STATE_ALL = "all";
  public static final String STATE_OPEN = "open";
  public static final String STATE_CLOSED = "closed";

  private final TableGateway table;

  public Tickets(TableGateway table) {
    this.table = table;
  }

  /**
   * Opens an issue or pull request (AP22/AP32) as {@code caller}, on a repository the caller can
   * see. Requests: BatchGetItem (visibility and the caller's profile, {@link RepoAccess#readForWrite}),
   * UpdateItem on the Counter
   * ({@code ADD LastNumber 1}, UPDATED_NEW, condition {@code attribute_exists(PK)}), PutItem of
   * the Ticket ({@code attribute_not_exists(PK)}): open, Version 1, CommentCount 0, empty
   * Reactions map (the map must exist for AP30's {@code ADD Reactions.type}).
   *
   * <p>Numbers come from one counter per repository, so issues and pull requests of a repository
   * share one sequence (issue 1, PR 2, issue 3). A Put that fails after the increment leaves a
   * gap in the sequence; that is harmless (GitHub numbering has gaps too) and cheaper than a
   * transaction spanning the counter and the ticket.
   *
   * @param head source branch, required for pull requests; ignored for issues
   * @param base target branch, required for pull requests; ignored for issues
   * @throws UnauthorizedException no caller
   * @throws ValidationException bad title, body, head or base (nothing is written)
   * @throws NotFoundException {@code repository}: missing, or private to this caller
   * @throws ForbiddenException the caller has no user profile
   */
  public Ticket create(TicketKind kind, String caller, String owner, String repo, String title, String body,
      String head, String base) {
    return create(kind, caller, owner, repo, title, body, head, base, null);
  }

  /**
   * {@link #create} with an {@code Idempotency-Key}. The idempotency record's key rides on the
   * visibility BatchGetItem; when it is there (a retry), the ticket it points to is read (one
   * GetItem) and returned, nothing is written. Otherwise the Ticket and the
   * {@link IdempotencyRecord} are put in one TransactWriteItems (both {@code attribute_not_exists}),
   * so a retry finds both or neither; when the record's condition fails, a concurrent request with
   * the same key won, and its ticket is returned.
   *
   * @param idempotent null for a plain create
   * @throws ConflictException {@code Idempotency-Key}: the key was used for another request
   */
  public Ticket create(TicketKind kind, String caller, String owner, String repo, String title, String body,
      String head, String base, IdempotentRequest idempotent) {
    Callers.require(caller);
    Key recordKey = idempotent == null ? null : Keys.idempotency(caller, idempotent.key());
    Key counterKey = Keys.counter(owner, repo);
    Rules.title(title);
    Rules.longText("body", body, false);
    if (kind == TicketKind.PULL_REQUEST) {
      Rules.ref("head", head);
      Rules.ref("base", base);
    } else {
      head = null;
      base = null;
    }

    RepoAccess access = recordKey == null ? RepoAccess.readForWrite(table, owner, repo, caller)
        : RepoAccess.readForWrite(table, owner, repo, caller, recordKey);
    if (recordKey != null && access.extra().containsKey(recordKey)) {
      return replay(kind, idempotent, access.extra().get(recordKey));
    }
    String now = Timestamps.format(table.clock().instant());
    int number = nextNumber(counterKey, now);
    Ticket ticket = Ticket.open(kind, access.repository(), number, caller, title, body, head, base, now);
    Map<String, AttributeValue> item = ticket.toItem();
    if (idempotent != null) {
      return createWithRecord(kind, caller, ticket, item, idempotent, recordKey, now);
    }
    try {
      table.client().putItem(PutItemRequest.builder()
          .tableName(table.tableName())
          .item(item)
          .conditionExpression("attribute_not_exists(#pk)")
          .expressionAttributeNames(Map.of("#pk", TableSchema.PK))
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
          .build());
    } catch (ConditionalCheckFailedException e) {
      if (e.hasItem() && sameAttributes(item, e.item(), TableSchema.TYPE, TableSchema.CREATED_AT, "Author",
          Ticket.TITLE)) {
        // The SDK retried a Put whose answer was lost: the item in place is exactly ours.
        return ticket;
      }
      // The counter only grows, so a taken number means the counter was reset behind our back.
      throw new IllegalStateException(kind.noun() + " number " + number + " is already taken in "
          + owner + "/" + repo + "; the counter is behind the items", e);
    }
    return ticket;
  }

  /**
   * One issue or pull request (AP23/AP33): ONE BatchGetItem of the repository, the caller's
   * membership and the ticket ({@link RepoAccess#read}).
   *
   * @param caller may be null (anonymous read)
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public Ticket get(TicketKind kind, String caller, String owner, String repo, int number) {
    Key key = Keys.ticket(kind, owner, repo, number);
    RepoAccess access = RepoAccess.read(table, owner, repo, caller, key);
    return Ticket.fromItem(requireTicket(kind, access, key));
  }

  /**
   * Issues or pull requests of a repository in one state, a page at a time. After the visibility
   * BatchGetItem ({@link RepoAccess#read}), one Query:
   * <ul>
   *   <li>{@code all} (AP24/AP34): GSI1, {@code GSI1PK = ISSUE#{owner}#{repo}}, begins_with
   *       {@code ISSUE#}: by number ascending;</li>
   *   <li>{@code open}, the default (AP25/AP35): GSI4, begins_with {@code ISSUE#OPEN#}: the sort key
   *       holds 99999999 - n, so ascending order is newest first;</li>
   *   <li>{@code closed} (AP26/AP36): GSI4, begins_with {@code #ISSUE#CLOSED#}: oldest first; for
   *       pull requests this includes merged ones.</li>
   * </ul>
   * (PR prefixes for pull requests.) The cursor is bound to the AP id, so a cursor of the open
   * list is rejected by the closed list, and to the partition, so another repository rejects it.
   *
   * @param state {@code all}, {@code open} or {@code closed}; null means {@code open}
   * @param caller may be null (anonymous read)
   * @throws ValidationException {@code state}, or {@code cursor} (malformed, altered, foreign)
   * @throws NotFoundException {@code repository}: missing, or private to this caller
   */
  public Page<Ticket> list(TicketKind kind, String caller, String owner, String repo, String state, PageRequest page) {
    String s = state == null ? STATE_OPEN : state;
    String partition = Keys.ticketsPartition(kind, owner, repo);
    QuerySpec spec;
    AccessPattern pattern;
    switch (s) {
      case STATE_ALL -> {
        spec = QuerySpec.index(Gsi.GSI1, partition, Keys.ticketNumberPrefix(kind));
        pattern = ap(kind, AccessPattern.AP24, AccessPattern.AP34);
      }
      case STATE_OPEN -> {
        spec = QuerySpec.index(Gsi.GSI4, partition, Keys.ticketOpenPrefix(kind));
        pattern = ap(kind, AccessPattern.AP25, AccessPattern.AP35);
      }
      case STATE_CLOSED -> {
        spec = QuerySpec.index(Gsi.GSI4, partition, Keys.ticketClosedPrefix(kind));
        pattern = ap(kind, AccessPattern.AP26, AccessPattern.AP36);
      }
      default -> throw new ValidationException("state", "state must be open, closed or all");
    }
    RepoAccess.read(table, owner, repo, caller);
    return table.query(spec, page, pattern.name()).map(Ticket::fromItem);
  }

  /**
   * Edits, closes, reopens or (pull requests) merges (AP27/AP37). Requests: the BatchGetItem of
   * {@link RepoAccess#read} with the ticket (author, state and the caller's role), then one
   * UpdateItem with condition {@code Version = :expected} (ALL_OLD on failure) that sets the
   * changed fields, UpdatedAt and {@code Version + 1}; a state change also rewrites GSI4SK
   * (open: {@code ISSUE#OPEN#{rev8}}, closed or merged: {@code #ISSUE#CLOSED#{n8}}) and sets
   * ClosedAt (removed on reopen) and MergedAt.
   *
   * <p>Permissions (docs/api-contract.md#permissions): the repository owner, or any member of the
   * owning org, may change any ticket; its author may edit title and body and close or reopen it, but only a
   * maintainer may merge. Merged is final, and only an open pull request can be merged.
   *
   * <p>The stored Version must equal {@code expectedVersion} already at the read; the conditional
   * write then guarantees the item did not change in between, so the permission and state
   * decisions taken on the read stay valid. A patch with nothing to change (no title, no body, no
   * state or the current one) writes nothing and returns the ticket as read.
   *
   * @throws UnauthorizedException no caller
   * @throws ValidationException bad title, body or state (nothing is read or written)
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   * @throws ForbiddenException neither maintainer nor author, or an author trying to merge
   * @param expectedVersion the If-Match version, or null for the version the access read returns
   * @throws VersionMismatchException {@code expectedVersion} is stale
   * @throws ConflictException {@code state}: the pull request is merged, or closed and asked to merge
   */
  public Ticket update(TicketKind kind, String caller, String owner, String repo, int number, Long expectedVersion,
      TicketPatch patch) {
    Callers.require(caller);
    Objects.requireNonNull(patch, "patch");
    Key key = Keys.ticket(kind, owner, repo, number);
    if (patch.title() != null) {
      Rules.title(patch.title());
    }
    Rules.longText("body", patch.body(), false);
    TicketState target = patch.state() == null ? null : TicketState.parse(kind, "state", patch.state());

    RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, key);
    Ticket current = Ticket.fromItem(requireTicket(kind, access, key));
    boolean isAuthor = current.author() != null
        && current.author().toLowerCase(Locale.ROOT).equals(caller.toLowerCase(Locale.ROOT));
    if (!access.canMaintain() && !isAuthor) {
      throw new ForbiddenException("only the repository's maintainers and the author may change this " + kind.noun());
    }
    // Without If-Match the update applies to the version just read; the write stays conditional on it.
    long expected = expectedVersion != null ? expectedVersion : current.version();
    if (current.version() != expected) {
      throw new VersionMismatchException(expected, current.version());
    }
    if (target == current.state()) {
      target = null;
    }
    if (target != null && current.state() == TicketState.MERGED) {
      throw new ConflictException("state", "a merged pull request cannot be closed or reopened");
    }
    if (target == TicketState.MERGED) {
      if (!access.canMaintain()) {
        throw new ForbiddenException("only the repository's maintainers may merge a pull request");
      }
      if (current.state() != TicketState.OPEN) {
        throw new ConflictException("state", "only an open pull request can be merged; reopen it first");
      }
    }
    // Fields that repeat the stored value are not changes: a PATCH that changes nothing writes nothing.
    String title = patch.title() == null || patch.title().equals(current.title()) ? null : patch.title();
    String body = patch.body() == null || patch.body().equals(current.body() == null ? "" : current.body())
        ? null : patch.body();
    if (title == null && body == null && target == null) {
      return current;
    }
    return write(kind, owner, repo, number, key, expected, new TicketPatch(title, body, null), target);
  }

  private Ticket write(TicketKind kind, String owner, String repo, int number, Key key, long expectedVersion,
      TicketPatch patch, TicketState target) {
    String now = Timestamps.format(table.clock().instant());
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> set = new ArrayList<>();
    List<String> remove = new ArrayList<>();
    names.put("#version", TableSchema.VERSION);
    names.put("#updatedAt", TableSchema.UPDATED_AT);
    values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    values.put(":one", AttributeValue.fromN("1"));
    values.put(":now", AttributeValue.fromS(now));
    set.add("#updatedAt = :now");
    set.add("#version = #version + :one");
    if (patch.title() != null) {
      names.put("#title", Ticket.TITLE);
      values.put(":title", AttributeValue.fromS(patch.title()));
      set.add("#title = :title");
    }
    if (patch.body() != null) {
      names.put("#body", Ticket.BODY);
      values.put(":body", AttributeValue.fromS(patch.body()));
      set.add("#body = :body");
    }
    if (target != null) {
      names.put("#state", Ticket.STATE);
      names.put("#gsi4sk", Gsi.GSI4.sk());
      names.put("#closedAt", Ticket.CLOSED_AT);
      values.put(":state", AttributeValue.fromS(target.value()));
      values.put(":gsi4sk", AttributeValue.fromS(Keys.ticketGsi4(kind, owner, repo, number, target.isOpen()).sk()));
      set.add("#state = :state");
      set.add("#gsi4sk = :gsi4sk");
      if (target == TicketState.OPEN) {
        remove.add("#closedAt");
      } else {
        set.add("#closedAt = :now");
      }
      if (target == TicketState.MERGED) {
        names.put("#mergedAt", Ticket.MERGED_AT);
        set.add("#mergedAt = :now");
      }
    }
    String expression = "SET " + String.join(", ", set) + (remove.isEmpty() ? "" : " REMOVE " + String.join(", ", remove));
    try {
      UpdateItemResponse response = table.client().updateItem(UpdateItemRequest.builder()
          .tableName(table.tableName())
          .key(key.toMap())
          .updateExpression(expression)
          .conditionExpression("#version = :expected")
          .expressionAttributeNames(names)
          .expressionAttributeValues(values)
          .returnValues(ReturnValue.ALL_NEW)
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
          .build());
      return Ticket.fromItem(response.attributes());
    } catch (ConditionalCheckFailedException e) {
      if (!e.hasItem() || e.item().isEmpty()) {
        throw new NotFoundException(kind.noun());
      }
      throw new VersionMismatchException(expectedVersion, Items.n(e.item(), TableSchema.VERSION));
    }
  }

  /** UpdateItem ADD LastNumber 1 on the repository's counter; a missing counter is a missing repository. */
  private int nextNumber(Key counterKey, String now) {
    try {
      UpdateItemResponse response = table.client().updateItem(UpdateItemRequest.builder()
          .tableName(table.tableName())
          .key(counterKey.toMap())
          .updateExpression("ADD #last :one SET #updatedAt = :now")
          .conditionExpression("attribute_exists(#pk)")
          .expressionAttributeNames(Map.of("#last", Counter.LAST_NUMBER, "#updatedAt", TableSchema.UPDATED_AT,
              "#pk", TableSchema.PK))
          .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":now", AttributeValue.fromS(now)))
          .returnValues(ReturnValue.UPDATED_NEW)
          .build());
      long number = Long.parseLong(response.attributes().get(Counter.LAST_NUMBER).n());
      if (number > Segments.MAX_NUMBER) {
        throw new ConflictException("number", "this repository has used all 99999999 issue and pull request numbers");
      }
      return (int) number;
    } catch (ConditionalCheckFailedException e) {
      throw new NotFoundException("repository");
    }
  }

  private Ticket createWithRecord(TicketKind kind, String caller, Ticket ticket, Map<String, AttributeValue> item,
      IdempotentRequest idempotent, Key recordKey, String now) {
    Key ticketKey = Keys.ticket(kind, ticket.owner(), ticket.repo(), ticket.number());
    IdempotencyRecord record = new IdempotencyRecord(caller, idempotent.key(), idempotent.route(),
        idempotent.requestHash(), ticketKey.pk(), ticketKey.sk(), now,
        table.clock().instant().getEpochSecond() + IdempotencyRecord.TTL_SECONDS);
    Map<String, String> pk = Map.of("#pk", TableSchema.PK);
    WriteTransaction tx = new WriteTransaction(table);
    tx.put(item, "attribute_not_exists(#pk)", pk, Map.of());
    int putRecord = tx.put(record.toItem(), "attribute_not_exists(#pk)", pk, Map.of());
    try {
      tx.commit();
      return ticket;
    } catch (TransactionCanceledException e) {
      if (WriteTransaction.failed(e, putRecord)) {
        // A request with this key got there first (or this is the SDK's retry of our own commit).
        Map<String, AttributeValue> existing = table.get(recordKey)
            .orElseThrow(() -> new ConflictException("Idempotency-Key", "a request with this key is in progress"));
        return replay(kind, idempotent, existing);
      }
      throw e;
    }
  }

  /** The ticket an earlier request with the same key created; one GetItem. */
  private Ticket replay(TicketKind kind, IdempotentRequest idempotent, Map<String, AttributeValue> recordItem) {
    IdempotencyRecord record = IdempotencyRecord.fromItem(recordItem);
    if (!record.route().equals(idempotent.route()) || !record.requestHash().equals(idempotent.requestHash())) {
      throw new ConflictException("Idempotency-Key", "this Idempotency-Key was used for another request");
    }
    return table.get(new Key(record.targetPk(), record.targetSk()))
        .map(Ticket::fromItem)
        .orElseThrow(() -> new NotFoundException(kind.noun()));
  }

  private static boolean sameAttributes(Map<String, AttributeValue> a, Map<String, AttributeValue> b,
      String... names) {
    for (String n : names) {
      if (!Objects.equals(a.get(n), b.get(n))) {
        return false;
      }
    }
    return true;
  }

  static Map<String, AttributeValue> requireTicket(TicketKind kind, RepoAccess access, Key key) {
    Map<String, AttributeValue> item = access.extra().get(key);
    if (item == null) {
      throw new NotFoundException(kind.noun());
    }
    return item;
  }
  static AccessPattern ap(TicketKind kind, AccessPattern issue, AccessPattern pullRequest) {
    return kind == TicketKind.ISSUE ? issue : pullRequest;
  }
}
