package io.rocklake.pgwire.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The password file: user:password or user:verifier lines, with errors that name the line. */
class CredentialsTest {

  @Test
  void readsPasswordsAndVerifiersAndSkipsCommentsAndBlankLines() {
    String verifier = ScramVerifier.generate("s3cret").toString();
    Credentials c = Credentials.parse(List.of("# who may log in", "", "duck:quack:with:colons", "  ",
        "goose:" + verifier), "pw");
    assertThat(c.users()).containsExactlyInAnyOrder("duck", "goose");
    assertThat(c.verifier("duck")).get().satisfies(v -> assertThat(v.matches("quack:with:colons")).isTrue());
    assertThat(c.verifier("goose")).get().hasToString(verifier);
    assertThat(c.verifier("ghost")).isEmpty();
  }

  @Test
  void mistakesNameTheFileAndLine() {
    assertThatThrownBy(() -> Credentials.parse(List.of("duck:quack", "goose"), "users.txt"))
        .hasMessage("users.txt line 2: expected user:password or user:SCRAM-SHA-256$...");
    assertThatThrownBy(() -> Credentials.parse(List.of("duck:"), "users.txt"))
        .hasMessageStartingWith("users.txt line 1:");
    assertThatThrownBy(() -> Credentials.parse(List.of("duck:a", "duck:b"), "users.txt"))
        .hasMessage("users.txt line 2: user 'duck' appears twice");
    assertThatThrownBy(() -> Credentials.parse(List.of("duck:SCRAM-SHA-256$oops"), "users.txt"))
        .hasMessageStartingWith("users.txt line 1: not a SCRAM-SHA-256 verifier");
    assertThatThrownBy(() -> Credentials.parse(List.of("# nobody"), "users.txt"))
        .hasMessage("users.txt holds no user:password line");
  }
}
