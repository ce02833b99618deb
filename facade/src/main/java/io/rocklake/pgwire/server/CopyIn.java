package io.rocklake.pgwire.server;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.CopyInTarget;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.Field;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.Utf8Text;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * One COPY FROM STDIN in progress: the stream decoder (binary or text, one codec per column type)
 * feeding its target, and the statements of the simple query still to run after it. CopyData
 * payloads are one byte stream: a tuple or line may span messages. Every failure abandons the target (nothing of the COPY is
 * applied) and is thrown as the statement's error.
 */
final class CopyIn {
  /** The 11 bytes a binary COPY stream starts with. */
  static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

  private final Decoder decoder;
  private final CopyInTarget target;
  private final Iterator<SqlNode> rest;

  CopyIn(Outcome.CopyIn copy, Iterator<SqlNode> rest) {
    this.decoder = decoder(copy.fields(), copy.binary(), copy.nullMarker(), copy.target());
    this.target = copy.target();
    this.rest = rest;
  }

  /** The statements of the same Query after the COPY. */
  Iterator<SqlNode> rest() {
    return rest;
  }

  /** One CopyData payload: part of the byte stream, which may end inside a tuple or line. */
  void feed(byte[] data) {
    try {
      decoder.feed(data);
    } catch (RuntimeException e) {
      throw abandoned(e);
    }
  }

  /** CopyDone: the stream ends; the rows are applied. Returns how many. */
  long finish() {
    try {
      decoder.finish();
      return target.finish();
    } catch (RuntimeException e) {
      throw abandoned(e);
    }
  }

  void abandon() {
    target.abandon();
  }

  private EngineException abandoned(RuntimeException e) {
    abandon(); // given up twice is harmless: the target rolls back only what is still open
    if (e instanceof PgCodecException) {
      return new EngineException(SqlState.BAD_COPY_FILE_FORMAT, e.getMessage());
    }
    if (e instanceof InvalidByteSequenceException) {
      return new EngineException(InvalidByteSequenceException.SQLSTATE, e.getMessage());
    }
    if (e instanceof EngineException ee) {
      return ee;
    }
    throw e;
  }

  /** Decodes an incoming COPY stream into rows for a target. */
  private interface Decoder {
    void feed(byte[] data);

    /** The stream ended (CopyDone): checks it ended cleanly. */
    void finish();
  }

  private static Decoder decoder(List<Field> fields, boolean binary, String nullMarker, CopyInTarget target) {
    return binary ? new BinaryDecoder(fields, target) : new TextDecoder(fields, nullMarker, target);
  }

  /** Binary COPY: 19-byte header, then tuples of int16 count + (int32 length | -1, bytes), then int16 -1. */
  private static final class BinaryDecoder implements Decoder {
    private final List<Field> fields;
    private final CopyInTarget target;
    private byte[] buf = new byte[0];
    private int len;
    private boolean headerRead;
    private boolean trailerRead;

    BinaryDecoder(List<Field> fields, CopyInTarget target) {
      this.fields = fields;
      this.target = target;
    }

