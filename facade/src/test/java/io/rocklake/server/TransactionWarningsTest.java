package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warnings PostgreSQL 15 sends as a NoticeResponse before a transaction command completes reach
 * the client the same way, with its SQLSTATE and text: BEGIN inside a block (25001), COMMIT or
 * ROLLBACK outside one (25P01), SET TRANSACTION outside one (25P01). The command still completes.
 */
class TransactionWarningsTest {
  @TempDir Path dir;
  private RockLakeServer server;

  @BeforeEach
  void start() throws Exception {
    server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(dir.resolve("catalog").toString()), 0));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void transactionCommandsOutOfPlaceWarnAsPostgresDoesAndStillComplete() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port()
        + "/rocklake?user=duck&preferQueryMode=simple"); Statement s = c.createStatement()) {
      assertThat(warning(s, "COMMIT")).isEqualTo("25P01 there is no transaction in progress");
      assertThat(warning(s, "ROLLBACK")).isEqualTo("25P01 there is no transaction in progress");
      assertThat(warning(s, "SET TRANSACTION READ ONLY"))
          .isEqualTo("25P01 SET TRANSACTION can only be used in transaction blocks");
      assertThat(warning(s, "BEGIN")).as("the first BEGIN").isNull();
      assertThat(warning(s, "BEGIN")).isEqualTo("25001 there is already a transaction in progress");
      assertThat(warning(s, "SELECT 1")).isNull();
      assertThat(warning(s, "COMMIT")).as("the block the first BEGIN opened").isNull();
    }
  }

  private static String warning(Statement s, String sql) throws Exception {
    s.clearWarnings();
    s.execute(sql);
    SQLWarning w = s.getWarnings();
    return w == null ? null : w.getSQLState() + " " + w.getMessage();
  }
}
