package dev.monotable.shop.functions;

import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/**
 * POST /customers/{username}/orders (S10, owner): the checkout of the cart in one TransactWriteItems.
 * An {@code Idempotency-Key} header or an {@code idempotencyKey} body field makes a retry answer
 * the order the first request created.
 */
public final class CheckoutHandler extends ApiHandler<ShopServices> {

  public CheckoutHandler() {
    this(ShopServices.fromEnvironment());
  }

  public CheckoutHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    IdempotentRequest idempotent = r.idempotentRequest();
    String bodyKey = (String) declaredBody(r).get("idempotencyKey");
    if (bodyKey != null) {
      if (idempotent != null && !idempotent.key().equals(bodyKey)) {
        throw new ValidationException("idempotencyKey", "idempotencyKey differs from the Idempotency-Key header");
      }
      if (idempotent == null) {
        idempotent = IdempotentRequest.of(bodyKey, r.event().getRouteKey(), r.event().getRawPath(),
            r.event().getBody());
      }
    }
    return Response.created(services.orders().checkout(r.path("username"), idempotent));
  }
}
