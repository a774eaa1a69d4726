package dev.monotable.kit.stream;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Item images between the Lambda events library's {@code AttributeValue} (what a
 * {@code DynamodbEvent} carries) and the SDK v2 one (what the model records read). The local
 * stream pipeline converts the other way, from GetRecords to the event Lambda would deliver.
 */
public final class StreamImages {
  private StreamImages() {}

  /** The image as SDK v2 values; null stays null (an INSERT has no old image). */
  public static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
      Map<String, AttributeValue> image) {
    if (image == null) {
      return null;
    }
    Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> out = new LinkedHashMap<>();
    image.forEach((name, value) -> out.put(name, toSdk(value)));
    return out;
  }

  /** The image as events-library values; null stays null. */
  public static Map<String, AttributeValue> toEvent(
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> image) {
    if (image == null) {
      return null;
    }
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    image.forEach((name, value) -> out.put(name, toEvent(value)));
    return out;
  }

  static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue v) {
    var b = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
    if (v.getS() != null) {
      return b.s(v.getS()).build();
    }
    if (v.getN() != null) {
      return b.n(v.getN()).build();
    }
    if (v.getBOOL() != null) {
      return b.bool(v.getBOOL()).build();
    }
    if (v.getNULL() != null) {
      return b.nul(v.getNULL()).build();
    }
    if (v.getB() != null) {
      return b.b(SdkBytes.fromByteBuffer(v.getB())).build();
    }
    if (v.getM() != null) {
      return b.m(toSdk(v.getM())).build();
    }
    if (v.getL() != null) {
      return b.l(v.getL().stream().map(StreamImages::toSdk).toList()).build();
    }
    if (v.getSS() != null) {
      return b.ss(v.getSS()).build();
    }
    if (v.getNS() != null) {
      return b.ns(v.getNS()).build();
    }
    if (v.getBS() != null) {
      return b.bs(v.getBS().stream().map(SdkBytes::fromByteBuffer).toList()).build();
    }
    throw new IllegalArgumentException("attribute value without a type");
  }

  static AttributeValue toEvent(software.amazon.awssdk.services.dynamodb.model.AttributeValue v) {
    AttributeValue out = new AttributeValue();
    switch (v.type()) {
      case S -> out.setS(v.s());
      case N -> out.setN(v.n());
      case BOOL -> out.setBOOL(v.bool());
      case NUL -> out.setNULL(v.nul());
      case B -> out.setB(v.b().asByteBuffer());
      case M -> out.setM(toEvent(v.m()));
      case L -> {
        List<AttributeValue> l = new ArrayList<>();
        v.l().forEach(x -> l.add(toEvent(x)));
        out.setL(l);
      }
      case SS -> out.setSS(v.ss());
      case NS -> out.setNS(v.ns());
      case BS -> {
        List<ByteBuffer> l = new ArrayList<>();
        v.bs().forEach(x -> l.add(x.asByteBuffer()));
        out.setBS(l);
      }
      default -> throw new IllegalArgumentException("unknown attribute type " + v.type());
    }
    return out;
  }
}
