package dev.monotable.shop.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.shop.data.SalesLedger;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.shop.model.Order;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * ST2: the sales aggregates follow the orders. An order's INSERT counts it into the sales of the
 * day and month it was placed; its MODIFY into cancelled or refunded (terminal states, entered
 * once) counts it out again; every other change is ignored. Each record once, however often it is
 * delivered: its receipt is written in the counts' transaction ({@link SalesLedger#count}).
 * Records are applied one at a time in shard order; one that fails is the batch item failure.
 */
public final class SalesHandler extends StreamHandler<ShopServices> {
  private static final List<String> UNSOLD = List.of(Order.CANCELLED, Order.REFUNDED);

  private final SalesLedger ledger;

  public SalesHandler() {
    this(ShopServices.fromEnvironment());
  }

  public SalesHandler(ShopServices services) {
    super(services);
    this.ledger = services.sales();
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    Map<String, AttributeValue> after = record.newImage();
    if ("INSERT".equals(record.eventName())) {
      return ledger.count(record.eventId(), after, 1);
    }
    Map<String, AttributeValue> before = record.oldImage();
    if ("MODIFY".equals(record.eventName()) && before != null && after != null
        && !UNSOLD.contains(before.get("Status").s()) && UNSOLD.contains(after.get("Status").s())) {
      return ledger.count(record.eventId(), after, -1);
    }
    return StreamEffect.IGNORED;
  }
}
