package dev.monotable.devices;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import java.util.regex.Pattern;

/** Every key of Devices's table, built from its templates; nothing else builds a key. */
public final class DevicesKeys {

  public static final Template ENTRY = Template.of("ENTRY#{entry}");

  /** Entry names: 1-64 lower-case letters, digits and hyphens, so no input can add a {@code #}. */
  public static final Pattern ENTRY_NAME = Pattern.compile("^[a-z0-9-]{1,64}$");

  private DevicesKeys() {}

  public static Key entry(String entry) {
    if (entry == null || !ENTRY_NAME.matcher(entry).matches()) {
      throw new ValidationException("entry", "entry must be 1-64 lower-case letters, digits or hyphens");
    }
    return new Key(ENTRY.fill(entry), ENTRY.fill(entry));
  }
}
