package io.rocklake.pgwire.types;

import java.nio.ByteBuffer;

/** {@code tid}: uint32 block then uint16 offset; text {@code (block,offset)}. */
public final class TidCodec implements PgCodec<Tid> {
  @Override public Class<Tid> javaType() { return Tid.class; }

  @Override public byte[] encodeBinary(Tid value) {
    return ByteBuffer.allocate(6).putInt((int) value.block()).putShort((short) value.offset()).array();
  }

  @Override public Tid decodeBinary(byte[] bytes) {
    PgCodecException.checkLength("tid", bytes, 6);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    return new Tid(Integer.toUnsignedLong(buf.getInt()), Short.toUnsignedInt(buf.getShort()));
  }

  @Override public String encodeText(Tid value) { return value.toString(); }

  @Override public Tid decodeText(String text) {
    String t = text.trim();
    int comma = t.indexOf(',');
    if (!t.startsWith("(") || !t.endsWith(")") || comma < 0) {
      throw new PgCodecException("invalid input syntax for type tid: \"" + text + "\"");
    }
    try {
      return new Tid(Long.parseLong(t.substring(1, comma).trim()),
          Integer.parseInt(t.substring(comma + 1, t.length() - 1).trim()));
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type tid: \"" + text + "\"", e);
    }
  }
}
