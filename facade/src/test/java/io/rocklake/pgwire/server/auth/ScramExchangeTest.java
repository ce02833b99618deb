package io.rocklake.pgwire.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The server side of SCRAM-SHA-256, on RFC 7677's worked example and on the ways a client can go wrong. */
class ScramExchangeTest {
  private static final byte[] RFC_SALT = Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ==");
  private static final String RFC_CLIENT_NONCE = "rOprNGfwEbeRWgbNEkqO";
  private static final String RFC_SERVER_NONCE = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
  private static final String RFC_NONCE = RFC_CLIENT_NONCE + RFC_SERVER_NONCE;

  private static ScramExchange rfcExchange() {
    return new ScramExchange("user", ScramVerifier.derive("pencil", RFC_SALT, 4096), true, RFC_SERVER_NONCE);
  }

  /** SASLInitialResponse framing: mechanism, NUL, int32 length, client-first. */
  static byte[] initialResponse(String mechanism, String clientFirst) {
    byte[] m = (mechanism + "\0").getBytes(StandardCharsets.UTF_8);
    byte[] c = clientFirst.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(m.length + 4 + c.length).put(m).putInt(c.length).put(c).array();
  }

  private static String text(AuthExchange.Step step) {
    return new String(step.reply().data(), StandardCharsets.UTF_8);
  }

  @Test
  void reproducesRfc7677sExchange() {
    ScramExchange exchange = rfcExchange();
    assertThat(exchange.start().code()).isEqualTo(AuthExchange.Request.SASL);
    assertThat(new String(exchange.start().data(), StandardCharsets.US_ASCII)).isEqualTo("SCRAM-SHA-256\0\0");

    AuthExchange.Step first = exchange.next(initialResponse("SCRAM-SHA-256", "n,,n=user,r=" + RFC_CLIENT_NONCE));
    assertThat(first.authenticated()).isFalse();
    assertThat(first.reply().code()).isEqualTo(AuthExchange.Request.SASL_CONTINUE);
    assertThat(text(first)).isEqualTo("r=" + RFC_NONCE + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");

    AuthExchange.Step last = exchange.next(("c=biws,r=" + RFC_NONCE + ",p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=")
        .getBytes(StandardCharsets.UTF_8));
    assertThat(last.authenticated()).isTrue();
    assertThat(last.reply().code()).isEqualTo(AuthExchange.Request.SASL_FINAL);
    assertThat(text(last)).isEqualTo("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
  }

  @Test
  void aWrongPasswordFailsWithPostgresqlsMessage() {
    ScramExchange exchange = rfcExchange();
    exchange.next(initialResponse("SCRAM-SHA-256", "n,,n=,r=" + RFC_CLIENT_NONCE));
    String wrongProof = ScramTestClient.finalMessage("pencils", RFC_SALT, 4096, "n,,", "n=,r=" + RFC_CLIENT_NONCE,
        "r=" + RFC_NONCE + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");
    assertThatThrownBy(() -> exchange.next(wrongProof.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("28P01");
          assertThat(e.getMessage()).isEqualTo("password authentication failed for user \"user\"");
        });
  }

  @Test
  void theRightPasswordFromAClientThatSupportsChannelBindingIsAccepted() {
    ScramExchange exchange = rfcExchange();
    String serverFirst = text(exchange.next(initialResponse("SCRAM-SHA-256", "y,,n=,r=abc")));
    String clientFinal = ScramTestClient.finalMessage("pencil", RFC_SALT, 4096, "y,,", "n=,r=abc", serverFirst);
    assertThat(exchange.next(clientFinal.getBytes(StandardCharsets.UTF_8)).authenticated()).isTrue();
  }

  @Test
  void anUnknownUserRunsTheExchangeAndFailsLikeAWrongPassword() {
    Authentication auth = Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "quack"));
    AuthExchange first = auth.exchange("ghost");
    AuthExchange second = auth.exchange("ghost");
    String serverFirst = text(first.next(initialResponse("SCRAM-SHA-256", "n,,n=,r=abc")));
    String again = text(second.next(initialResponse("SCRAM-SHA-256", "n,,n=,r=abc")));
    assertThat(again.substring(again.indexOf(",s="))).as("the same made-up salt each time")
        .isEqualTo(serverFirst.substring(serverFirst.indexOf(",s=")));
    byte[] salt = Base64.getDecoder().decode(serverFirst.replaceAll(".*,s=([^,]+),.*", "$1"));
    String clientFinal = ScramTestClient.finalMessage("quack", salt, 4096, "n,,", "n=,r=abc", serverFirst);
    assertThatThrownBy(() -> first.next(clientFinal.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.getMessage())
            .isEqualTo("password authentication failed for user \"ghost\""));
  }

  @Test
  void anotherMechanismIsAProtocolViolation() {
    assertThatThrownBy(() -> rfcExchange().next(initialResponse("SCRAM-SHA-256-PLUS", "p=tls-server-end-point,,n=,r=a")))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("08P01");
          assertThat(e.getMessage()).contains("invalid SASL authentication mechanism");
        });
  }

  @Test
  void malformedOrUnsupportedClientFirstMessagesAreRefused() {
    assertRefused(initialResponse("SCRAM-SHA-256", "p=tls-unique,,n=,r=abc"), "08P01", "channel binding");
    assertRefused(initialResponse("SCRAM-SHA-256", "n,a=admin,n=,r=abc"), "0A000", "authorization identity");
    assertRefused(initialResponse("SCRAM-SHA-256", "n,,m=ext,n=,r=abc"), "0A000", "unsupported SCRAM extension");
    assertRefused(initialResponse("SCRAM-SHA-256", "n,,r=abc"), "08P01", "malformed SCRAM message");
    assertRefused(initialResponse("SCRAM-SHA-256", "n,,n=,r="), "08P01", "nonce");
    byte[] badLength = initialResponse("SCRAM-SHA-256", "n,,n=,r=abc");
    badLength[14] = 99;
    assertRefused(badLength, "08P01", "length");
  }

  @Test
  void aClientFinalMessageMustEchoTheBindingAndTheNonce() {
    String bare = "n=,r=" + RFC_CLIENT_NONCE;
    String serverFirst = "r=" + RFC_NONCE + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    String good = ScramTestClient.finalMessage("pencil", RFC_SALT, 4096, "n,,", bare, serverFirst);

    ScramExchange binding = rfcExchange();
    binding.next(initialResponse("SCRAM-SHA-256", "n,," + bare));
    assertThatThrownBy(() -> binding.next(good.replace("c=biws", "c=eSws").getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(AuthenticationException.class,
            e -> assertThat(e.getMessage()).isEqualTo("SCRAM channel binding check failed"));

    ScramExchange nonce = rfcExchange();
    nonce.next(initialResponse("SCRAM-SHA-256", "n,," + bare));
    assertThatThrownBy(() -> nonce.next(good.replace(RFC_SERVER_NONCE, "other").getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("08P01");
          assertThat(e.getMessage()).contains("nonce does not match");
        });
  }

  private static void assertRefused(byte[] payload, String sqlState, String text) {
    assertThatThrownBy(() -> rfcExchange().next(payload))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> {
          assertThat(e.sqlState()).isEqualTo(sqlState);
          assertThat(e.getMessage()).contains(text);
        });
  }
}
