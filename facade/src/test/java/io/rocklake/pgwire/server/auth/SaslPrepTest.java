package io.rocklake.pgwire.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** RFC 4013's mappings, and PostgreSQL's fallback to the raw bytes when a password cannot be prepared. */
class SaslPrepTest {

  @Test
  void printableAsciiIsUnchanged() {
    assertThat(SaslPrep.prepare("Tr0ub4dor&3 ~")).isEqualTo("Tr0ub4dor&3 ~");
  }

  @Test
  void nonAsciiSpacesBecomeSpacesAndInvisibleCharactersGo() {
    assertThat(SaslPrep.prepare("a\u00a0b\u3000c")).isEqualTo("a b c");
    assertThat(SaslPrep.prepare("I\u00adX")).isEqualTo("IX"); // RFC 4013 §3's first example
  }

  @Test
  void compatibilityFormsAreNormalized() {
    assertThat(SaslPrep.prepare("\u00aa")).isEqualTo("a"); // RFC 4013 §3: <U+00AA> → "a"
    assertThat(SaslPrep.prepare("\u2168")).isEqualTo("IX");
    assertThat(SaslPrep.prepare("\ufb01x")).isEqualTo("fix");
  }

  @Test
  void prohibitedCharactersFallBackToTheRawBytes() {
    assertThat(SaslPrep.prepare("a\u0007b")).isNull();
    assertThat(SaslPrep.prepare("\ue000secret")).isNull();
    assertThat(SaslPrep.passwordBytes("a\u0007b")).isEqualTo("a\u0007b".getBytes(StandardCharsets.UTF_8));
  }
}
