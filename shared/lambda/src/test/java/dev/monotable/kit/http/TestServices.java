package dev.monotable.kit.http;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import java.lang.reflect.Constructor;

/**
 * Any domain's services for the kit's domain-wide tests, found from its handlers: the one
 * parameter of a handler's test constructor is the domain's {@link DomainServices} class
 * (Forge's {@code Services}, Devices' {@code DevicesServices}), built with its
 * {@code (TableGateway, JwtVerifier)} constructor.
 */
public final class TestServices {
  private TestServices() {}

  /** The services class a handler's test constructor takes. */
  public static Class<?> servicesClass(Class<?> handler) {
    for (Constructor<?> c : handler.getConstructors()) {
      if (c.getParameterCount() == 1 && DomainServices.class.isAssignableFrom(c.getParameterTypes()[0])) {
        return c.getParameterTypes()[0];
      }
    }
    throw new AssertionError(handler + " needs a public constructor taking the domain's services for tests");
  }

  /**
   * The domain's services class: {@link Domain#servicesClass()}, what the kit's handlers build, else (a domain
   * whose routes are all its own handlers' may name none) the class its first handler's constructor takes.
   */
  public static Class<?> servicesClass(Domain d) {
    try {
      return Class.forName(d.servicesClass());
    } catch (ClassNotFoundException none) {
      String handler = d.endpoints().stream().filter(e -> !e.servedByKit()).map(e -> e.handlerClass()).findFirst()
          .orElseGet(() -> d.streams().get(0).handlerClass());
      try {
        return servicesClass(Class.forName(handler));
      } catch (ClassNotFoundException e) {
        throw new AssertionError(d.name() + " names a handler that does not exist: " + handler, e);
      }
    }
  }

  /** The domain's services on this table and verifier (either may be null where the test needs neither). */
  public static DomainServices of(Domain d, TableGateway table, JwtVerifier verifier) {
    return of(servicesClass(d), table, verifier);
  }

  /** Services of this class on this table and verifier. */
  public static DomainServices of(Class<?> type, TableGateway table, JwtVerifier verifier) {
    try {
      return (DomainServices) type.getConstructor(TableGateway.class, JwtVerifier.class).newInstance(table, verifier);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(type + " needs a public (TableGateway, JwtVerifier) constructor for tests", e);
    }
  }

  /** A handler of the domain built on these services, as its test constructor builds it. */
  public static Object handler(String handlerClass, DomainServices services) {
    try {
      for (Constructor<?> c : Class.forName(handlerClass).getConstructors()) {
        if (c.getParameterCount() == 1 && c.getParameterTypes()[0].isInstance(services)) {
          return c.newInstance(services);
        }
      }
      throw new NoSuchMethodException(handlerClass + "(" + services.getClass().getSimpleName() + ")");
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(handlerClass + ": no test constructor taking " + services.getClass(), e);
    }
  }
}
