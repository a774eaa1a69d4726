package dev.monotable.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Expected items, written the way the tests compare them with what the service stored. */
public final class ExpectedItems {
  private ExpectedItems() {}

  /** Expected item from name/value pairs: String -> S, Number -> N, Boolean -> BOOL. */
  public static Map<String, AttributeValue> item(Object... pairs) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      Object v = pairs[i + 1];
      AttributeValue a;
      if (v instanceof String s) {
        a = AttributeValue.fromS(s);
      } else if (v instanceof Boolean b) {
        a = AttributeValue.fromBool(b);
      } else if (v instanceof Number n) {
        a = AttributeValue.fromN(Long.toString(n.longValue()));
      } else {
        throw new IllegalArgumentException("unsupported value " + v);
      }
      if (m.put((String) pairs[i], a) != null) {
        throw new IllegalArgumentException("duplicate attribute " + pairs[i]);
      }
    }
    return m;
  }
}
