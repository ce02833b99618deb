package io.rocklake.pgwire.server.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The client's half of SCRAM-SHA-256 (RFC 5802 §3), for tests that need a proof for a chosen password. */
final class ScramTestClient {
  private ScramTestClient() {}

  static String finalMessage(String password, byte[] salt, int iterations, String gs2Header, String clientFirstBare,
      String serverFirst) {
    String nonce = serverFirst.substring(2, serverFirst.indexOf(','));
    String withoutProof = "c=" + Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8))
        + ",r=" + nonce;
    byte[] salted = ScramCrypto.hi(password.getBytes(StandardCharsets.UTF_8), salt, iterations);
    byte[] clientKey = ScramCrypto.hmac(salted, "Client Key".getBytes(StandardCharsets.US_ASCII));
    byte[] storedKey = ScramCrypto.sha256(clientKey);
    byte[] authMessage = (clientFirstBare + "," + serverFirst + "," + withoutProof).getBytes(StandardCharsets.UTF_8);
    byte[] proof = ScramCrypto.xor(clientKey, ScramCrypto.hmac(storedKey, authMessage));
    return withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof);
  }
}
