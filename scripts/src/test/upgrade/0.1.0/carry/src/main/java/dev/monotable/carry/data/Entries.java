package dev.monotable.carry.data;

import dev.monotable.carry.model.Entry;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Timestamps;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of entries: one method per access pattern, each one request. */
public final class Entries {

  private final TableGateway table;

  public Entries(TableGateway table) {
    this.table = table;
  }

  /**
   * P01: one PutItem, {@code attribute_not_exists(PK)}.
   *
   * @throws ConflictException {@code entry}: an entry with this name exists (nothing written)
   */
  public Entry create(String entry, String text) {
    if (text == null || text.isBlank() || text.codePointCount(0, text.length()) > Entry.TEXT_MAX) {
      throw new ValidationException("text", "text must be 1-" + Entry.TEXT_MAX + " characters");
    }
    Entry e = new Entry(entry, text, Timestamps.format(table.clock().instant()));
    try {
      table.putIfAbsent(e.toItem());
    } catch (ConditionalCheckFailedException ex) {
      throw new ConflictException("entry", "an entry named " + entry + " exists");
    }
    return e;
  }

  /**
   * P02: one GetItem.
   *
   * @throws NotFoundException {@code entry}
   */
  public Entry get(String entry) {
    return table.get(Entry.key(entry)).map(Entry::fromItem).orElseThrow(() -> new NotFoundException("entry"));
  }
}
