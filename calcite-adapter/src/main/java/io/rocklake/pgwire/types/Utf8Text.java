package io.rocklake.pgwire.types;

import java.nio.charset.StandardCharsets;

/**
 * Text from the client, decoded as PostgreSQL verifies it ({@code pg_verify_mbstr} for UTF8): a NUL
 * byte, a truncated or overlong sequence, a surrogate or a code point past U+10FFFF is refused,
 * never turned into U+FFFD, so what is stored is what was sent. The error names the bytes as
 * PostgreSQL does: as many as the first byte says the sequence has (at most 8 and what is left).
 */
public final class Utf8Text {
  private Utf8Text() {}

  public static String decode(byte[] bytes) {
    return decode(bytes, 0, bytes.length);
  }

  /** The text of {@code len} bytes from {@code off}; {@link InvalidByteSequenceException} if they are not UTF-8. */
  public static String decode(byte[] b, int off, int len) {
    int end = off + len;
    for (int i = off; i < end; ) {
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        if (c == 0) {
          throw invalid(b, i, end);
        }
        i++;
        continue;
      }
      int l = sequenceLength(c);
      if (end - i < l || !legal(b, i, l)) {
        throw invalid(b, i, end);
      }
      i += l;
    }
    return new String(b, off, len, StandardCharsets.UTF_8);
  }

  /** PostgreSQL's {@code pg_utf_mblen}: the length a lead byte announces (1 for a byte no sequence starts with). */
  private static int sequenceLength(int lead) {
    if ((lead & 0xE0) == 0xC0) {
      return 2;
    }
    if ((lead & 0xF0) == 0xE0) {
      return 3;
    }
    if ((lead & 0xF8) == 0xF0) {
      return 4;
    }
    return 1;
  }

  /** PostgreSQL's {@code pg_utf8_islegal}. */
  private static boolean legal(byte[] b, int at, int length) {
    int lead = b[at] & 0xFF;
    if (length > 4) {
      return false;
    }
    for (int k = length - 1; k >= 2; k--) {
      if (!continuation(b[at + k] & 0xFF)) {
        return false;
      }
    }
    if (length >= 2) {
      int second = b[at + 1] & 0xFF;
      boolean ok = switch (lead) {
        case 0xE0 -> second >= 0xA0 && second <= 0xBF; // overlong 3-byte
        case 0xED -> second >= 0x80 && second <= 0x9F; // surrogates
        case 0xF0 -> second >= 0x90 && second <= 0xBF; // overlong 4-byte
        case 0xF4 -> second >= 0x80 && second <= 0x8F; // past U+10FFFF
        default -> continuation(second);
      };
      if (!ok) {
        return false;
      }
    }
    return !(lead >= 0x80 && lead < 0xC2) && lead <= 0xF4;
  }

  private static boolean continuation(int b) {
    return b >= 0x80 && b <= 0xBF;
  }

  private static InvalidByteSequenceException invalid(byte[] b, int at, int end) {
    int shown = Math.min(Math.min(sequenceLength(b[at] & 0xFF), end - at), 8);
    StringBuilder sb = new StringBuilder("invalid byte sequence for encoding \"UTF8\": ");
    for (int j = 0; j < shown; j++) {
      sb.append(j > 0 ? " " : "").append(String.format("0x%02x", b[at + j] & 0xFF));
    }
    return new InvalidByteSequenceException(sb.toString());
  }
}
