package io.rocklake.pgwire.server.auth;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SCRAM-SHA-256 password verifier in PostgreSQL's {@code pg_authid.rolpassword} form,
 * {@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>} (base64), so verifiers move
 * between PostgreSQL and RockLake unchanged. The password itself is never kept.
 */
public record ScramVerifier(int iterations, byte[] salt, byte[] storedKey, byte[] serverKey) {
  public static final String PREFIX = "SCRAM-SHA-256$";
  /** PostgreSQL's default {@code scram_iterations} and salt length. */
  public static final int DEFAULT_ITERATIONS = 4096;
  static final int SALT_LENGTH = 16;

  private static final Pattern FORMAT = Pattern.compile(
      "SCRAM-SHA-256\\$(\\d{1,9}):([A-Za-z0-9+/=]+)\\$([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]+)");
  private static final SecureRandom RANDOM = new SecureRandom();

  public ScramVerifier {
    if (iterations < 1 || storedKey.length != ScramCrypto.KEY_LENGTH || serverKey.length != ScramCrypto.KEY_LENGTH) {
      throw new IllegalArgumentException("a SCRAM-SHA-256 verifier needs iterations >= 1 and 32-byte keys");
    }
  }

  public static boolean looksLikeVerifier(String secret) {
    return secret.startsWith(PREFIX);
  }

  public static ScramVerifier parse(String text) {
    Matcher m = FORMAT.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a SCRAM-SHA-256 verifier (expected "
          + "SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>, as PostgreSQL stores it)");
    }
    try {
      Base64.Decoder b64 = Base64.getDecoder();
      return new ScramVerifier(Integer.parseInt(m.group(1)), b64.decode(m.group(2)), b64.decode(m.group(3)),
          b64.decode(m.group(4)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("malformed SCRAM-SHA-256 verifier: " + e.getMessage(), e);
    }
  }

  /** A verifier with a fresh random salt and PostgreSQL's default iteration count. */
  public static ScramVerifier generate(String password) {
    byte[] salt = new byte[SALT_LENGTH];
    RANDOM.nextBytes(salt);
    return derive(password, salt, DEFAULT_ITERATIONS);
  }

  public static ScramVerifier derive(String password, byte[] salt, int iterations) {
    byte[] salted = ScramCrypto.hi(SaslPrep.passwordBytes(password), salt, iterations);
    byte[] clientKey = ScramCrypto.hmac(salted, ScramExchange.CLIENT_KEY);
    return new ScramVerifier(iterations, salt.clone(), ScramCrypto.sha256(clientKey),
        ScramCrypto.hmac(salted, ScramExchange.SERVER_KEY));
  }

  /** Whether a cleartext password is the one this verifier was made from. */
  public boolean matches(String password) {
    ScramVerifier candidate = derive(password, salt, iterations);
    return MessageDigest.isEqual(candidate.storedKey, storedKey) & MessageDigest.isEqual(candidate.serverKey, serverKey);
  }

  @Override public String toString() {
    Base64.Encoder b64 = Base64.getEncoder();
    return PREFIX + iterations + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey) + ":"
        + b64.encodeToString(serverKey);
  }

  @Override public boolean equals(Object o) {
    return o instanceof ScramVerifier v && toString().equals(v.toString());
  }

  @Override public int hashCode() {
    return toString().hashCode();
  }
}
