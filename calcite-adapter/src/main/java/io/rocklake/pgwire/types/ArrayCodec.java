package io.rocklake.pgwire.types;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One-dimensional arrays ({@code int2[]} for {@code pg_constraint.conkey}, and the like). Binary:
 * {@code ndim, has-null flag, element OID}, then per dimension {@code length, lower bound}, then
 * each element as {@code int32 length | -1} + bytes. Text: {@code {1,2,NULL}}, strings quoted when
 * they need it. Elements may be {@code null}; the empty array has zero dimensions.
 */
public final class ArrayCodec<E> implements PgCodec<List<E>> {
  private final PgCodec<E> element;
  private final int elementOid;

  public ArrayCodec(PgCodec<E> element, int elementOid) {
    this.element = element;
    this.elementOid = elementOid;
  }

  @SuppressWarnings("unchecked")
  @Override public Class<List<E>> javaType() {
    return (Class<List<E>>) (Class<?>) List.class;
  }

  @Override public byte[] encodeBinary(List<E> value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // List.of(...) throws on contains(null), so look for nulls by hand.
    boolean hasNull = value.stream().anyMatch(java.util.Objects::isNull);
    ByteBuffer head = ByteBuffer.allocate(value.isEmpty() ? 12 : 20);
    head.putInt(value.isEmpty() ? 0 : 1).putInt(hasNull ? 1 : 0).putInt(elementOid);
    if (!value.isEmpty()) {
      head.putInt(value.size()).putInt(1);
    }
    out.writeBytes(head.array());
    for (E e : value) {
      if (e == null) {
        out.writeBytes(ByteBuffer.allocate(4).putInt(-1).array());
      } else {
        byte[] bytes = element.encodeBinary(e);
        out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
        out.writeBytes(bytes);
      }
    }
    return out.toByteArray();
  }

  @Override public List<E> decodeBinary(byte[] bytes) {
    try {
      ByteBuffer buf = ByteBuffer.wrap(bytes);
      int ndim = buf.getInt();
      buf.getInt(); // has-null flag: implied by the elements
      int oid = buf.getInt();
      if (oid != elementOid) {
        throw new PgCodecException("array element type " + oid + " where " + elementOid + " was expected");
      }
      if (ndim == 0) {
        return Collections.emptyList();
      }
      if (ndim != 1) {
        throw new PgCodecException("only one-dimensional arrays are supported, got " + ndim);
      }
      int length = buf.getInt();
      buf.getInt(); // lower bound
      List<E> out = new ArrayList<>(length);
      for (int i = 0; i < length; i++) {
        int len = buf.getInt();
        if (len < 0) {
          out.add(null);
        } else {
          byte[] item = new byte[len];
          buf.get(item);
          out.add(element.decodeBinary(item));
        }
      }
      if (buf.hasRemaining()) {
        throw new PgCodecException("array has " + buf.remaining() + " trailing bytes");
      }
      return out;
    } catch (java.nio.BufferUnderflowException e) {
      throw new PgCodecException("array is truncated", e);
    }
  }

  @Override public String encodeText(List<E> value) {
    StringBuilder sb = new StringBuilder("{");
    for (int i = 0; i < value.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      E e = value.get(i);
      sb.append(e == null ? "NULL" : quoteIfNeeded(element.encodeText(e)));
    }
    return sb.append('}').toString();
  }

  private static String quoteIfNeeded(String s) {
    boolean needs = s.isEmpty() || s.equalsIgnoreCase("NULL");
    for (int i = 0; i < s.length() && !needs; i++) {
      char c = s.charAt(i);
      needs = c == ',' || c == '{' || c == '}' || c == '"' || c == '\\' || Character.isWhitespace(c);
    }
    if (!needs) {
      return s;
    }
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  @Override public List<E> decodeText(String text) {
    String t = text.trim();
    if (!t.startsWith("{") || !t.endsWith("}")) {
      throw new PgCodecException("malformed array literal: \"" + text + "\"");
    }
    List<E> out = new ArrayList<>();
    String body = t.substring(1, t.length() - 1);
    if (body.isEmpty()) {
      return out;
    }
    int i = 0;
    while (i <= body.length()) {
      StringBuilder item = new StringBuilder();
      boolean quoted = false;
      if (i < body.length() && body.charAt(i) == '"') {
        quoted = true;
        i++;
        while (i < body.length() && body.charAt(i) != '"') {
          char c = body.charAt(i++);
          if (c == '\\' && i < body.length()) {
            c = body.charAt(i++);
          }
          item.append(c);
        }
        if (i >= body.length()) {
          throw new PgCodecException("malformed array literal: \"" + text + "\" (unterminated quote)");
        }
        i++; // closing quote
      } else {
        while (i < body.length() && body.charAt(i) != ',') {
          item.append(body.charAt(i++));
        }
      }
      String s = quoted ? item.toString() : item.toString().trim();
      out.add(!quoted && s.equalsIgnoreCase("NULL") ? null : element.decodeText(s));
      if (i < body.length() && body.charAt(i) != ',') {
        throw new PgCodecException("malformed array literal: \"" + text + "\"");
      }
      i++;
    }
    return out;
  }
}
