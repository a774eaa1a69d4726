package dev.monotable.kit.catalog;

import java.util.Set;

/**
 * The DynamoDB calls an access pattern may be served by: keyed reads and keyed writes only. Scan is
 * not one of them, so no declared pattern can be served by a Scan (the operator tools that scan
 * declare no pattern).
 */
public enum Operation {
  GET_ITEM("GetItem", true, Set.of(DynamoAction.GET_ITEM)),
  BATCH_GET_ITEM("BatchGetItem", true, Set.of(DynamoAction.BATCH_GET_ITEM)),
  TRANSACT_GET_ITEMS("TransactGetItems", true, Set.of(DynamoAction.GET_ITEM)),
  QUERY("Query", true, Set.of(DynamoAction.QUERY)),
  PUT_ITEM("PutItem", false, Set.of(DynamoAction.PUT_ITEM)),
  UPDATE_ITEM("UpdateItem", false, Set.of(DynamoAction.UPDATE_ITEM)),
  DELETE_ITEM("DeleteItem", false, Set.of(DynamoAction.DELETE_ITEM)),
  BATCH_WRITE_ITEM("BatchWriteItem", false, Set.of(DynamoAction.BATCH_WRITE_ITEM)),
  /**
   * IAM authorises a transaction per constituent action, so what it needs is the route's to
   * declare (some of PutItem, UpdateItem, DeleteItem, ConditionCheckItem); {@link #grants()} is empty.
   */
  TRANSACT_WRITE_ITEMS("TransactWriteItems", false, Set.of());

  private final String apiName;
  private final boolean read;
  private final Set<DynamoAction> grants;

  Operation(String apiName, boolean read, Set<DynamoAction> grants) {
    this.apiName = apiName;
    this.read = read;
    this.grants = grants;
  }

  /** The name of the call in DynamoDB's API, for example {@code GetItem}. */
  public String apiName() {
    return apiName;
  }

  /** True for the calls that only read. */
  public boolean read() {
    return read;
  }

  /** The IAM actions a function making this call needs on the table, whatever its items. */
  public Set<DynamoAction> grants() {
    return grants;
  }

  /** The operation with this API name ({@code Query}), as the request recorders see calls. */
  public static Operation ofApiName(String apiName) {
    for (Operation o : values()) {
      if (o.apiName.equals(apiName)) {
        return o;
      }
    }
    throw new IllegalArgumentException("not a keyed DynamoDB operation: " + apiName);
  }

  @Override
  public String toString() {
    return apiName;
  }
}
