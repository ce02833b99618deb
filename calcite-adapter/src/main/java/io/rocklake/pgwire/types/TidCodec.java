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

  /**
   * PostgreSQL's {@code tidin}, as lenient as it is: the block number starts after the first
   * {@code (} or {@code ,}, the offset after the next {@code ,}; each is read as {@code strtoul} and
   * {@code strtol} read (leading blanks and a sign allowed, no digits reads 0) and must end at the
   * {@code ,} and the {@code )}. So {@code '(0,1)'} with its quotes, which the postgres extension's
   * UPDATE copies into its temporary table, is (0,1), as in PostgreSQL; what follows the {@code )} is
   * not read.
   */
  @Override public Tid decodeText(String text) {
    int[] coord = new int[2];
    int found = 0;
    for (int p = 0; p < text.length() && found < 2 && text.charAt(p) != ')'; p++) {
      char c = text.charAt(p);
      if (c == ',' || c == '(' && found == 0) {
        coord[found++] = p + 1;
      }
    }
    if (found < 2) {
      throw invalid(text);
    }
    long[] block = strtol(text, coord[0]);
    if (block == null || block[1] >= text.length() || text.charAt((int) block[1]) != ','
        || block[0] > 0xFFFF_FFFFL || block[0] < -0x8000_0000L) {
      throw invalid(text);
    }
    long[] offset = strtol(text, coord[1]);
    if (offset == null || offset[1] >= text.length() || text.charAt((int) offset[1]) != ')'
        || offset[0] > 0xFFFF || offset[0] < 0) {
      throw invalid(text);
    }
    return new Tid(block[0] & 0xFFFF_FFFFL, (int) offset[0]);
  }

  /** C's strtol from {@code from}: {value, index of the first character not read}; null on overflow. */
  private static long[] strtol(String s, int from) {
    int p = from;
    while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
      p++;
    }
    boolean negative = false;
    if (p < s.length() && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
      negative = s.charAt(p) == '-';
      p++;
    }
    int digits = p;
    long value = 0;
    while (p < s.length() && Character.isDigit(s.charAt(p))) {
      value = value * 10 + (s.charAt(p) - '0');
      if (value > 0xFFFF_FFFFL * 2) {
        return null;
      }
      p++;
    }
    if (p == digits) {
      return new long[] {0, from}; // no digits: nothing was read
    }
    return new long[] {negative ? -value : value, p};
  }

  private static PgCodecException invalid(String text) {
    return new PgCodecException("invalid input syntax for type tid: \"" + text + "\"");
  }

}
