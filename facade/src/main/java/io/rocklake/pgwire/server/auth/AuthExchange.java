package io.rocklake.pgwire.server.auth;

/**
 * One connection's authentication conversation, after the StartupMessage and before
 * AuthenticationOk. The server sends {@link #start()}, then hands every password-type ('p') message
 * the client sends to {@link #next(byte[])} until a step says the client is authenticated.
 */
public interface AuthExchange {

  /** The first AuthenticationRequest to send. */
  Request start();

  /**
   * Handles the payload of one 'p' message (PasswordMessage, SASLInitialResponse or SASLResponse).
   *
   * @throws AuthenticationException when the client failed or broke the exchange
   */
  Step next(byte[] payload);

  /** An AuthenticationRequest ('R'): its code and the bytes after it. */
  record Request(int code, byte[] data) {
    public static final int CLEARTEXT_PASSWORD = 3;
    public static final int SASL = 10;
    public static final int SASL_CONTINUE = 11;
    public static final int SASL_FINAL = 12;
  }

  /** What follows a client message: a request to send (or none), and whether the client is now in. */
  record Step(Request reply, boolean authenticated) {
    static Step challenge(Request reply) {
      return new Step(reply, false);
    }

    static Step success(Request finalReply) {
      return new Step(finalReply, true);
    }
  }
}
