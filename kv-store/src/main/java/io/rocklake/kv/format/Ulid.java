package io.rocklake.kv.format;

import java.security.SecureRandom;

/**
 * ULIDs name SSTs: unique without coordination, and their first 48 bits are the creation time in
 * milliseconds, which garbage collection uses to leave young, not-yet-referenced SSTs alone.
 */
public final class Ulid {
  private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private Ulid() {}

  public static String generate(long timeMillis) {
    byte[] random = new byte[10];
    RANDOM.nextBytes(random);
    char[] out = new char[26];
    long t = timeMillis;
    for (int i = 9; i >= 0; i--) {
      out[i] = ALPHABET[(int) (t & 31)];
      t >>>= 5;
    }
    // 80 random bits as 16 base32 characters.
    long hi = 0;
    for (int i = 0; i < 5; i++) {
      hi = (hi << 8) | (random[i] & 0xff);
    }
    long lo = 0;
    for (int i = 5; i < 10; i++) {
      lo = (lo << 8) | (random[i] & 0xff);
    }
    for (int i = 17; i >= 10; i--) {
      out[i] = ALPHABET[(int) (hi & 31)];
      hi >>>= 5;
    }
    for (int i = 25; i >= 18; i--) {
      out[i] = ALPHABET[(int) (lo & 31)];
      lo >>>= 5;
    }
    return new String(out);
  }

  public static boolean isValid(String s) {
    if (s.length() != 26) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (decode(s.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  public static long timestampMillis(String ulid) {
    long t = 0;
    for (int i = 0; i < 10; i++) {
      t = (t << 5) | decode(ulid.charAt(i));
    }
    return t;
  }

  private static int decode(char c) {
    for (int i = 0; i < ALPHABET.length; i++) {
      if (ALPHABET[i] == c) {
        return i;
      }
    }
    return -1;
  }
}
