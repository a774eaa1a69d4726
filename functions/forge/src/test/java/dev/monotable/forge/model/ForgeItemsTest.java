package dev.monotable.forge.model;

import static dev.monotable.kit.schema.TableSchema.TTL;
import static dev.monotable.kit.schema.TableSchema.VERSION;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of Forge's entities declared with {@link dev.monotable.kit.entity.Entity} are the items
 * their hand-written {@code toItem} wrote before: each legacy builder below is that code, kept as
 * the reference, so a declaration that drifts from the stored layout fails here and not in a table.
 */
class ForgeItemsTest {

  static final String T0 = "2026-01-02T03:04:05.678Z";
  static final String T1 = "2026-02-03T04:05:06.789Z";

  @Test
  void user_shouldWriteTheItemItAlwaysWrote() {
    for (User u : new User[] {new User("Alice", "alice@example.com", "Alice A.", "hello", T0, T1, 3),
        new User("bob", "bob@example.com", null, null, T0, T0, 1)}) {
      Map<String, AttributeValue> legacy = Items.builder(User.TYPE, Keys.account(u.username()))
          .gsi(Gsi.GSI1, Keys.account(u.username()))
          .gsi(Gsi.GSI3, Keys.account(u.username()))
          .s("Username", u.username()).s("Email", u.email()).s("Name", u.name()).s("Bio", u.bio())
          .audit(u.createdAt(), u.updatedAt()).n(VERSION, u.version())
          .build();
      assertEquals(legacy, u.toItem());
      assertEquals(u, User.fromItem(u.toItem()));
    }
  }

  @Test
  void accountEmail_shouldWriteTheItemItAlwaysWrote() {
    AccountEmail e = new AccountEmail("Alice@Example.com", "Alice", T0);
    Map<String, AttributeValue> legacy = Items.builder(AccountEmail.TYPE, Keys.accountEmail(e.email()))
        .s("Email", e.email().toLowerCase(Locale.ROOT)).s("Username", e.username())
        .audit(e.createdAt(), e.createdAt())
        .build();
    assertEquals(legacy, e.toItem());
  }

  @Test
  void organization_shouldWriteTheItemItAlwaysWrote() {
    for (Organization o : new Organization[] {new Organization("Acme", "Acme Inc.", "tools", 2, T0, T1, 4),
        new Organization("initech", null, null, 1, T0, T0, 1)}) {
      Map<String, AttributeValue> legacy = Items.builder(Organization.TYPE, Keys.account(o.org()))
          .gsi(Gsi.GSI1, Keys.account(o.org()))
          .gsi(Gsi.GSI3, Keys.account(o.org()))
          .s("Org", o.org()).s("Name", o.name()).s("Description", o.description())
          .n(Organization.ADMIN_COUNT, o.adminCount())
          .audit(o.createdAt(), o.updatedAt()).n(VERSION, o.version())
          .build();
      assertEquals(legacy, o.toItem());
      assertEquals(o, Organization.fromItem(o.toItem()));
    }
  }

  @Test
  void membership_shouldWriteTheItemItAlwaysWrote() {
    Membership m = new Membership("Acme", "Alice", Role.ADMIN, T0, T1, 2);
    Map<String, AttributeValue> legacy = Items.builder(Membership.TYPE, Keys.membership(m.org(), m.username()))
        .gsi(Gsi.GSI1, Keys.membershipGsi1(m.org(), m.username()))
        .s("Org", m.org()).s("Username", m.username()).s(Membership.ROLE, m.role().value())
        .audit(m.createdAt(), m.updatedAt()).n(VERSION, m.version())
        .build();
    assertEquals(legacy, m.toItem());
    assertEquals(m, Membership.fromItem(m.toItem()));
  }

