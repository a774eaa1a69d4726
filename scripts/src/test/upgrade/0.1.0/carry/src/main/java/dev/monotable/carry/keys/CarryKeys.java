package dev.monotable.carry.keys;

import dev.monotable.kit.keys.Template;
import java.util.regex.Pattern;

/** Every key template of Carry's table and the rule of each user value that becomes a key segment. */
public final class CarryKeys {

  public static final Template ENTRY = Template.of("ENTRY#{entry}");

  /** Entry names: 1-64 lower-case letters, digits and hyphens, so no input can add a {@code #}. */
  public static final Pattern ENTRY_NAME = Pattern.compile("^[a-z0-9-]{1,64}$");

  private CarryKeys() {}
}
