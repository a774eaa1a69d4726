package dev.monotable.devices.model;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One entry: its name (the key), its text and when it was created. */
public record Entry(String entry, String text, String createdAt) {

  public static final String TYPE = "Entry";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, DevicesKeys.entry(entry))
        .s("Entry", entry).s("Text", text)
        .audit(createdAt, createdAt)
        .build();
  }

  public static Entry fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Entry(Items.s(item, "Entry"), Items.s(item, "Text"), Items.s(item, TableSchema.CREATED_AT));
  }
}
