package dev.monotable.devices.data;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.text.Text;

/** The rules of Devices's free-text fields, checked before anything is written. */
public final class Fields {
  private Fields() {}

  static String text(String field, String value, int max) {
    if (value == null || value.isBlank() || !Text.isAcceptable(value) || Text.length(value) > max) {
      throw new ValidationException(field, field + " must be 1-" + max + " characters");
    }
    return value;
  }
}
