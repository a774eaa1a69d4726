package dev.monotable.forge.data;

import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTokens;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.forge.ForgePattern;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Counter;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.TicketState;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Issues and pull requests (AP22-AP27, AP32-AP37). Both kinds share one implementation: the
 * {@link TicketKind} selects the key templates, the {@code Type} and the access-pattern id.
 *
 * <p>Visibility: a private repository answers 404 to strangers. Reads are one request: the
 * ticket and the lists' heads carry the repository's visibility (docs/forge/relationship-decisions.md,
 * "One request per read").
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
   * see, with no read before writing on the common path. Requests: UpdateItem on the Counter
   * ({@code ADD LastNumber 1}, ALL_OLD) conditioned on the visibility it copies ({@code
   * attribute_exists(PK) AND (IsPrivate = false OR the caller owns it)}), which also returns the
   * repository's display names and visibility; then TransactWriteItems: Put the Ticket ({@code
   * attribute_not_exists(PK)}: open, Version 1, CommentCount 0, empty Reactions map, which AP30's
   * {@code ADD Reactions.type} needs) and ConditionCheck the caller's User item (a profile first).
   *
   * <p>Refusals read to explain themselves: a refused increment makes the BatchGetItem of
   * {@link RepoAccess#readForWrite} (404 missing or private, 403 no profile); a member of the
   * owning org, whom the increment's condition cannot name, then increments unconditionally on
   * visibility and the transaction adds a ConditionCheck of the Membership. A refused
   * transaction (no profile, membership gone) gives the number back when nobody took the next
   * one, so nothing is written.
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
    Key recordKey = idempotent == null ? null : idempotent.recordKey(caller);
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

    if (idempotent != null) {
      // A retry must find the record before a number is spent: the record's key rides on the read.
      RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, recordKey);
      if (access.extra().containsKey(recordKey)) {
        return idempotent.replay(table, access.extra().get(recordKey), Ticket::fromItem, kind.noun());
      }
      java.time.Instant at = table.clock().instant();
      String now = Timestamps.format(at);
      int number = number(nextNumber(counterKey, now, false, caller));
      Ticket ticket = Ticket.open(kind, access.repository(), number, caller, title, body, head, base, now);
      return createWithRecord(kind, caller, ticket, ticket.toItem(), idempotent, at);
    }
    String now = Timestamps.format(table.clock().instant());
    boolean asMember = false;
    Map<String, AttributeValue> before;
    Repository repository = null;
    try {
      before = nextNumber(counterKey, now, true, caller);
    } catch (ConditionalCheckFailedException refused) {
      // Missing, private to the caller, or private to an org the caller may belong to: the read tells.
      repository = RepoAccess.readForWrite(table, owner, repo, caller).repository();
      asMember = repository.isPrivate() && !RepoAccess.isOwner(caller, owner);
      before = nextNumber(counterKey, now, false, caller);
    }
    int number = number(before);
    Visibility visibility = Visibility.fromItem(before);
    Ticket ticket = visibility == null
        ? Ticket.open(kind, repository != null ? repository : RepoAccess.read(table, owner, repo, caller).repository(),
            number, caller, title, body, head, base, now)
        : Ticket.open(kind, Items.s(before, "Owner"), Items.s(before, "Repo"), visibility, number, caller, title, body,
            head, base, now);
    Map<String, AttributeValue> item = ticket.toItem();
    WriteTransaction tx = new WriteTransaction(table);
    int put = tx.put(item, "attribute_not_exists(#pk)", Map.of("#pk", TableSchema.PK), Map.of());
    int profile = WriteAssumptions.checkProfile(tx, caller);
    int membership = asMember ? tx.check(Keys.membership(owner, caller), "attribute_exists(#pk)",
        Map.of("#pk", TableSchema.PK), Map.of()) : -1;
    Map<String, AttributeValue> counted = before;
    return tx.commit(ticket, f -> {
      if (f.failed(put)) {
        Map<String, AttributeValue> old = f.oldItem(put);
        if (old != null && sameAttributes(item, old, TableSchema.TYPE, TableSchema.CREATED_AT, "Author", Ticket.TITLE)) {
          // The SDK retried a commit whose answer was lost: the item in place is exactly ours.
          return ticket;
        }
        // The counter only grows, so a taken number means the counter was reset behind our back.
        throw new IllegalStateException(kind.noun() + " number " + number + " is already taken in "
            + owner + "/" + repo + "; the counter is behind the items", f.cause());
      }
      giveBack(counterKey, counted, number);
      if (f.failed(profile)) {
        throw new ForbiddenException(RepoAccess.PROFILE_REQUIRED);
      }
      if (f.failed(membership)) {
        throw new NotFoundException("repository");
      }
      return null;
    });
  }

  /**
   * One issue or pull request (AP23/AP33) in one request: GetItem of the ticket for anonymous
   * callers and the owner, BatchGetItem of the ticket and the caller's Membership for anyone else;
   * the ticket carries its repository's visibility ({@link RepoAccess#readVisible}).
   *
   * @param caller may be null (anonymous read)
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public Ticket get(TicketKind kind, String caller, String owner, String repo, int number) {
    Key key = Keys.ticket(kind, owner, repo, number);
    return Ticket.fromItem(RepoAccess.readVisible(table, key, owner, repo, caller, kind.noun()));
  }

  /**
   * Issues or pull requests of a repository in one state, a page at a time, in ONE Query whose
   * sort-key range also covers the list's head, the item that proves the repository exists and
   * carries its visibility: the Repository for issues (partition {@code REPO#{owner}#{repo}}), the
   * Counter for pull requests (partition {@code PR#{owner}#{repo}}). Head sort keys:
   * {@code REPO#{owner}#{repo}} on GSI1, {@code #REPO#{owner}#{repo}} on GSI4.
   * <ul>
   *   <li>{@code all} (AP24/AP34): GSI1 from {@code ISSUE#} to the head, ascending: by number, head last;</li>
   *   <li>{@code open}, the default (AP25/AP35): GSI4 from the head to the end of {@code ISSUE#OPEN#},
   *       ascending: the sort key holds 99999999 - n, so newest first, head first;</li>
   *   <li>{@code closed} (AP26/AP36): GSI4 from {@code #ISSUE#CLOSED#} to the head: oldest first,
   *       head last; for pull requests this includes merged ones.</li>
   * </ul>
   * (PR prefixes for pull requests.) A page without the head is checked from the visibility its
   * items carry ({@link RepoAccess#requireListVisible}). The cursor is bound to the AP id, so a
   * cursor of the open list is rejected by the closed list, and to the partition, so another
   * repository rejects it.
   *
   * @param state {@code all}, {@code open} or {@code closed}; null means {@code open}
   * @param caller may be null (anonymous read)
   * @throws ValidationException {@code state}, or {@code cursor} (malformed, altered, foreign)
   * @throws NotFoundException {@code repository}: missing, or private to this caller
   */
  public Page<Ticket> list(TicketKind kind, String caller, String owner, String repo, String state, PageRequest page) {
    String s = state == null ? STATE_OPEN : state;
    String partition = Keys.ticketsPartition(kind, owner, repo);
    String headByNumber = Keys.listHeadGsi1(kind, owner, repo).sk();
    String headByState = Keys.listHeadGsi4(kind, owner, repo).sk();
    QuerySpec spec;
    DeclaredPattern pattern;
    boolean headFirst;
    switch (s) {
      case STATE_ALL -> {
        spec = QuerySpec.between(Gsi.GSI1, partition, Keys.ticketNumberPrefix(kind), headByNumber);
        pattern = ap(kind, ForgePattern.AP24, ForgePattern.AP34);
        headFirst = false;
      }
      case STATE_OPEN -> {
        spec = QuerySpec.between(Gsi.GSI4, partition, headByState, Keys.afterPrefix(Keys.ticketOpenPrefix(kind)));
        pattern = ap(kind, ForgePattern.AP25, ForgePattern.AP35);
        headFirst = true;
      }
      case STATE_CLOSED -> {
        spec = QuerySpec.between(Gsi.GSI4, partition, Keys.ticketClosedPrefix(kind), headByState);
        pattern = ap(kind, ForgePattern.AP26, ForgePattern.AP36);
        headFirst = false;
      }
      default -> throw new ValidationException("state", "state must be open, closed or all");
    }
    String headPk = (kind == TicketKind.ISSUE ? Keys.repository(owner, repo) : Keys.counter(owner, repo)).pk();
    TableGateway.HeadedPage result = table.queryWithHead(spec,
        item -> headPk.equals(item.get(TableSchema.PK).s()), headFirst, page, pattern.name());
    RepoAccess.requireListVisible(table, owner, repo, caller, result, page, Visibility::fromItem);
    return result.page().map(Ticket::fromItem);
  }

  /**
   * Edits, closes, reopens or (pull requests) merges (AP27/AP37). Requests: the BatchGetItem of
   * {@link RepoAccess#read} with the ticket (author, state and the caller's role), then one
   * UpdateItem with condition {@code Version = :expected} (ALL_OLD on failure) that sets the
   * changed fields, UpdatedAt and {@code Version + 1}; a state change also rewrites GSI4SK
   * (open: {@code ISSUE#OPEN#{rev8}}, closed or merged: {@code #ISSUE#CLOSED#{n8}}) and sets
   * ClosedAt (removed on reopen) and MergedAt.
   *
   * <p>Permissions (docs/forge/api-contract.md#permissions): the repository owner, or any member of the
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
    // The write's token: the SDK's retry of an update whose answer was lost knows the newer version as its own.
    String token = WriteTokens.next();
    names.put("#wt", TableSchema.WRITE_TOKEN);
    values.put(":wt", AttributeValue.fromS(token));
    set.add("#wt = :wt");
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
      return Ticket.fromItem(table.updateAndGet(key, expression, "#version = :expected", names, values));
    } catch (ConditionalCheckFailedException e) {
      if (!e.hasItem() || e.item().isEmpty()) {
        throw new NotFoundException(kind.noun());
      }
      if (TableGateway.isOwnWrite(e.item(), token)) {
        return Ticket.fromItem(e.item());
      }
      throw new VersionMismatchException(expectedVersion, Items.n(e.item(), TableSchema.VERSION));
    }
  }

  /**
   * UpdateItem ADD LastNumber 1 on the repository's counter (ALL_OLD: the number before, the
   * repository's display names and visibility). {@code visibleOnly}: also on condition that the
   * caller may see the repository without a membership (public, or the caller's own; the
   * counter's key holds the owner's lower-case name). A missing counter is a missing repository.
   *
   * @throws ConditionalCheckFailedException {@code visibleOnly} and the condition failed
   */
  private Map<String, AttributeValue> nextNumber(Key counterKey, String now, boolean visibleOnly, String caller) {
    Map<String, String> names = new LinkedHashMap<>(Map.of("#last", Counter.LAST_NUMBER,
        "#updatedAt", TableSchema.UPDATED_AT, "#pk", TableSchema.PK, "#wt", TableSchema.WRITE_TOKEN));
    // The increment's token: the SDK's retry of an increment whose answer was lost is refused and
    // finds its own number on the counter, instead of taking the next one (a gap).
    String token = WriteTokens.next();
    Map<String, AttributeValue> values = new LinkedHashMap<>(Map.of(":one", AttributeValue.fromN("1"),
        ":now", AttributeValue.fromS(now), ":wt", AttributeValue.fromS(token)));
    String condition = "attribute_exists(#pk) AND (attribute_not_exists(#wt) OR #wt <> :wt)";
    if (visibleOnly) {
      names.put("#private", Visibility.IS_PRIVATE);
      values.put(":false", AttributeValue.fromBool(false));
      values.put(":mine", AttributeValue.fromS(Keys.COUNTER.prefix() + ForgeSegments.account("caller", caller) + "#"));
      condition += " AND (#private = :false OR begins_with(#pk, :mine))";
    }
    Map<String, AttributeValue> before;
    try {
      before = table.getAndUpdate(counterKey, "ADD #last :one SET #updatedAt = :now, #wt = :wt",
          condition, names, values);
    } catch (ConditionalCheckFailedException e) {
      if (TableGateway.isOwnWrite(e.hasItem() ? e.item() : null, token)) {
        // Our increment applied: the counter as it was before it holds one less.
        before = new LinkedHashMap<>(e.item());
        before.put(Counter.LAST_NUMBER, AttributeValue.fromN(Long.toString(Items.n(e.item(), Counter.LAST_NUMBER) - 1)));
        before.remove(TableSchema.WRITE_TOKEN);
      } else if (visibleOnly) {
        throw e;
      } else {
        throw new NotFoundException("repository");
      }
    }
    if (Items.n(before, Counter.LAST_NUMBER) + 1 > ForgeSegments.MAX_NUMBER) {
      giveBack(counterKey, before, ForgeSegments.MAX_NUMBER + 1);
      throw new ConflictException("number", "this repository has used all 99999999 issue and pull request numbers");
    }
    return before;
  }

  /** The number the increment handed out: one more than the counter held. */
  private static int number(Map<String, AttributeValue> before) {
    return (int) (Items.n(before, Counter.LAST_NUMBER) + 1);
  }

  /**
   * Undoes an increment whose ticket was refused, when nobody took a number since (LastNumber
   * still {@code number}): LastNumber and UpdatedAt as they were, so a refused create writes
   * nothing. Otherwise the number stays a gap, which is harmless.
   */
  private void giveBack(Key counterKey, Map<String, AttributeValue> before, long number) {
    AttributeValue token = before.get(TableSchema.WRITE_TOKEN);
    Map<String, AttributeValue> values = new LinkedHashMap<>(Map.of(":before", before.get(Counter.LAST_NUMBER),
        ":updatedAt", before.get(TableSchema.UPDATED_AT), ":number", AttributeValue.fromN(Long.toString(number))));
    if (token != null) {
      values.put(":wt", token);
    }
    try {
      // The increment's token goes back too, so a refused create leaves the counter exactly as it was.
      table.update(counterKey, "SET #last = :before, #updatedAt = :updatedAt" + (token != null ? ", #wt = :wt" : " REMOVE #wt"),
          "#last = :number", Map.of("#last", Counter.LAST_NUMBER, "#updatedAt", TableSchema.UPDATED_AT,
              "#wt", TableSchema.WRITE_TOKEN), values);
    } catch (ConditionalCheckFailedException e) {
      // Someone took a later number: this one stays a gap.
    }
  }

  private Ticket createWithRecord(TicketKind kind, String caller, Ticket ticket, Map<String, AttributeValue> item,
      IdempotentRequest idempotent, java.time.Instant at) {
    WriteTransaction tx = new WriteTransaction(table);
    tx.put(item, "attribute_not_exists(#pk)", Map.of("#pk", TableSchema.PK), Map.of());
    int putRecord = idempotent.putRecord(tx, caller, Keys.ticket(kind, ticket.owner(), ticket.repo(), ticket.number()),
        at);
    return tx.commit(ticket, f -> f.failed(putRecord)
        ? idempotent.replayWinner(table, caller, Ticket::fromItem, kind.noun()) : null);
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
  static DeclaredPattern ap(TicketKind kind, DeclaredPattern issue, DeclaredPattern pullRequest) {
    return kind == TicketKind.ISSUE ? issue : pullRequest;
  }
}
