package dev.monotable.shop.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.Outlet;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.shop.data.Confirmations;
import dev.monotable.shop.functions.ShopServices;

/**
 * ST3: hands each new order (its INSERT) to the confirmations' outlet (an SQS FIFO queue on AWS, a
 * JSON-lines file locally), once per order under redelivery ({@link Confirmations#confirm}).
 */
public final class ConfirmationHandler extends StreamHandler<ShopServices> {
  private final Outlet outlet;

  public ConfirmationHandler() {
    this(ShopServices.fromEnvironment());
  }

  public ConfirmationHandler(ShopServices services) {
    this(services, Outlet.fromEnvironment(Confirmations.OUTLET));
  }

  public ConfirmationHandler(ShopServices services, Outlet outlet) {
    super(services);
    this.outlet = outlet;
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    return services.confirmations().confirm(record.newImage(), outlet);
  }
}