  @Test
  void invitation_shouldWriteTheItemItAlwaysWrote() {
    Invitation inv = new Invitation("Acme", "New.Hire@Example.com", Role.MEMBER, "alice", T0, 1_800_000_000L);
    Map<String, AttributeValue> legacy = Items.builder(Invitation.TYPE, Keys.invitation(inv.org(), inv.email()))
        .s("Org", inv.org()).s("Email", inv.email().toLowerCase(Locale.ROOT)).s("Role", inv.role().value())
        .s("InvitedBy", inv.invitedBy())
        .n(TTL, inv.expiresAt())
        .audit(inv.createdAt(), inv.createdAt())
        .build();
    assertEquals(legacy, inv.toItem());
  }

  @Test
  void star_shouldWriteTheItemItAlwaysWrote() {
    for (Star st : new Star[] {new Star("Bob", "Alice", "Hello.World", true, T0), new Star("bob", "o", "r", false, T1)}) {
      Map<String, AttributeValue> legacy = Items.builder(Star.TYPE, Keys.star(st.username(), st.owner(), st.repo()))
          .gsi(Gsi.GSI1, Keys.starGsi1(st.username(), st.owner(), st.repo(), st.starredAt()))
          .s("Username", st.username()).s("Owner", st.owner()).s("Repo", st.repo())
          .bool(Repository.IS_PRIVATE, st.repoIsPrivate())
          .s("StarredAt", st.starredAt())
          .audit(st.starredAt(), st.starredAt())
          .build();
      assertEquals(legacy, st.toItem());
      assertEquals(st, Star.fromItem(st.toItem()));
    }
  }

  @Test
  void activity_shouldWriteTheItemItAlwaysWrote() {
    for (Activity a : new Activity[] {
        new Activity("Alice", "01JD5Z8X9Y0ABCDEFGHJKMNPQR", "IssueOpened", "bob", "Alice", "Hello", 7, "opened #7",
            T0, 1_800_000_000L),
        new Activity("carol", "01JD5Z8X9Y0ABCDEFGHJKMNPQS", "Starred", null, null, null, null, null, T1, 1L)}) {
      Items.Builder b = Items.builder(Activity.TYPE, Keys.activity(a.account(), a.createdAt(), a.id()))
          .s("Account", a.account()).s("Id", a.id()).s("Event", a.event()).s("Actor", a.actor())
          .s("Owner", a.owner()).s("Repo", a.repo()).s("Summary", a.summary());
      if (a.number() != null) {
        b.n("Number", a.number());
      }
      Map<String, AttributeValue> legacy = b.n(TTL, a.expiresAt()).audit(a.createdAt(), a.createdAt()).build();
      assertEquals(legacy, a.toItem());
      assertEquals(a, Activity.fromItem(a.toItem()));
    }
  }

  @Test
  void countedComment_shouldWriteTheItemItAlwaysWrote_inItsTargetsPartition() {
    for (TicketKind kind : TicketKind.values()) {
      CountedComment c = new CountedComment(kind, "Alice", "Hello.World", 42, "01JD5Z8X9Y0ABCDEFGHJKMNPQR", T0);
      Map<String, AttributeValue> legacy = Items.builder(CountedComment.TYPE,
              Keys.countedComment(kind, c.owner(), c.repo(), c.number(), c.commentId()))
          .s("Target", kind.type()).s("Owner", c.owner()).s("Repo", c.repo()).n("Number", c.number())
          .s("Id", c.commentId())
          .audit(c.createdAt(), c.createdAt())
          .build();
      assertEquals(legacy, c.toItem());
      assertEquals(c, CountedComment.fromItem(c.toItem()));
    }
  }

  @Test
  void reaction_shouldWriteTheItemItAlwaysWrote_inItsTargetsPartition() {
    for (TicketKind kind : TicketKind.values()) {
      Reaction r = new Reaction(kind, "Alice", "Hello.World", 7, "Bob", "+1", T0);
      Map<String, AttributeValue> legacy = Items.builder(Reaction.TYPE,
              Keys.reaction(kind, r.owner(), r.repo(), r.number(), r.username(), r.type()))
          .s("Target", kind.type()).s("Owner", r.owner()).s("Repo", r.repo()).n("Number", r.number())
          .s("Username", r.username()).s("Reaction", r.type())
          .audit(r.createdAt(), r.createdAt())
          .build();
      assertEquals(legacy, r.toItem());
      assertEquals(r, Reaction.fromItem(r.toItem()));
    }
  }

