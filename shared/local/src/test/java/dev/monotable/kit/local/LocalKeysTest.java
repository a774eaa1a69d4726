package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalKeysTest {

  @Test
  void signerAndCursorSecret_shouldBeWrittenReadableByTheOwnerOnly(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve(".local");
    LocalKeys keys = new LocalKeys(dir);

    keys.signer();
    keys.cursorSecret();

    assertEquals("rwx------", perms(dir));
    assertEquals("rw-------", perms(dir.resolve("jwt-private.pk8.b64")));
    assertEquals("rw-------", perms(dir.resolve("cursor-secret.b64")));
    try (var files = Files.list(dir)) {
      assertEquals(3, files.count(), "no temporary file is left behind");
    }
  }

  @Test
  void signer_shouldTightenAWorldReadablePrivateKeyOfAnOlderVersion_andKeepUsingIt(@TempDir Path tmp)
      throws Exception {
    LocalKeys first = new LocalKeys(tmp);
    String jwks = first.signer().jwks();
    Path priv = tmp.resolve("jwt-private.pk8.b64");
    Files.setPosixFilePermissions(priv, PosixFilePermissions.fromString("rw-r--r--"));

    String again = new LocalKeys(tmp).signer().jwks();

    assertEquals(jwks, again);
    assertEquals("rw-------", perms(priv));
  }

  private static String perms(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }
}
