package dev.monotable.shop.data;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.stream.Outlet;
import dev.monotable.shop.model.Order;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The order confirmations ST3 hands to its outlet, each order's once (see {@link #confirm}). */
public final class Confirmations {

  /** The outlet's name ({@link Order#CONFIRMATION_OUTLET}). */
  public static final String OUTLET = Order.CONFIRMATION_OUTLET;

  private final TableGateway table;

  public Confirmations(TableGateway table) {
    this.table = table;
  }

  /**
   * Hands a new order's confirmation to {@code outlet}: one GetItem of the order's receipt
   * ({@code ORDER#{order}} / {@code CONFIRMATION}); when there is none, the send (the order id as the
   * message's deduplication id, the customer as its group), then one PutItem of the receipt
   * ({@code attribute_not_exists(PK)}). A redelivered record finds the receipt and sends nothing. A
   * crash between the send and the receipt sends again when the record comes back, with the same
   * id: the FIFO queue drops it within its five-minute deduplication interval.
   *
   * @return APPLIED (sent); ALREADY_APPLIED (its receipt exists)
   */
  public StreamEffect confirm(Map<String, AttributeValue> order, Outlet outlet) {
    String id = order.get("OrderId").s();
    Key receipt = Order.CONFIRMATION.key(Map.of("order", id));
    if (table.get(receipt).isPresent()) {
      return StreamEffect.ALREADY_APPLIED;
    }
    Map<String, Object> message = new LinkedHashMap<>();
    message.put("order", id);
    message.put("username", order.get("Username").s());
    message.put("totalCents", Long.parseLong(order.get("TotalCents").n()));
    message.put("lineCount", Long.parseLong(order.get("LineCount").n()));
    message.put("placedAt", order.get(TableSchema.CREATED_AT).s());
    outlet.send(id, order.get("Username").s(), Json.write(message));
    try {
      table.putIfAbsent(Order.CONFIRMATION.toItem(Entity.fields("order", id, "outlet", OUTLET,
          "createdAt", Timestamps.format(table.clock().instant()))));
    } catch (ConditionalCheckFailedException concurrentDelivery) {
      // another delivery of the record sent it too, with the same deduplication id
    }
    return StreamEffect.APPLIED;
  }
}
