package io.rocklake.pgwire.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Verifiers are PostgreSQL's: these two were made by PostgreSQL 15 ({@code CREATE ROLE … PASSWORD}). */
class ScramVerifierTest {
  /** PASSWORD 'quack'. */
  private static final String POSTGRES_QUACK = "SCRAM-SHA-256$4096:faNoTcVNX6BtMQgePZsMaw==$"
      + "+wvYfSt9mk6iBO1fTkEZDyw5Jg3NQnwJ2TPlh+fud8s=:lZ8QcynnIs0sExFsbuDIE5BoMo8hZnCVpYTAcJVYY5c=";
  /** PASSWORD E'pa\u00dfw\u00f6rt\u00a0x\u00ad': a no-break space and a soft hyphen, which SASLprep maps. */
  private static final String POSTGRES_UNICODE = "SCRAM-SHA-256$4096:bX4pAdAQ7fRH0fXXi0EzaQ==$"
      + "Pn+5O1sla207iiztE7RkXybnYpqO6LMQbP87clF/+LM=:SQG5CNJFnAb2tLGSuRVFWzxxZPutd1JhcQ8Sc+kNAhY=";

  @Test
  void aPostgresqlVerifierChecksTheRightPasswordAndNoOther() {
    ScramVerifier v = ScramVerifier.parse(POSTGRES_QUACK);
    assertThat(v.iterations()).isEqualTo(4096);
    assertThat(v.matches("quack")).isTrue();
    assertThat(v.matches("Quack")).isFalse();
    assertThat(v.matches("")).isFalse();
    assertThat(v.toString()).isEqualTo(POSTGRES_QUACK);
  }

  @Test
  void passwordsArePreparedWithSaslprepAsPostgresqlDoes() {
    ScramVerifier v = ScramVerifier.parse(POSTGRES_UNICODE);
    assertThat(v.matches("pa\u00dfw\u00f6rt\u00a0x\u00ad")).isTrue();
    assertThat(v.matches("pa\u00dfwo\u0308rt x")).as("decomposed umlaut, plain space: the same once prepared").isTrue();
    assertThat(v.matches("passwört x")).isFalse();
  }

  @Test
  void aGeneratedVerifierUsesAFreshSaltAndRoundTrips() {
    ScramVerifier a = ScramVerifier.generate("secret");
    ScramVerifier b = ScramVerifier.generate("secret");
    assertThat(a.salt()).hasSize(16).isNotEqualTo(b.salt());
    assertThat(a.iterations()).isEqualTo(4096);
    assertThat(ScramVerifier.parse(a.toString())).isEqualTo(a);
    assertThat(a.matches("secret")).isTrue();
    assertThat(b.matches("secret")).isTrue();
  }

  @Test
  void otherPasswordHashesAreRefusedWithTheExpectedForm() {
    assertThatThrownBy(() -> ScramVerifier.parse("md5d2b8b0c4b1d0e4c64e2b7f1c9c1b2a3d"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SCRAM-SHA-256$<iterations>:<salt>");
    assertThatThrownBy(() -> ScramVerifier.parse("SCRAM-SHA-256$4096:c2FsdA==$c2hvcnQ=:c2hvcnQ="))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32-byte keys");
  }
}
