package dev.monotable.forge.data;

import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.data.WriteTokens;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import static dev.monotable.kit.schema.TableSchema.PK;
import static dev.monotable.kit.schema.TableSchema.TYPE;
import static dev.monotable.kit.schema.TableSchema.UPDATED_AT;
import static dev.monotable.kit.schema.TableSchema.VERSION;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.AccountEmail;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.User;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * User accounts (AP01-AP03): the User item and the AccountEmail uniqueness item that keeps one
 * account per e-mail address. User names share the {@code ACCOUNT#} namespace with organizations,
 * so a name held by an organization is taken for users too.
 */
public final class Accounts {
  private static final String EMAIL = "Email";
  private static final String NAME = "Name";
  private static final String BIO = "Bio";
  private static final String USERNAME = "Username";

  private final TableGateway table;

  public Accounts(TableGateway table) {
    this.table = table;
  }

  /**
   * AP01: TransactWriteItems of Put User and Put AccountEmail, each {@code attribute_not_exists(PK)}.
   * The e-mail is stored lower-case; an empty name or bio is stored as absent.
   *
   * @throws ForbiddenException when the caller is not {@code username} (case-insensitive)
   * @throws ConflictException {@code username} when a user or organization has the name,
   *     {@code email} when another account uses the address
   */
  public User createUser(String caller, String username, String email, String name, String bio) {
    ForgeSegments.account("username", username);
    String mail = Segments.email("email", email);
    String n = emptyToNull(Rules.shortText("name", name));
    String b = emptyToNull(Rules.longText("bio", bio, false));
    requireSelf(caller, username, "the caller creates their own profile only");

    String now = Timestamps.format(table.clock().instant());
    User user = new User(username, mail, n, b, now, now, 1);
    AccountEmail accountEmail = new AccountEmail(mail, username, now);
    WriteTransaction tx = new WriteTransaction(table);
    int putUser = tx.putIfAbsent(user.toItem());
    int putEmail = tx.putIfAbsent(accountEmail.toItem());
    tx.commit(f -> {
      if (f.failed(putUser)) {
        Map<String, AttributeValue> holder = f.oldItem(putUser);
        boolean org = holder != null && Organization.TYPE.equals(Items.type(holder));
        throw new ConflictException("username",
            org ? "an organization already has this name" : "username is already taken");
      }
      if (f.failed(putEmail)) {
        throw new ConflictException("email", "email is already used by another account");
      }
    });
    return user;
  }

  /**
   * AP02: one strongly consistent GetItem of {@code ACCOUNT#{username}}.
   *
   * @throws NotFoundException {@code user} when absent or when the name belongs to an organization
   */
  public User getUser(String username) {
    Key key = Keys.account(username);
    return table.get(key)
        .filter(item -> User.TYPE.equals(Items.type(item)))
        .map(User::fromItem)
        .orElseThrow(() -> new NotFoundException("user"));
  }

  /**
   * AP03: profile update under optimistic locking ({@code Version = :expected}, then Version + 1).
   * Without an e-mail change it is one UpdateItem, conditioned also on the patch changing
   * something, so a patch that repeats the stored values fails its condition and writes nothing
   * (the old item, returned by the failed condition, is the answer). With an e-mail change, a
   * GetItem reads the current address, then TransactWriteItems updates the User (conditioned on
   * Version and the old Email), deletes the old AccountEmail (conditioned on belonging to this
   * user) and puts the new one ({@code attribute_not_exists}). A patch with no field, or one that
   * changes nothing, writes nothing and returns the current profile (If-Match still checked: an
   * empty patch under If-Match costs one GetItem).
   *
   * @throws ForbiddenException when the caller is not the user
   * @throws NotFoundException {@code user} when no such user exists
   * @param expectedVersion the If-Match version, or null to update the version read first (one GetItem)
   * @throws VersionMismatchException when {@code expectedVersion} is stale
   * @throws ConflictException {@code email} when another account uses the new address
   */
  public User updateUser(String caller, String username, Long expectedVersion, UserPatch patch) {
    Key key = Keys.account(username);
    UserPatch p = patch == null ? new UserPatch(null, null, null) : patch;
    Rules.shortText("name", p.name());
    Rules.longText("bio", p.bio(), false);
    String newEmail = null;
    if (p.email() != null) {
      newEmail = Segments.email("email", p.email());
    }
    requireSelf(caller, username, "a user edits only their own profile");
    String now = Timestamps.format(table.clock().instant());
    boolean empty = p.name() == null && p.bio() == null && newEmail == null;

    // Without If-Match the update applies to the version read here (still conditional, so a
    // concurrent writer between the read and the write is detected).
    User current = null;
    if (expectedVersion == null || newEmail != null || empty) {
      current = table.get(key)
          .filter(item -> User.TYPE.equals(Items.type(item)))
          .map(User::fromItem)
          .orElseThrow(() -> new NotFoundException("user"));
    }
    long expected = expectedVersion != null ? expectedVersion : current.version();
    if (current != null) {
      if (current.version() != expected) {
        throw new VersionMismatchException(expected, current.version());
      }
      if (unchanged(current, p, newEmail)) {
        return current;
      }
    }
    if (newEmail == null) {
      return updateProfile(key, expected, p, now);
    }
    if (newEmail.equals(current.email())) {
      // Same address (perhaps typed in another case): the AccountEmail item stays as it is.
      return updateProfile(key, expected, new UserPatch(p.name(), p.bio(), null), now);
    }
    return swapEmail(key, current, expected, p, newEmail, now);
  }

  /** True when applying the patch would leave every field as stored. */
  private static boolean unchanged(User current, UserPatch p, String newEmail) {
    return (p.name() == null || java.util.Objects.equals(emptyToNull(p.name()), current.name()))
        && (p.bio() == null || java.util.Objects.equals(emptyToNull(p.bio()), current.bio()))
        && (newEmail == null || newEmail.equals(current.email()));
  }

  private User updateProfile(Key key, long expectedVersion, UserPatch p, String now) {
    ProfileUpdate u = ProfileUpdate.of(p, null, now);
    Map<String, String> names = u.names();
    names.put("#type", TYPE);
    Map<String, AttributeValue> values = u.values();
    values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    values.put(":user", AttributeValue.fromS(User.TYPE));
    // The write's token: the SDK's retry of an update whose answer was lost knows the newer version as its own.
    String token = WriteTokens.next();
    names.put("#wt", TableSchema.WRITE_TOKEN);
    values.put(":wt", AttributeValue.fromS(token));
    try {
      return User.fromItem(table.updateAndGet(key, "SET #wt = :wt, " + u.expression().substring("SET ".length()),
          "#v = :expected AND #type = :user AND (" + u.changes() + ")", names, values));
    } catch (ConditionalCheckFailedException e) {
      Map<String, AttributeValue> old = e.hasItem() && !e.item().isEmpty() ? e.item() : null;
      if (TableGateway.isOwnWrite(old, token)) {
        return User.fromItem(old);
      }
      if (old != null && User.TYPE.equals(Items.type(old)) && Items.n(old, VERSION) == expectedVersion) {
        // Right version, so the condition failed on "changes something": nothing to write.
        return User.fromItem(old);
      }
      throw staleOrMissing(old, expectedVersion);
    }
  }

  private User swapEmail(Key key, User current, long expectedVersion, UserPatch p, String newEmail, String now) {
    ProfileUpdate u = ProfileUpdate.of(p, newEmail, now);
    Map<String, String> names = u.names();
    Map<String, AttributeValue> values = u.values();
    values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    values.put(":oldEmail", AttributeValue.fromS(current.email()));
    WriteTransaction tx = new WriteTransaction(table);
    int update = tx.update(key, u.expression(), "#v = :expected AND #email = :oldEmail", names, values);
    tx.delete(Keys.accountEmail(current.email()), "#username = :me", Map.of("#username", USERNAME),
        Map.of(":me", AttributeValue.fromS(current.username())));
    int putEmail = tx.putIfAbsent(new AccountEmail(newEmail, current.username(), now).toItem());
    tx.commit(f -> {
      if (f.failed(update)) {
        throw staleOrMissing(f.oldItem(update), expectedVersion);
      }
      if (f.failed(putEmail)) {
        throw new ConflictException("email", "email is already used by another account");
      }
      // The old AccountEmail not being this user's while the User item still names it is corruption.
    });
    return new User(current.username(), newEmail, applied(p.name(), current.name()), applied(p.bio(), current.bio()),
        current.createdAt(), now, expectedVersion + 1);
  }

  private static RuntimeException staleOrMissing(Map<String, AttributeValue> old, long expectedVersion) {
    if (old == null || !User.TYPE.equals(Items.type(old))) {
      return new NotFoundException("user");
    }
    return new VersionMismatchException(expectedVersion, Items.n(old, VERSION));
  }

  /** Checks the caller is the account being written; names compare case-insensitively. */
  private static void requireSelf(String caller, String username, String message) {
    if (caller == null) {
      throw new UnauthorizedException("authentication required");
    }
    if (!ForgeSegments.account("caller", caller).equals(ForgeSegments.account("username", username))) {
      throw new ForbiddenException(message);
    }
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /** The value after a patch: null keeps {@code current}, empty clears. */
  private static String applied(String patched, String current) {
    return patched == null ? current : emptyToNull(patched);
  }

  /** SET/REMOVE clauses of a profile update; only names and values it uses (moto rejects unused ones). */
  private record ProfileUpdate(String expression, String changes, Map<String, String> names,
      Map<String, AttributeValue> values) {

    static ProfileUpdate of(UserPatch p, String newEmail, String now) {
      Map<String, String> names = new LinkedHashMap<>();
      Map<String, AttributeValue> values = new LinkedHashMap<>();
      List<String> set = new ArrayList<>();
      List<String> remove = new ArrayList<>();
      List<String> changes = new ArrayList<>();
      names.put("#v", VERSION);
      names.put("#updated", UPDATED_AT);
      values.put(":one", AttributeValue.fromN("1"));
      values.put(":now", AttributeValue.fromS(now));
      set.add("#v = #v + :one");
      set.add("#updated = :now");
      text(p.name(), "#name", NAME, ":name", names, values, set, remove, changes);
      text(p.bio(), "#bio", BIO, ":bio", names, values, set, remove, changes);
      if (newEmail != null) {
        names.put("#email", EMAIL);
        values.put(":email", AttributeValue.fromS(newEmail));
        set.add("#email = :email");
        changes.add("#email <> :email");
      }
      String expression = "SET " + String.join(", ", set) + (remove.isEmpty() ? "" : " REMOVE " + String.join(", ", remove));
      return new ProfileUpdate(expression, changes.isEmpty() ? "attribute_exists(#v)" : String.join(" OR ", changes),
          names, values);
    }

    private static void text(String value, String alias, String attribute, String placeholder,
        Map<String, String> names, Map<String, AttributeValue> values, List<String> set, List<String> remove,
        List<String> changes) {
      if (value == null) {
        return;
      }
      names.put(alias, attribute);
      if (value.isEmpty()) {
        remove.add(alias);
        changes.add("attribute_exists(" + alias + ")");
      } else {
        values.put(placeholder, AttributeValue.fromS(value));
        set.add(alias + " = " + placeholder);
        changes.add("attribute_not_exists(" + alias + ") OR " + alias + " <> " + placeholder);
      }
    }
  }
}
