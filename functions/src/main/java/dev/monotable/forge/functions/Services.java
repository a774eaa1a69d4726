package dev.monotable.forge.functions;

import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.Priming;

import dev.monotable.forge.Forge;
import dev.monotable.forge.functions.http.BodySchemas;
import dev.monotable.kit.Env;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Activities;
import dev.monotable.forge.data.Comments;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.forge.data.Organizations;
import dev.monotable.forge.data.Reactions;
import dev.monotable.forge.data.Repositories;
import dev.monotable.forge.data.Stars;
import dev.monotable.forge.data.Tickets;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Set;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueRequest;

/**
 * The dependencies of every handler, built once per container (per JVM) from the environment:
 * the DynamoDB client, the table gateway with its cursor key, and the token verifier for routes
 * that verify optional tokens themselves. Tests build one around their own table. As the kit's
 * {@link DomainServices}, it gives the handler bases Forge's domain and its request bodies
 * ({@link BodySchemas}).
 */
public final class Services implements DomainServices {
  private static volatile Services fromEnvironment;

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Accounts accounts;
  private final Organizations organizations;
  private final Activities activities;
  private final Repositories repositories;
  private final Stars stars;
  private final Tickets tickets;
  private final Comments comments;
  private final Reactions reactions;

  /**
   * @param table the table every data-access class uses
   * @param verifier verifier of bearer tokens for OPTIONAL-auth routes, or null
   */
  public Services(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    // Data-access objects are stateless wrappers around the gateway: building them all is cheap.
    this.accounts = table == null ? null : new Accounts(table);
    this.organizations = table == null ? null : new Organizations(table);
    this.activities = table == null ? null : new Activities(table);
    this.repositories = table == null ? null : new Repositories(table);
    this.stars = table == null ? null : new Stars(table);
    this.tickets = table == null ? null : new Tickets(table);
    this.comments = table == null ? null : new Comments(table);
    this.reactions = table == null ? null : new Reactions(table);
  }

  /** The container's services; the first call builds them (in the SnapStart snapshot when primed). */
  public static Services fromEnvironment() {
    Services s = fromEnvironment;
    if (s == null) {
      synchronized (Services.class) {
        s = fromEnvironment;
        if (s == null) {
          s = build();
          fromEnvironment = s;
          Priming.register(s);
        }
      }
    }
    return s;
  }

  @Override
  public Domain domain() {
    return Forge.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public Set<String> bodyRoutes() {
    return BodySchemas.routes();
  }

  @Override
  public void checkBody(String routeKey, Request request) {
    BodySchemas.checkFields(routeKey, request);
  }

  public Accounts accounts() {
    return accounts;
  }

  public Organizations organizations() {
    return organizations;
  }

  public Activities activities() {
    return activities;
  }

  public Repositories repositories() {
    return repositories;
  }

  public Stars stars() {
    return stars;
  }

  public Tickets tickets() {
    return tickets;
  }

  public Comments comments() {
    return comments;
  }

  public Reactions reactions() {
    return reactions;
  }

  /** Verifier of bearer tokens for OPTIONAL-auth routes, or null when no issuer is configured. */
  @Override
  public JwtVerifier verifier() {
    return verifier;
  }

  private static Services build() {
    DynamoDbClient client = DynamoDbClients.fromEnvironment();
    // Only list routes hold the cursor key's ARN and permission: fetch it on first use.
    TableGateway table = new TableGateway(client, Env.require(Env.TABLE_NAME), CursorCodec.lazy(Services::cursorSecret),
        Clock.systemUTC());
    return new Services(table, verifierFromEnvironment());
  }

  private static byte[] cursorSecret() {
    String local = Env.get(Env.CURSOR_SECRET);
    if (local != null) {
      return Base64.getDecoder().decode(local);
    }
    String arn = Env.require(Env.CURSOR_SECRET_ARN);
    try (SecretsManagerClient sm = SecretsManagerClient.builder()
        .region(Region.of(Env.region()))
        .httpClient(UrlConnectionHttpClient.builder().build())
        .build()) {
      return sm.getSecretValue(GetSecretValueRequest.builder().secretId(arn).build())
          .secretString().getBytes(StandardCharsets.UTF_8);
    }
  }

  private static JwtVerifier verifierFromEnvironment() {
    String issuer = Env.get(Env.JWT_ISSUER);
    String audience = Env.get(Env.JWT_AUDIENCE);
    if (issuer == null || audience == null) {
      return null;
    }
    String jwksUrl = Env.get(Env.JWKS_URL);
    URI jwks = URI.create(jwksUrl != null ? jwksUrl : issuer.replaceAll("/+$", "") + "/.well-known/jwks.json");
    return new JwtVerifier(issuer, audience, () -> fetch(jwks), Clock.systemUTC());
  }

  private static String fetch(URI uri) {
    try {
      HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
      c.setConnectTimeout(2000);
      c.setReadTimeout(3000);
      try (InputStream in = c.getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } finally {
        c.disconnect();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot fetch JWKS", e);
    }
  }
}
