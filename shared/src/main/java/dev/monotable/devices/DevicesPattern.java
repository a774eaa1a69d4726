package dev.monotable.devices;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.schema.TableSchema.Gsi;

/** The access patterns of Devices, each with the one DynamoDB request that serves it. */
public enum DevicesPattern implements AccessPatternSpec {
  P01("create an entry", "PutItem", null, "Put Entry attribute_not_exists(PK)", "entry, body: text"),
  P02("get an entry", "GetItem", null, "PK = ENTRY#{entry}, SK = ENTRY#{entry}", "entry");

  private final String description;
  private final String operation;
  private final Gsi index;
  private final String keyCondition;
  private final String parameters;

  DevicesPattern(String description, String operation, Gsi index, String keyCondition, String parameters) {
    this.description = description;
    this.operation = operation;
    this.index = index;
    this.keyCondition = keyCondition;
    this.parameters = parameters;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public String operation() {
    return operation;
  }

  @Override
  public Gsi index() {
    return index;
  }

  @Override
  public String keyCondition() {
    return keyCondition;
  }

  @Override
  public String parameters() {
    return parameters;
  }
}
