package dev.monotable.kit.local;

import dev.monotable.kit.Env;
import dev.monotable.kit.devauth.JwtSigner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * Secrets of the local service, generated on first run under a git-ignored folder ({@code .local/}):
 * the RS256 key pair of the local token issuer and the cursor HMAC key. Deployed, Cognito and
 * Secrets Manager hold their counterparts.
 */
public final class LocalKeys {
  public static final String AUDIENCE = "monotable-local";
  public static final String KID = "monotable-local-1";
  /**
   * The issuer of local tokens, the same whatever {@code PORT} the service listens on: the key pair
   * in {@code .local/} is what a local service trusts, and a token printed by {@code scripts/token}
   * works for every service started from this checkout (API Gateway checks issuer and audience the
   * same way; only the local names differ).
   */
  public static final String ISSUER = "urn:monotable:local";

  private final Path dir;

  public LocalKeys(Path dir) {
    this.dir = dir;
  }

  /** The directory holding the keys (and the local stream pipeline's dead-letter file). */
  public Path directory() {
    return dir;
  }

  /** {@code .local/} under the repository root (the working directory scripts/* run in). */
  public static LocalKeys inWorkingDirectory() {
    String home = Env.get(Env.MONOTABLE_LOCAL_DIR);
    return new LocalKeys(home != null ? Path.of(home) : Path.of(".local"));
  }


  public synchronized JwtSigner signer() {
    try {
      Path priv = dir.resolve("jwt-private.pk8.b64");
      Path pub = dir.resolve("jwt-public.x509.b64");
      KeyPair pair;
      if (Files.exists(priv) && Files.exists(pub)) {
        ownerOnly(priv);
        KeyFactory f = KeyFactory.getInstance("RSA");
        pair = new KeyPair(
            f.generatePublic(new X509EncodedKeySpec(read(pub))),
            f.generatePrivate(new PKCS8EncodedKeySpec(read(priv))));
      } else {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        pair = g.generateKeyPair();
        write(pub, pair.getPublic().getEncoded());
        write(priv, pair.getPrivate().getEncoded());
      }
      return new JwtSigner(pair, KID);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Base64 cursor key (32 random bytes), as {@code CURSOR_SECRET} expects it. */
  public synchronized String cursorSecret() {
    Path p = dir.resolve("cursor-secret.b64");
    if (!Files.exists(p)) {
      byte[] secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      write(p, secret);
    }
    ownerOnly(p);
    return Base64.getEncoder().encodeToString(read(p));
  }

  private byte[] read(Path p) {
    try {
      return Base64.getDecoder().decode(Files.readString(p, StandardCharsets.US_ASCII).trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes through a temporary file, which the JDK creates readable by the owner only (0600 on
   * POSIX), then moves it into place: the private key and the cursor key are never readable by
   * other local users, not even between creation and a later chmod.
   */
  private void write(Path p, byte[] bytes) {
    try {
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(dir);
        restrict(dir, "rwx------");
      }
      Path tmp = Files.createTempFile(dir, ".new-", ".b64");
      try {
        Files.writeString(tmp, Base64.getEncoder().encodeToString(bytes) + "\n", StandardCharsets.US_ASCII);
        restrict(tmp, "rw-------");
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Tightens a secret written by an older version (0644) to 0600. */
  private static void ownerOnly(Path p) {
    try {
      restrict(p, "rw-------");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void restrict(Path p, String permissions) throws IOException {
    if (Files.getFileStore(p).supportsFileAttributeView(PosixFileAttributeView.class)) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(permissions));
    }
  }
}
