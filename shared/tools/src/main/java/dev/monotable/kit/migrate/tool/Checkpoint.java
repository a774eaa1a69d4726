package dev.monotable.kit.migrate.tool;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where each Scan segment of each old table stands, in a local file replaced atomically after each
 * page the backfill finished (written, re-checked): a killed backfill resumes each segment after its
 * last finished page. A page begun but not finished is read again; its writes are creations only
 * ({@code attribute_not_exists(PK)}), so doing them twice changes nothing.
 *
 * <p>Before a page's copies are written, the keys they are written under are journalled with the
 * segment ({@link #pending}): an item deleted after the Scan read it is gone from the old table when
 * the page is read again, so only the journal leads a resumed run to the copy a killed run made of it.
 * Finishing the page ({@link #save}) clears the journal.
 */
final class Checkpoint {
  private static final String DONE = "done";

  private final Path file;
  private final Properties state = new Properties();

  private Checkpoint(Path file) {
    this.file = file;
  }

  /**
   * The checkpoint in {@code file} (created when absent) of this plan and segment count.
   *
   * @throws IllegalStateException the file is of another plan or another segment count
   */
  static Checkpoint open(Path file, String plan, int totalSegments) {
    Checkpoint c = new Checkpoint(file);
    if (Files.exists(file)) {
      try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        c.state.load(r);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (!plan.equals(c.state.getProperty("plan"))
          || !Integer.toString(totalSegments).equals(c.state.getProperty("totalSegments"))) {
        throw new IllegalStateException(file + " is the checkpoint of " + c.state.getProperty("plan") + " in "
            + c.state.getProperty("totalSegments") + " segments, not of " + plan + " in " + totalSegments
            + ": resume with the same options, or remove it to start over");
      }
    } else {
      c.state.setProperty("plan", plan);
      c.state.setProperty("totalSegments", Integer.toString(totalSegments));
      c.write();
    }
    return c;
  }

  /** True when the segment was finished by an earlier run. */
  synchronized boolean done(String table, int segment) {
    return DONE.equals(state.getProperty(name(table, segment)));
  }

  /** True when an earlier run had begun the segment (journalled or finished at least one page of it). */
  synchronized boolean begun(String table, int segment) {
    return state.getProperty(name(table, segment)) != null || state.getProperty(pendingName(table, segment)) != null;
  }

  /** The key the segment's next Scan page starts after, or null to start from the beginning. */
  synchronized Map<String, AttributeValue> startKey(String table, int segment) {
    String v = state.getProperty(name(table, segment));
    return v == null || DONE.equals(v) ? null : decode(v);
  }

  /** Records the segment's progress: the last page's LastEvaluatedKey, or null when it is finished. */
  synchronized void save(String table, int segment, Map<String, AttributeValue> lastKey) {
    state.setProperty(name(table, segment), lastKey == null || lastKey.isEmpty() ? DONE : encode(lastKey));
    state.remove(pendingName(table, segment));
    write();
  }

  private void write() {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        new Properties() {
          @Override
          public synchronized java.util.Set<Map.Entry<Object, Object>> entrySet() {
            return java.util.Collections.unmodifiableSet(new TreeMap<>(state).entrySet());
          }
        }.store(w, "scripts/migrate backfill: each old table's Scan segment, done or the key after its last page");
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An old item's key and the key of the single-table item the backfill copies it to. */
  record PendingCopy(Map<String, AttributeValue> oldKey, Map<String, AttributeValue> newKey) {}

  /** Journals the copies a page is about to write, before the first of them. */
  synchronized void pending(String table, int segment, java.util.List<PendingCopy> copies) {
    StringBuilder b = new StringBuilder();
    for (PendingCopy c : copies) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(encode(c.oldKey())).append('>').append(encode(c.newKey()));
    }
    state.setProperty(pendingName(table, segment), b.toString());
    write();
  }

  /** The copies a killed run journalled for the segment's unfinished page; empty when it finished its pages. */
  synchronized java.util.List<PendingCopy> pending(String table, int segment) {
    String v = state.getProperty(pendingName(table, segment));
    if (v == null || v.isEmpty()) {
      return java.util.List.of();
    }
    java.util.List<PendingCopy> copies = new java.util.ArrayList<>();
    for (String pair : v.split(" ")) {
      int gt = pair.indexOf('>');
      copies.add(new PendingCopy(decode(pair.substring(0, gt)), decode(pair.substring(gt + 1))));
    }
    return copies;
  }

  private static String name(String table, int segment) {
    return table + "." + segment;
  }

  private static String pendingName(String table, int segment) {
    return name(table, segment) + ".pending";
  }

  /** A key's attributes as {@code name=S:base64;...}: keys are strings, numbers or binaries. */
  static String encode(Map<String, AttributeValue> key) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, AttributeValue> e : new TreeMap<>(key).entrySet()) {
      AttributeValue v = e.getValue();
      String kind;
      byte[] bytes;
      if (v.s() != null) {
        kind = "S";
        bytes = v.s().getBytes(StandardCharsets.UTF_8);
      } else if (v.n() != null) {
        kind = "N";
        bytes = v.n().getBytes(StandardCharsets.UTF_8);
      } else if (v.b() != null) {
        kind = "B";
        bytes = v.b().asByteArray();
      } else {
        throw new IllegalArgumentException("a key attribute is a string, number or binary: " + e.getKey());
      }
      if (b.length() > 0) {
        b.append(';');
      }
      Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
      b.append(base64.encodeToString(e.getKey().getBytes(StandardCharsets.UTF_8))).append('=')
          .append(kind).append(':').append(base64.encodeToString(bytes));
    }
    return b.toString();
  }

  static Map<String, AttributeValue> decode(String text) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (String part : text.split(";")) {
      int eq = part.indexOf('=');
      String name = new String(Base64.getUrlDecoder().decode(part.substring(0, eq)), StandardCharsets.UTF_8);
      String kind = part.substring(eq + 1, eq + 2);
      byte[] bytes = Base64.getUrlDecoder().decode(part.substring(eq + 3));
      key.put(name, switch (kind) {
        case "S" -> AttributeValue.fromS(new String(bytes, StandardCharsets.UTF_8));
        case "N" -> AttributeValue.fromN(new String(bytes, StandardCharsets.UTF_8));
        default -> AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
      });
    }
    return key;
  }
}