  @Test
  void repository_shouldWriteTheItemItAlwaysWrote_aForkUnderItsOriginalOnGsi2() {
    for (Repository r : new Repository[] {
        new Repository("Alice", "Hello.World", "my first", false, false, null, 3, 1, T0, T1, 2),
        new Repository("Acme", "tools", null, true, true, null, 0, 0, T0, T0, 1),
        new Repository("Bob", "Hello.World", "a fork", false, false, new RepoRef("Alice", "Hello.World"), 0, 0, T1, T1,
            1)}) {
      Items.Builder b = Items.builder(Repository.TYPE, Keys.repository(r.owner(), r.name()))
          .gsi(Gsi.GSI1, Keys.repository(r.owner(), r.name()))
          .gsi(Gsi.GSI2, r.forkOf() == null ? Keys.repository(r.owner(), r.name())
              : Keys.forkGsi2(r.forkOf().owner(), r.forkOf().name(), r.owner()))
          .gsi(Gsi.GSI3, Keys.repoUpdatedGsi3(r.owner(), r.updatedAt()))
          .gsi(Gsi.GSI4, Keys.repoGsi4(r.owner(), r.name()))
          .s("Owner", r.owner()).s("Name", r.name()).s("Description", r.description())
          .bool(Repository.IS_PRIVATE, r.isPrivate()).s(Repository.OWNER_TYPE, r.ownerIsOrg() ? "Organization" : "User")
          .n(Repository.STAR_COUNT, r.starCount()).n(Repository.FORK_COUNT, r.forkCount());
      if (r.forkOf() != null) {
        b.s("ForkOf", r.forkOf().toString());
      }
      assertEquals(b.audit(r.createdAt(), r.updatedAt()).n(VERSION, r.version()).build(), r.toItem());
      assertEquals(r, Repository.fromItem(r.toItem()));
    }
  }

  static final Visibility PRIVATE_ORG = new Visibility(true, true);

  @Test
  void counter_shouldWriteTheItemItAlwaysWrote_withOrWithoutTheVisibilityCopy() {
    for (Counter c : new Counter[] {new Counter("Alice", "Hello.World", 12, PRIVATE_ORG, T0, T1),
        new Counter("bob", "r", 0, new Visibility(false, false), T0, T0), new Counter("old", "r", 3, null, T0, T1)}) {
      Items.Builder b = Items.builder(Counter.TYPE, Keys.counter(c.owner(), c.repo()))
          .gsi(Gsi.GSI1, Keys.listHeadGsi1(TicketKind.PULL_REQUEST, c.owner(), c.repo()))
          .gsi(Gsi.GSI4, Keys.listHeadGsi4(TicketKind.PULL_REQUEST, c.owner(), c.repo()))
          .s("Owner", c.owner()).s("Repo", c.repo()).n(Counter.LAST_NUMBER, c.lastNumber());
      copy(b, c.visibility());
      assertEquals(b.audit(c.createdAt(), c.updatedAt()).build(), c.toItem());
      assertEquals(c, Counter.fromItem(c.toItem()));
    }
  }

  @Test
  void comment_shouldWriteTheItemItAlwaysWrote_withOrWithoutTheVisibilityCopy() {
    for (TicketKind kind : TicketKind.values()) {
      for (Visibility visibility : new Visibility[] {PRIVATE_ORG, new Visibility(false, false), null}) {
        Comment c = new Comment(kind, "Alice", "Hello.World", 42, "01JD5Z8X9Y0ABCDEFGHJKMNPQR", "Bob", "nice",
            T0, T1, 2, visibility);
        Items.Builder b = Items.builder(kind.commentType(), Keys.comment(kind, c.owner(), c.repo(), c.number(), c.id()))
            .s("Owner", c.owner()).s("Repo", c.repo()).n("Number", c.number()).s("Id", c.id())
            .s("Author", c.author()).s("Body", c.body())
            .audit(c.createdAt(), c.updatedAt()).n(VERSION, c.version());
        copy(b, visibility);
        assertEquals(b.build(), c.toItem());
        assertEquals(c, Comment.fromItem(c.toItem()));
      }
    }
  }

