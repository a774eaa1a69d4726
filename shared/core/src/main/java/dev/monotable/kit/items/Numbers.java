package dev.monotable.kit.items;

import dev.monotable.kit.errors.ValidationException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * DynamoDB's number rules, checked before a user's number becomes an attribute of type N: at most
 * {@value #MAX_DIGITS} significant digits, kept exactly, and a magnitude from 1e-130 to below 1e126
 * (positive or negative), or 0. DynamoDB refuses anything else with a ValidationException ("Number
 * underflow", "overflow", or precision) after the request has been prepared, which a handler would
 * answer as a 500: checked here it is a 400 naming the field, and nothing is written.
 *
 * <p>Numbers travel as {@link BigDecimal} from the JSON text to the attribute's N string: a
 * {@code double} would keep about 17 digits and silently round the rest, and would turn 1e-400
 * into 0. {@link dev.monotable.kit.json.Json} hands JSON numbers over as {@code BigDecimal}
 * (fractions and exponents) or {@code Integer}/{@code Long}/{@code BigInteger} (whole numbers).
 */
public final class Numbers {
  /** The most significant digits DynamoDB keeps (leading and trailing zeros do not count). */
  public static final int MAX_DIGITS = 38;
  /** The smallest magnitude of a number other than 0. */
  public static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1e-130");
  /** Every number's magnitude is below this. */
  public static final BigDecimal MAGNITUDE_LIMIT = new BigDecimal("1e126");

  private Numbers() {}

  /** True when DynamoDB stores this number exactly as it is. */
  public static boolean isStorable(BigDecimal value) {
    return problem(value) == null;
  }

  /**
   * The exact number of a JSON body value, once it is one DynamoDB stores as it is; else a 400
   * naming {@code field}. Whole numbers arrive as {@code Integer}, {@code Long} or
   * {@code BigInteger}, the others as {@code BigDecimal}; a {@code Double} or {@code Float}
   * (already rounded by whoever parsed it) is refused rather than stored rounded.
   *
   * @throws ValidationException {@code field}: not a number, more than 38 significant digits, or a
   *     magnitude outside DynamoDB's range
   */
  public static BigDecimal field(String field, Object jsonValue) {
    BigDecimal exact = exactOf(jsonValue);
    if (exact == null) {
      throw new ValidationException(field, field + " must be a number");
    }
    String problem = problem(exact);
    if (problem != null) {
      throw new ValidationException(field, field + " " + problem);
    }
    return exact;
  }

  /**
   * The N text of a number DynamoDB stores as it is: no exponent, no trailing zeros after the
   * point (1.50 is 1.5, 1E+3 is 1000).
   *
   * @throws IllegalArgumentException when DynamoDB would refuse or round it (check with
   *     {@link #field} first)
   */
  public static String toN(BigDecimal value) {
    String problem = problem(value);
    if (problem != null) {
      throw new IllegalArgumentException("not a DynamoDB number (" + problem + "): " + value);
    }
    return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
  }

  /** Why DynamoDB would refuse or round this number, or null when it stores it as it is. */
  static String problem(BigDecimal value) {
    if (value.signum() == 0) {
      return null;
    }
    BigDecimal magnitude = value.abs();
    if (magnitude.compareTo(MIN_MAGNITUDE) < 0 || magnitude.compareTo(MAGNITUDE_LIMIT) >= 0) {
      return "must be 0 or of a magnitude from 1e-130 to below 1e126";
    }
    if (value.stripTrailingZeros().precision() > MAX_DIGITS) {
      return "must have at most " + MAX_DIGITS + " significant digits";
    }
    return null;
  }

  private static BigDecimal exactOf(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    } else if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return BigDecimal.valueOf(((Number) v).longValue());
    }
    return null;
  }
}
