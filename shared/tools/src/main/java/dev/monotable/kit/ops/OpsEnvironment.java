package dev.monotable.kit.ops;

import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.Env;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import java.net.URI;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Where an operator tool points: {@code TABLE_NAME} (default: the chosen domain's own local table,
 * {@code DevDomain.localTable()}) at
 * {@code DYNAMODB_ENDPOINT} (default {@code http://127.0.0.1:8000}, the moto of a running
 * {@code scripts/dev}); {@code DYNAMODB_ENDPOINT=aws} means real AWS with the default credential
 * chain and {@code AWS_REGION}.
 *
 * @param endpoint the endpoint override, or null for real AWS
 * @param table the table name
 * @param region the signing region
 */
public record OpsEnvironment(URI endpoint, String table, String region) implements OpsMain.Target {

  public static final String DEFAULT_ENDPOINT = "http://127.0.0.1:" + LocalService.ENGINE_PORT;
  public static final String AWS = "aws";

  /**
   * The environment of a tool that works on the domain {@code --domain} names in {@code args}: its
   * table defaults to that domain's own ({@code localTables} maps the option's id, null for the
   * default domain, to its table; an unknown id is bad usage).
   */
  public static Supplier<OpsEnvironment> forDomain(String[] args, Function<String, String> localTables) {
    return () -> fromEnvironment(localTables.apply(DomainOption.take(args).id()));
  }

  /** Reads the three environment variables, applying the local defaults and this default table. */
  public static OpsEnvironment fromEnvironment(String defaultTable) {
    return of(Env.get(Env.DYNAMODB_ENDPOINT), Env.get(Env.TABLE_NAME), defaultTable, Env.region());
  }

  /**
   * The environment from the variables' values (null when unset).
   *
   * @param endpoint {@code DYNAMODB_ENDPOINT}
   * @param table {@code TABLE_NAME}
   * @param defaultTable the table when {@code table} is null: the domain's own
   * @param region the signing region
   */
  public static OpsEnvironment of(String endpoint, String table, String defaultTable, String region) {
    String e = endpoint == null ? DEFAULT_ENDPOINT : endpoint.trim();
    return new OpsEnvironment(AWS.equalsIgnoreCase(e) ? null : URI.create(e),
        table == null ? defaultTable : table.trim(), region);
  }

  /** True for real AWS: destructive tools then ask for {@code --yes}. */
  public boolean aws() {
    return endpoint == null;
  }

  /** For headers and messages, for example {@code table monotable-local at http://127.0.0.1:8000}. */
  @Override
  public String describe() {
    return "table " + table + " at " + (aws() ? "AWS " + region : endpoint.toString());
  }

  /**
   * A client for this endpoint with the given SDK interceptors (a request counter, say), with a
   * tool's deadlines ({@link DynamoDbClients.Deadlines#tools()}: a minute a call, retries included,
   * unless {@code MONOTABLE_TOOL_TIMEOUT} says otherwise), not a Lambda handler's 3 s: a tool is not
   * stopped at 10 s, and a loaded machine or a busy table must slow it down, not fail it halfway.
   */
  public DynamoDbClient client(ExecutionInterceptor... interceptors) {
    return DynamoDbClients.create(endpoint, region, DynamoDbClients.Deadlines.tools(), interceptors);
  }

  /**
   * The cursor key of the service the tool looks at, so a cursor printed by {@code explore ap} is
   * accepted by the API and the other way round: {@code CURSOR_SECRET} when set, else the local
   * runner's key in {@code .local/} for a local endpoint; on AWS without it, a throw-away key
   * (cursors then work only within one run).
   */
  public CursorCodec cursors() {
    String configured = Env.get(Env.CURSOR_SECRET);
    if (configured != null) {
      return new CursorCodec(Base64.getDecoder().decode(configured.trim()));
    }
    if (!aws()) {
      return new CursorCodec(Base64.getDecoder().decode(LocalKeys.inWorkingDirectory().cursorSecret()));
    }
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    return new CursorCodec(secret);
  }
}
