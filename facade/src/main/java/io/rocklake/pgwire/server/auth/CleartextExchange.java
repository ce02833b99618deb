package io.rocklake.pgwire.server.auth;

import io.rocklake.catalog.SqlState;
import java.nio.charset.StandardCharsets;

/** AuthenticationCleartextPassword: one PasswordMessage holding the password as a C string. */
final class CleartextExchange implements AuthExchange {
  private final String user;
  private final ScramVerifier verifier;

  /** @param verifier the user's verifier, or null for an unknown user (who fails like a wrong password) */
  CleartextExchange(String user, ScramVerifier verifier) {
    this.user = user;
    this.verifier = verifier;
  }

  @Override public Request start() {
    return new Request(Request.CLEARTEXT_PASSWORD, new byte[0]);
  }

  @Override public Step next(byte[] payload) {
    if (payload.length == 0 || payload[payload.length - 1] != 0) {
      throw new AuthenticationException(SqlState.PROTOCOL_VIOLATION, "invalid password packet: the password is not NUL-terminated");
    }
    String password = new String(payload, 0, payload.length - 1, StandardCharsets.UTF_8);
    if (verifier == null || password.isEmpty() || !verifier.matches(password)) {
      throw AuthenticationException.failed(user);
    }
    return Step.success(null);
  }
}
