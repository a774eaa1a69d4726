package dev.monotable.kit.domain;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * What a domain declares to run on the kit: its table, its access patterns, its routes and its
 * stream consumers. Infra (stack, functions, IAM, alarms), the local service, the docs generator
 * and the operator tools are driven by one instance; nothing in the kit names a domain.
 */
public interface Domain {

  /** The domain's name, capitalised ({@code Notes}, say): its stack is {@code <name>Stack}. */
  String name();

  TableSchema schema();

  /**
   * Every access pattern, in catalog order: the domain's {@link dev.monotable.kit.catalog.DeclaredPattern}
   * values (its {@code <Name>Pattern.ALL}), each served by at least one of its {@link #endpoints()}.
   */
  List<? extends AccessPatternSpec> accessPatterns();

  /**
   * Where the build writes the domain's Lambda jar (the kit's runtime and this domain only), relative
   * to the repository root: the CDK stack deploys it and the bench's cold starts run it. The shade
   * execution of its module, {@code functions/<id>/}, names the same file.
   */
  default String lambdaJar() {
    String id = name().toLowerCase(java.util.Locale.ROOT);
    return "functions/" + id + "/target/monotable-" + id + "-lambda.jar";
  }

  /**
   * The fully qualified class of the domain's {@code DomainServices}, with a static
   * {@code fromEnvironment()}: what a plain route's function builds (by default
   * {@code <domain package>.functions.<Name>Services}).
   */
  default String servicesClass() {
    return getClass().getPackageName() + ".functions." + name() + "Services";
  }

  /**
   * User pool groups the domain's routes check ({@code cognito:groups}, for example an operators
   * group for routes that read across users); the stack creates each in its user pool.
   */
  default List<String> userGroups() {
    return List.of();
  }

  /** Every HTTP route; nothing else lists routes. */
  List<Endpoint> endpoints();

  /** Every consumer of the table's stream. */
  List<StreamHandlerDeclaration> streams();

  /** The endpoint with this route key ({@code METHOD /path}), or null. */
  default Endpoint endpoint(String routeKey) {
    for (Endpoint e : endpoints()) {
      if (e.hasRouteKey(routeKey)) {
        return e;
      }
    }
    return null;
  }

  /** The stream consumer whose handler is this class, or null. */
  default StreamHandlerDeclaration stream(String handlerClass) {
    for (StreamHandlerDeclaration s : streams()) {
      if (s.handlerClass().equals(handlerClass)) {
        return s;
      }
    }
    return null;
  }
}
