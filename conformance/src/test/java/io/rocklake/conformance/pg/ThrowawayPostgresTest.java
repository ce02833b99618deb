package io.rocklake.conformance.pg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ThrowawayPostgresTest {
  @Test
  void servesFreshDatabasesAndLeavesNothingBehind() {
    Path folder;
    int port;
    try (ThrowawayPostgres pg = ThrowawayPostgres.start(ThrowawayPostgres.Durability.RELAXED)) {
      folder = pg.folder();
      port = pg.port();
      assertThat(folder.resolve("data/PG_VERSION")).exists();
      pg.recreateDatabase("s_check");
      SimpleQueryClient.execute(pg.host(), port, "postgres", "s_check", "CREATE TABLE t(a int)");
      pg.recreateDatabase("s_check"); // again: the table is gone, so this CREATE succeeds
      SimpleQueryClient.execute(pg.host(), port, "postgres", "s_check", "CREATE TABLE t(a int)");
      assertThatThrownBy(() -> SimpleQueryClient.execute(pg.host(), port, "postgres", "s_check", "CREATE TABLE t(a int)"))
          .hasMessageContaining("42P07");
    }
    assertThat(Files.exists(folder)).isFalse();
    assertThatThrownBy(() -> SimpleQueryClient.execute("127.0.0.1", port, "postgres", "postgres", "SELECT 1"))
        .isInstanceOf(java.io.UncheckedIOException.class);
  }
}
