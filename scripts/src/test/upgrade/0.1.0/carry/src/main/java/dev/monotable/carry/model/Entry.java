package dev.monotable.carry.model;

import dev.monotable.carry.keys.CarryKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Key;
import java.util.Collections;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One entry: its name (the key), its text and when it was created. */
public record Entry(String entry, String text, String createdAt) {

  public static final String TYPE = "Entry";

  /** Longest text, in characters. */
  public static final int TEXT_MAX = 1000;

  /** The layout, declared once: the item, its key, the entity chart and the validator's rules come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, CarryKeys.ENTRY, CarryKeys.ENTRY)
      .attributes(
          Attr.segment("Entry", "entry", CarryKeys.ENTRY_NAME, "the entry's name"),
          Attr.string("Text", "text", "the entry's text"))
      .build();

  /** The key of an entry; a name that is no valid key segment is a 400 naming {@code entry}. */
  public static Key key(String entry) {
    return ENTITY.key(Collections.singletonMap("entry", entry));
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Map.of("entry", entry, "text", text, "createdAt", createdAt));
  }

  public static Entry fromItem(Map<String, AttributeValue> item) {
    Map<String, Object> v = ENTITY.values(item);
    return new Entry((String) v.get("entry"), (String) v.get("text"), (String) v.get("createdAt"));
  }
}
