package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.CatalogRoot;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every captured DuckDB session replayed into one {@code --catalog-root} server, each into the
 * catalog its captured {@code dbname} names, one after another on the same process: each must pass
 * message for message as on a server of its own (a catalog that saw another's facts would answer
 * DuckDB's snapshot, id and table reads differently). Then a read-only replica of the root answers
 * every catalog's DuckLake tables row for row as the writer does.
 */
class CatalogRootReplayTest {
  private final Corpus corpus = Corpus.locate();

  @Test
  void everyCapturedSessionReplaysIntoItsOwnCatalogOfOneServerAndAReplicaOfTheRootAgrees() throws Exception {
    Path dir = Files.createTempDirectory("rocklake-root-replay-");
    try {
      CatalogRoot root = new CatalogRoot(CatalogLocation.parse(dir.toString()));
      List<String> databases = new ArrayList<>();
      try (RockLakeServer writer = RockLakeServer.startRoot(ServerConfig.local(root.location(), 0), root, null)) {
        for (String name : corpus.scenarioNames()) {
          Scenario scenario = corpus.scenario(name);
          databases.add(scenario.database());
          ScenarioResult result = new Replayer().replay(scenario, new Endpoint("127.0.0.1", writer.port()));
          ReplayAssertions.assertPassedCompletely(scenario, result);
        }
        assertThat(writer.catalogs().openCatalogs()).containsExactlyInAnyOrderElementsOf(databases);
        try (RockLakeServer replica = RockLakeServer.startRoot(ServerConfig.local(root.location(), 0), root,
            Duration.ofMillis(50))) {
          for (String database : databases) {
            assertThat(dir.resolve(database).resolve("manifest")).isDirectory();
            try (Connection w = connect(writer, database); Connection r = connect(replica, database)) {
              assertThat(CatalogRows.all(r)).as(database + " on the replica").isEqualTo(CatalogRows.all(w));
              assertThat(CatalogRows.rows(w, DuckLakeRelations.ALL.get(1))).as(database + " has snapshots").isNotEmpty();
            }
          }
        }
      }
    } finally {
      RockLakeTarget.delete(dir);
    }
  }

  private static Connection connect(RockLakeServer server, String database) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/" + database
        + "?user=duck&preferQueryMode=simple");
  }
}
