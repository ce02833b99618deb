package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code float8} ({@code double precision}): IEEE 754 double precision. */
public final class Float8Codec implements PgCodec<Double> {
  @Override public Class<Double> javaType() { return Double.class; }

  @Override public byte[] encodeBinary(Double value) {
    return ByteBuffer.allocate(8).putDouble(value).array();
  }

  @Override public Double decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("float8", bytes, 8);
    return ByteBuffer.wrap(bytes).getDouble();
  }

  @Override public String encodeText(Double value) {
    return FloatText.format(value, Double.isNaN(value), Double.toString(value));
  }

  @Override public Double decodeText(String text) {
    return FloatText.parse(text, "double precision");
  }
}