  @Test
  void ticket_shouldWriteTheItemItAlwaysWrote_inEachKindAndState() {
    for (TicketKind kind : TicketKind.values()) {
      boolean pr = kind == TicketKind.PULL_REQUEST;
      for (TicketState state : TicketState.values()) {
        if (state == TicketState.MERGED && !pr) {
          continue;
        }
        for (Visibility visibility : new Visibility[] {PRIVATE_ORG, null}) {
          Ticket t = new Ticket(kind, "Alice", "Hello.World", 42, "a title", state == TicketState.OPEN ? null : "body",
              state, "Bob", pr ? "feature" : null, pr ? "main" : null, 3, Map.of("+1", 2L, "eyes", 1L), T0, T1,
              state.isOpen() ? null : T1, state == TicketState.MERGED ? T1 : null, 4, visibility);
          Items.Builder b = Items.builder(kind.type(), Keys.ticket(kind, t.owner(), t.repo(), t.number()))
              .gsi(Gsi.GSI1, Keys.ticketGsi1(kind, t.owner(), t.repo(), t.number()))
              .gsi(Gsi.GSI4, Keys.ticketGsi4(kind, t.owner(), t.repo(), t.number(), t.state().isOpen()))
              .s("Owner", t.owner()).s("Repo", t.repo()).n("Number", t.number()).s(Ticket.TITLE, t.title())
              .s(Ticket.BODY, t.body()).s(Ticket.STATE, t.state().value()).s("Author", t.author())
              .s("Head", t.head()).s("Base", t.base())
              .n(Ticket.COMMENT_COUNT, t.commentCount()).counts(Ticket.REACTIONS, t.reactions())
              .s(Ticket.CLOSED_AT, t.closedAt()).s(Ticket.MERGED_AT, t.mergedAt())
              .audit(t.createdAt(), t.updatedAt()).n(VERSION, t.version());
          copy(b, visibility);
          assertEquals(b.build(), t.toItem());
          assertEquals(t, Ticket.fromItem(t.toItem()));
        }
      }
    }
  }

  @Test
  void aRecordReadFromABrokenItem_shouldBeWrittenBackAsTheOldCodeWroteIt() {
    // the backfill reads each item into its record and writes it back; the chart judges what is missing
    User u = new User("carol", null, null, null, T0, null, 1);
    assertEquals(Items.builder(User.TYPE, Keys.account("carol")).gsi(Gsi.GSI1, Keys.account("carol"))
        .gsi(Gsi.GSI3, Keys.account("carol")).s("Username", "carol").audit(T0, null).n(VERSION, 1).build(),
        u.toItem());
    Ticket t = new Ticket(TicketKind.ISSUE, "o", "r", 1, null, null, TicketState.OPEN, null, null, null, 0, Map.of(),
        null, null, null, null, 1, null);
    assertEquals(Items.builder("Issue", Keys.ticket(TicketKind.ISSUE, "o", "r", 1))
        .gsi(Gsi.GSI1, Keys.ticketGsi1(TicketKind.ISSUE, "o", "r", 1))
        .gsi(Gsi.GSI4, Keys.ticketGsi4(TicketKind.ISSUE, "o", "r", 1, true))
        .s("Owner", "o").s("Repo", "r").n("Number", 1).s(Ticket.STATE, "open").n(Ticket.COMMENT_COUNT, 0)
        .counts(Ticket.REACTIONS, Map.of()).audit(null, null).n(VERSION, 1).build(), t.toItem());
  }

  /** What the hand-written items wrote for the visibility copy. */
  private static void copy(Items.Builder b, Visibility visibility) {
    if (visibility != null) {
      b.bool("IsPrivate", visibility.isPrivate()).s("OwnerType", visibility.ownerIsOrg() ? "Organization" : "User");
    }
  }
}
