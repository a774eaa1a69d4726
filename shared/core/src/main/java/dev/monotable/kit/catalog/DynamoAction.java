package dev.monotable.kit.catalog;

/**
 * IAM actions a function may be granted on the table. Transactions are authorised per
 * constituent action (TransactWriteItems needs PutItem/UpdateItem/DeleteItem/ConditionCheckItem),
 * so there is no transaction action here.
 */
public enum DynamoAction {
  GET_ITEM("dynamodb:GetItem"),
  BATCH_GET_ITEM("dynamodb:BatchGetItem"),
  QUERY("dynamodb:Query"),
  PUT_ITEM("dynamodb:PutItem"),
  UPDATE_ITEM("dynamodb:UpdateItem"),
  DELETE_ITEM("dynamodb:DeleteItem"),
  /** Puts and deletes of up to 25 items; IAM checks it as its own action, not as PutItem or DeleteItem. */
  BATCH_WRITE_ITEM("dynamodb:BatchWriteItem"),
  CONDITION_CHECK_ITEM("dynamodb:ConditionCheckItem");

  private final String iamName;

  DynamoAction(String iamName) {
    this.iamName = iamName;
  }

  public String iamName() {
    return iamName;
  }

  public boolean isWrite() {
    return this == PUT_ITEM || this == UPDATE_ITEM || this == DELETE_ITEM || this == BATCH_WRITE_ITEM;
  }
}
