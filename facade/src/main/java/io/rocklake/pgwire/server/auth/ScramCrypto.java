package io.rocklake.pgwire.server.auth;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The SCRAM-SHA-256 primitives of RFC 5802 §2.2 over SHA-256. */
final class ScramCrypto {
  static final int KEY_LENGTH = 32;

  private ScramCrypto() {}

  /**
   * Hi(): PBKDF2 with HMAC-SHA-256 and one output block. Written out rather than taken from
   * {@code PBKDF2WithHmacSHA256} because that takes a {@code char[]} and refuses an empty one, and
   * SCRAM hashes the SASLprep'd bytes as they are.
   */
  static byte[] hi(byte[] password, byte[] salt, int iterations) {
    Mac mac = hmac(password);
    mac.update(salt);
    byte[] u = mac.doFinal(new byte[] {0, 0, 0, 1});
    byte[] result = u.clone();
    for (int i = 1; i < iterations; i++) {
      u = mac.doFinal(u);
      for (int j = 0; j < result.length; j++) {
        result[j] ^= u[j];
      }
    }
    return result;
  }

  static byte[] hmac(byte[] key, byte[] data) {
    return hmac(key).doFinal(data);
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }

  static byte[] xor(byte[] a, byte[] b) {
    byte[] out = new byte[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = (byte) (a[i] ^ b[i]);
    }
    return out;
  }

  private static Mac hmac(byte[] key) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      // An empty HMAC key is legal, but SecretKeySpec rejects it; a key of one zero byte is the same key.
      mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK lacks HmacSHA256", e);
    }
  }
}
