package io.rocklake.pgwire.server.auth;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/**
 * Prepares a password for SCRAM as PostgreSQL's {@code pg_saslprep} does (RFC 4013): non-ASCII
 * spaces become U+0020, characters "commonly mapped to nothing" go, the result is NFKC-normalized;
 * a password SASLprep cannot prepare (control, private-use, unassigned or non-character code points)
 * is used as its raw UTF-8 bytes, which is PostgreSQL's fallback too. Clients (libpq, pgjdbc) prepare
 * the same way, so both sides derive the same key. Java's Unicode tables are newer than SASLprep's
 * Unicode 3.2, so code points assigned since then are prepared rather than rejected.
 */
final class SaslPrep {
  private SaslPrep() {}

  static byte[] passwordBytes(String password) {
    String prepared = prepare(password);
    return (prepared != null ? prepared : password).getBytes(StandardCharsets.UTF_8);
  }

  /** The prepared string, or null when SASLprep prohibits a character in it. */
  static String prepare(String s) {
    if (s.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) {
      return s; // printable ASCII is its own preparation
    }
    StringBuilder mapped = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> {
      if (isNonAsciiSpace(cp)) {
        mapped.append(' ');
      } else if (!isMappedToNothing(cp)) {
        mapped.appendCodePoint(cp);
      }
    });
    String normalized = Normalizer.normalize(mapped, Normalizer.Form.NFKC);
    return normalized.codePoints().anyMatch(SaslPrep::isProhibited) ? null : normalized;
  }

  /** RFC 3454 table C.1.2. */
  private static boolean isNonAsciiSpace(int cp) {
    return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x202F || cp == 0x205F
        || cp == 0x3000;
  }

  /** RFC 3454 table B.1. */
  private static boolean isMappedToNothing(int cp) {
    return cp == 0x00AD || cp == 0x034F || cp == 0x1806 || (cp >= 0x180B && cp <= 0x180D)
        || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF;
  }

  /** RFC 4013 §2.3 (tables C.2 to C.9) and §2.5 (unassigned), approximated by Unicode general category. */
  private static boolean isProhibited(int cp) {
    int type = Character.getType(cp);
    return type == Character.CONTROL || type == Character.PRIVATE_USE || type == Character.SURROGATE
        || type == Character.UNASSIGNED || (cp & 0xFFFE) == 0xFFFE || (cp >= 0xFDD0 && cp <= 0xFDEF)
        || (cp >= 0x2FF0 && cp <= 0x2FFB) || (cp >= 0x200E && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E)
        || (cp >= 0x206A && cp <= 0x206F) || (cp >= 0xE0001 && cp <= 0xE007F) || (cp >= 0xFFF9 && cp <= 0xFFFD);
  }
}
