package io.rocklake.pgwire.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** AuthenticationCleartextPassword checked against the user's SCRAM verifier. */
class CleartextExchangeTest {
  private final Authentication auth = Authentication.of(AuthMethod.PASSWORD, Credentials.single("duck", "quack"));

  private static byte[] password(String p) {
    return (p + "\0").getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void asksForTheCleartextPasswordAndAcceptsTheRightOne() {
    AuthExchange exchange = auth.exchange("duck");
    assertThat(exchange.start().code()).isEqualTo(AuthExchange.Request.CLEARTEXT_PASSWORD);
    AuthExchange.Step step = exchange.next(password("quack"));
    assertThat(step.authenticated()).isTrue();
    assertThat(step.reply()).isNull();
  }

  @Test
  void aWrongPasswordAndAnUnknownUserFailAlike() {
    assertThatThrownBy(() -> auth.exchange("duck").next(password("quack!")))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> {
          assertThat(e.sqlState()).isEqualTo("28P01");
          assertThat(e.getMessage()).isEqualTo("password authentication failed for user \"duck\"");
        });
    assertThatThrownBy(() -> auth.exchange("ghost").next(password("quack")))
        .hasMessage("password authentication failed for user \"ghost\"");
  }

  @Test
  void aPasswordWithoutItsTerminatorIsAProtocolViolation() {
    assertThatThrownBy(() -> auth.exchange("duck").next("quack".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.sqlState()).isEqualTo("08P01"));
  }

  @Test
  void trustHasNoExchange() {
    assertThat(Authentication.trust().exchange("anyone")).isNull();
  }
}
