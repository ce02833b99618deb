package io.rocklake.pgwire.server.auth;

import io.rocklake.catalog.SqlState;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The server side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677) in PostgreSQL's SASL framing:
 * AuthenticationSASL offers only {@code SCRAM-SHA-256} (channel binding, the {@code -PLUS} variant,
 * is not offered, so a client that supports it says {@code y} and one that does not says {@code n});
 * SASLInitialResponse carries client-first, AuthenticationSASLContinue server-first, SASLResponse
 * client-final, AuthenticationSASLFinal server-final. The user name inside client-first is ignored,
 * as PostgreSQL ignores it: the StartupMessage's user is the one authenticated.
 */
final class ScramExchange implements AuthExchange {
  static final String MECHANISM = "SCRAM-SHA-256";
  static final byte[] CLIENT_KEY = "Client Key".getBytes(StandardCharsets.US_ASCII);
  static final byte[] SERVER_KEY = "Server Key".getBytes(StandardCharsets.US_ASCII);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int SERVER_NONCE_BYTES = 18; // PostgreSQL's SCRAM_RAW_NONCE_LEN

  private final String user;
  private final ScramVerifier verifier;
  private final boolean userKnown;
  private final String serverNonce;
  private String gs2Header;
  private String clientFirstBare;
  private String serverFirst;
  private String nonce;

  /**
   * @param verifier the user's verifier; for an unknown user a made-up one, so the exchange runs to
   *     its end and fails exactly as a wrong password does
   */
  ScramExchange(String user, ScramVerifier verifier, boolean userKnown) {
    this(user, verifier, userKnown, randomNonce());
  }

  ScramExchange(String user, ScramVerifier verifier, boolean userKnown, String serverNonce) {
    this.user = user;
    this.verifier = verifier;
    this.userKnown = userKnown;
    this.serverNonce = serverNonce;
  }

  @Override public Request start() {
    byte[] mechanisms = (MECHANISM + "\0\0").getBytes(StandardCharsets.US_ASCII);
    return new Request(Request.SASL, mechanisms);
  }

  @Override public Step next(byte[] payload) {
    if (serverFirst == null) {
      return Step.challenge(new Request(Request.SASL_CONTINUE, utf8(clientFirst(initialResponse(payload)))));
    }
    return Step.success(new Request(Request.SASL_FINAL, utf8(clientFinal(new String(payload, StandardCharsets.UTF_8)))));
  }

  /** SASLInitialResponse: the mechanism as a C string, then int32 length and the client-first message. */
  private static String initialResponse(byte[] payload) {
    ByteBuffer b = ByteBuffer.wrap(payload);
    int end = 0;
    while (end < payload.length && payload[end] != 0) {
      end++;
    }
    String mechanism = new String(payload, 0, end, StandardCharsets.UTF_8);
    if (end == payload.length || !mechanism.equals(MECHANISM)) {
      throw new AuthenticationException(SqlState.PROTOCOL_VIOLATION, "client selected an invalid SASL authentication mechanism"
          + " (this server offers only " + MECHANISM + ")");
    }
    b.position(end + 1);
    if (b.remaining() < 4) {
      throw malformed("SASLInitialResponse has no length");
    }
    int length = b.getInt();
    if (length < 0 || length != b.remaining()) {
      throw malformed("SASLInitialResponse length " + length + " does not match its " + b.remaining() + " bytes");
    }
    return new String(payload, b.position(), length, StandardCharsets.UTF_8);
  }

  /** client-first = gs2-header client-first-bare; answers server-first. */
  private String clientFirst(String message) {
    if (message.startsWith("p")) {
      throw malformed("the client selected SCRAM-SHA-256 without channel binding, but the message includes "
          + "channel binding data");
    }
    if (!message.startsWith("n,") && !message.startsWith("y,")) {
      throw malformed("unexpected channel-binding flag in \"" + message + "\"");
    }
    int authzidEnd = message.indexOf(',', 2);
    if (authzidEnd < 0) {
      throw malformed("no client-first-message-bare in \"" + message + "\"");
    }
    if (authzidEnd != 2) {
      throw new AuthenticationException(SqlState.FEATURE_NOT_SUPPORTED, "client uses authorization identity, but it is not supported");
    }
    gs2Header = message.substring(0, authzidEnd + 1);
    clientFirstBare = message.substring(authzidEnd + 1);
    String[] attributes = clientFirstBare.split(",", -1);
    if (attributes[0].startsWith("m=")) {
      throw new AuthenticationException(SqlState.FEATURE_NOT_SUPPORTED, "client requires an unsupported SCRAM extension");
    }
    if (attributes.length < 2 || !attributes[0].startsWith("n=") || !attributes[1].startsWith("r=")) {
      throw malformed("expected n=<user>,r=<nonce> in \"" + clientFirstBare + "\"");
    }
    String clientNonce = attributes[1].substring(2);
    if (clientNonce.isEmpty() || !clientNonce.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != ',')) {
      throw malformed("the client nonce is empty or not printable ASCII");
    }
    nonce = clientNonce + serverNonce;
    serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(verifier.salt()) + ",i="
        + verifier.iterations();
    return serverFirst;
  }

  /** client-final = c=<binding>,r=<nonce>[,extensions],p=<proof>; answers server-final or fails. */
  private String clientFinal(String message) {
    int proofAt = message.lastIndexOf(",p=");
    if (!message.startsWith("c=") || proofAt < 0) {
      throw malformed("expected c=<binding>,r=<nonce>,...,p=<proof>");
    }
    String withoutProof = message.substring(0, proofAt);
    String[] attributes = withoutProof.split(",", -1);
    String expectedBinding = Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8));
    if (!attributes[0].substring(2).equals(expectedBinding)) {
      throw new AuthenticationException(SqlState.PROTOCOL_VIOLATION, "SCRAM channel binding check failed");
    }
    if (attributes.length < 2 || !attributes[1].equals("r=" + nonce)) {
      throw malformed("the nonce does not match");
    }
    byte[] proof;
    try {
      proof = Base64.getDecoder().decode(message.substring(proofAt + 3));
    } catch (IllegalArgumentException e) {
      throw malformed("the proof is not base64");
    }
    if (proof.length != ScramCrypto.KEY_LENGTH) {
      throw malformed("the proof is " + proof.length + " bytes, not " + ScramCrypto.KEY_LENGTH);
    }
    byte[] authMessage = utf8(clientFirstBare + "," + serverFirst + "," + withoutProof);
    byte[] clientSignature = ScramCrypto.hmac(verifier.storedKey(), authMessage);
    byte[] clientKey = ScramCrypto.xor(proof, clientSignature);
    if (!MessageDigest.isEqual(ScramCrypto.sha256(clientKey), verifier.storedKey()) || !userKnown) {
      throw AuthenticationException.failed(user);
    }
    return "v=" + Base64.getEncoder().encodeToString(ScramCrypto.hmac(verifier.serverKey(), authMessage));
  }

  private static AuthenticationException malformed(String detail) {
    return AuthenticationException.malformed(detail);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String randomNonce() {
    byte[] raw = new byte[SERVER_NONCE_BYTES];
    RANDOM.nextBytes(raw);
    return Base64.getEncoder().encodeToString(raw);
  }
}
