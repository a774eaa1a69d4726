package dev.monotable.kit.http;

import dev.monotable.kit.Env;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.GetSecretValueRequest;

/**
 * What every domain's Lambda functions build from their environment, once per container: the
 * table gateway (the DynamoDB client, {@code TABLE_NAME}, the cursor key fetched on first use) and
 * the verifier of bearer tokens for routes that verify optional tokens themselves. A domain's
 * services class calls these from its {@code fromEnvironment()}.
 */
public final class LambdaEnvironment {

  private LambdaEnvironment() {}

  /** The gateway of {@code TABLE_NAME}; only list routes hold the cursor key, so it is fetched on first use. */
  public static TableGateway table() {
    DynamoDbClient client = DynamoDbClients.fromEnvironment();
    return new TableGateway(client, Env.require(Env.TABLE_NAME), CursorCodec.lazy(LambdaEnvironment::cursorSecret),
        Clock.systemUTC());
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

  /** The verifier of {@code JWT_ISSUER}/{@code JWT_AUDIENCE} (JWKS from {@code JWKS_URL} or the issuer), or null when unset. */
  public static JwtVerifier verifier() {
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
