package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code float4} ({@code real}): IEEE 754 single precision. */
public final class Float4Codec implements PgCodec<Float> {
  @Override public Class<Float> javaType() { return Float.class; }

  @Override public byte[] encodeBinary(Float value) {
    return ByteBuffer.allocate(4).putFloat(value).array();
  }

  @Override public Float decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("float4", bytes, 4);
    return ByteBuffer.wrap(bytes).getFloat();
  }

  @Override public String encodeText(Float value) {
    return FloatText.format(value.doubleValue(), Float.isNaN(value), Float.toString(value));
  }

  @Override public Float decodeText(String text) {
    return (float) FloatText.parse(text, "real");
  }
}