    @Override public void feed(byte[] data) {
      if (len + data.length > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + data.length));
      }
      System.arraycopy(data, 0, buf, len, data.length);
      len += data.length;
      int pos = 0;
      ByteBuffer b = ByteBuffer.wrap(buf, 0, len);
      if (!headerRead) {
        if (len < 19) {
          return;
        }
        if (!Arrays.equals(Arrays.copyOf(buf, 11), SIGNATURE)) {
          throw new PgCodecException("COPY file signature not recognized");
        }
        int flags = b.getInt(11);
        if ((flags & 0x10000) != 0) {
          throw new PgCodecException("COPY with OIDs is not supported");
        }
        int ext = b.getInt(15);
        if (len < 19 + ext) {
          return;
        }
        pos = 19 + ext;
        headerRead = true;
      }
      while (!trailerRead && len - pos >= 2) {
        short count = b.getShort(pos);
        if (count == -1) {
          trailerRead = true;
          pos += 2;
          break;
        }
        if (count != fields.size()) {
          throw new PgCodecException("row field count is " + count + ", expected " + fields.size());
        }
        int p = pos + 2;
        Object[] row = new Object[count];
        boolean complete = true;
        for (int i = 0; i < count; i++) {
          if (len - p < 4) {
            complete = false;
            break;
          }
          int n = b.getInt(p);
          p += 4;
          if (n == -1) {
            continue;
          }
          if (n < 0) {
            throw new PgCodecException("invalid field length " + n);
          }
          if (len - p < n) {
            complete = false;
            break;
          }
          row[i] = fields.get(i).type().codec().decodeBinary(Arrays.copyOfRange(buf, p, p + n));
          p += n;
        }
        if (!complete) {
          break;
        }
        target.row(row);
        pos = p;
      }
      System.arraycopy(buf, pos, buf, 0, len - pos);
      len -= pos;
    }

    @Override public void finish() {
      if (!headerRead || !trailerRead || len != 0) {
        throw new PgCodecException(!headerRead ? "COPY file signature not recognized"
            : !trailerRead ? "unexpected EOF in COPY data" : "trailing data after COPY trailer");
      }
    }
  }

  /** Text COPY: lines of tab-separated fields, backslash escapes, a NULL marker, optional {@code \.}. */
  private static final class TextDecoder implements Decoder {
    private final List<Field> fields;
    private final String nullMarker;
    private final CopyInTarget target;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
    private boolean ended;

    TextDecoder(List<Field> fields, String nullMarker, CopyInTarget target) {
      this.fields = fields;
      this.nullMarker = nullMarker;
      this.target = target;
    }

    @Override public void feed(byte[] data) {
      pending.write(data, 0, data.length);
      byte[] all = pending.toByteArray();
      int start = 0;
      for (int i = 0; i < all.length; i++) {
        if (all[i] == '\n') {
          line(Utf8Text.decode(all, start, i - start));
          start = i + 1;
        }
      }
      pending.reset();
      pending.write(all, start, all.length - start);
    }

    private void line(String line) {
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (ended) {
        return;
      }
      if (line.equals("\\.")) {
        ended = true;
        return;
      }
      String[] raw = line.split("\t", -1);
      if (raw.length != fields.size()) {
        throw new PgCodecException(raw.length < fields.size() ? "missing data for column \""
            + fields.get(raw.length).name() + "\"" : "extra data after last expected column");
      }
      Object[] row = new Object[raw.length];
      for (int i = 0; i < raw.length; i++) {
        row[i] = raw[i].equals(nullMarker) ? null : unescape(raw[i]);
      }
      target.row(row);
    }

    @Override public void finish() {
      if (pending.size() > 0) {
        line(Utf8Text.decode(pending.toByteArray()));
        pending.reset();
      }
    }

    /**
     * A field's backslash escapes undone. As in PostgreSQL, {@code \\x} and octal escapes stand for
     * bytes, not characters, so the field is rebuilt as bytes and must be UTF-8 again.
     */
    private static String unescape(String s) {
      if (s.indexOf('\\') < 0) {
        return s;
      }
      ByteArrayOutputStream sb = new ByteArrayOutputStream(s.length());
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c != '\\' || i + 1 >= s.length()) {
          append(sb, s, i);
          if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
            i++;
          }
          continue;
        }
        char n = s.charAt(++i);
        switch (n) {
          case 'b': sb.write('\b'); break;
          case 'f': sb.write('\f'); break;
          case 'n': sb.write('\n'); break;
          case 'r': sb.write('\r'); break;
          case 't': sb.write('\t'); break;
          case 'v': sb.write(0x0b); break;
          case 'x': {
            int j = i + 1;
            while (j < s.length() && j < i + 3 && Character.digit(s.charAt(j), 16) >= 0) {
              j++;
            }
            if (j == i + 1) {
              sb.write('x'); // PostgreSQL: a \\x without hex digits is the letter x
            } else {
              sb.write(Integer.parseInt(s.substring(i + 1, j), 16));
            }
            i = j - 1;
            break;
          }
          default:
            if (n >= '0' && n <= '7') {
              int j = i;
              while (j < s.length() && j < i + 3 && s.charAt(j) >= '0' && s.charAt(j) <= '7') {
                j++;
              }
              sb.write(Integer.parseInt(s.substring(i, j), 8) & 0xFF);
              i = j - 1;
            } else {
              append(sb, s, i);
              if (Character.isHighSurrogate(n) && i + 1 < s.length()) {
                i++;
              }
            }
        }
      }
      return Utf8Text.decode(sb.toByteArray());
    }

    /** The UTF-8 bytes of the code point at {@code i}. */
    private static void append(ByteArrayOutputStream out, String s, int i) {
      out.writeBytes(new String(Character.toChars(s.codePointAt(i))).getBytes(StandardCharsets.UTF_8));
    }
  }
}
