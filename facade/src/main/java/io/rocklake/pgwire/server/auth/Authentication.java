package io.rocklake.pgwire.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/** The server's authentication setting: a method and, unless it is trust, the credentials it checks. */
public final class Authentication {
  private final AuthMethod method;
  private final Credentials credentials;
  /** Seeds the made-up salts of unknown users: stable per user, so retries cannot tell them apart. */
  private final byte[] mockSecret = new byte[32];

  private Authentication(AuthMethod method, Credentials credentials) {
    this.method = method;
    this.credentials = credentials;
    new SecureRandom().nextBytes(mockSecret);
  }

  public static Authentication trust() {
    return new Authentication(AuthMethod.TRUST, null);
  }

  public static Authentication of(AuthMethod method, Credentials credentials) {
    if (method == AuthMethod.TRUST) {
      return trust();
    }
    return new Authentication(method, Objects.requireNonNull(credentials, method.optionName() + " needs credentials"));
  }

  public AuthMethod method() {
    return method;
  }

  /** The exchange one connection runs for {@code user}, or null when the method is trust. */
  public AuthExchange exchange(String user) {
    switch (method) {
      case PASSWORD:
        return new CleartextExchange(user, credentials.verifier(user).orElse(null));
      case SCRAM_SHA_256:
        return credentials.verifier(user)
            .map(v -> new ScramExchange(user, v, true))
            .orElseGet(() -> new ScramExchange(user, mockVerifier(user), false));
      default:
        return null;
    }
  }

  /**
   * Whether {@code password} is {@code user}'s, for protocols that carry the password itself (HTTP
   * Basic on the Avatica endpoint). Trust accepts anyone; an unknown user costs the same check as a
   * known one, so the answer's timing does not tell them apart.
   */
  public boolean acceptsPassword(String user, String password) {
    if (method == AuthMethod.TRUST) {
      return true;
    }
    ScramVerifier v = credentials.verifier(user).orElse(null);
    boolean matches = (v != null ? v : mockVerifier(user)).matches(password);
    return v != null && !password.isEmpty() && matches;
  }

  /** PostgreSQL's mock authentication: an unknown user is offered a plausible salt and then fails. */
  private ScramVerifier mockVerifier(String user) {
    byte[] seed = ScramCrypto.hmac(mockSecret, user.getBytes(StandardCharsets.UTF_8));
    return new ScramVerifier(ScramVerifier.DEFAULT_ITERATIONS, Arrays.copyOf(seed, ScramVerifier.SALT_LENGTH), seed,
        seed);
  }
}
