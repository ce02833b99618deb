package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.OpKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Many catalogs behind one server ({@code serve --catalog-root}): the database name a client connects
 * to is the catalog it gets, each in its own folder under the root, written by the server's writer
 * and read by replicas of the same root; a name that cannot be a catalog is 3D000, as PostgreSQL says
 * of a database that does not exist.
 */
class CatalogRootTest {
  private static final Duration POLL = Duration.ofMillis(50);

  @TempDir Path dir;
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    Collections.reverse(open);
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private CatalogRoot root() {
    return new CatalogRoot(CatalogLocation.parse(dir.resolve("lakes").toString()));
  }

  private RockLakeServer writer() throws Exception {
    RockLakeServer s = RockLakeServer.startRoot(ServerConfig.local(root().location(), 0), root(), null);
    open.add(s);
    return s;
  }

  private RockLakeServer replica() throws Exception {
    RockLakeServer s = RockLakeServer.startRoot(ServerConfig.local(root().location(), 0), root(), POLL);
    open.add(s);
    return s;
  }

  private static Connection connect(RockLakeServer s, String database) throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + s.port() + "/" + database
        + "?user=duck&preferQueryMode=simple");
  }

  /** DuckDB's ATTACH of a new lake: DuckLake's tables, then its first snapshot. */
  private static void attachNewLake(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("BEGIN TRANSACTION");
      for (RelationDef r : DuckLakeRelations.ALL) {
        s.execute(r.createTableSql());
      }
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (0, NOW(), 0, 1, 0)");
      s.execute("COMMIT");
    }
  }

  private static void snapshot(Connection c, long id) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("BEGIN TRANSACTION");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot\" VALUES (" + id + ", NOW(), 0, 1, 0)");
      s.execute("INSERT INTO \"public\".\"ducklake_snapshot_changes\" VALUES (" + id + ", 'inserted_into_table:1', "
          + "NULL, NULL, NULL)");
      s.execute("COMMIT");
    }
  }

  private static long snapshots(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM ducklake_snapshot")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void eachDatabaseNameIsItsOwnCatalogInItsOwnFolderAsASingleCatalogServerLaysItOut() throws Exception {
    RockLakeServer server = writer();
    try (Connection raw = connect(server, "raw"); Connection mart = connect(server, "mart")) {
      attachNewLake(raw);
      attachNewLake(mart);
      snapshot(mart, 1);
      snapshot(mart, 2);
      assertThat(snapshots(raw)).isEqualTo(1);
      assertThat(snapshots(mart)).isEqualTo(3);
      for (Connection c : List.of(raw, mart)) {
        String name = c == raw ? "raw" : "mart";
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
            "SELECT current_database(), (SELECT datname FROM pg_catalog.pg_database)")) {
          rs.next();
          assertThat(rs.getString(1)).as("current_database()").isEqualTo(name);
          assertThat(rs.getString(2)).as("pg_database").isEqualTo(name);
        }
        try (ResultSet rs = c.getMetaData().getCatalogs()) {
          rs.next();
          assertThat(rs.getString(1)).isEqualTo(name);
        }
      }
    }
    assertThat(server.catalogs().openCatalogs()).containsExactly("mart", "raw");
    assertThat(dir.resolve("lakes/raw/manifest")).isDirectory();
    assertThat(dir.resolve("lakes/mart/manifest")).isDirectory();
    server.close();
    open.remove(server);
    // The folder of one catalog of the root is a catalog: serve it alone and it holds what was written.
    try (RockLakeServer alone = RockLakeServer.start(ServerConfig.local(
        CatalogLocation.parse(dir.resolve("lakes/mart").toString()), 0)); Connection c = connect(alone, "mart");
        Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_database()")) {
      assertThat(snapshots(c)).isEqualTo(3);
      rs.next();
      assertThat(rs.getString(1)).as("a catalog served alone is rocklake, whatever the client asked for")
          .isEqualTo("rocklake");
    }
  }

  @Test
  void pgStatActivityListsTheSessionsOfEveryCatalogEachUnderItsName() throws Exception {
    RockLakeServer server = writer();
    try (Connection raw = connect(server, "raw"); Connection mart = connect(server, "mart")) {
      attachNewLake(raw);
      attachNewLake(mart);
      List<String> seen = new ArrayList<>();
      try (Statement s = raw.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT datname, state FROM pg_stat_activity ORDER BY datname")) {
        while (rs.next()) {
          seen.add(rs.getString(1) + " " + rs.getString(2));
        }
      }
      assertThat(seen).containsExactly("mart idle", "raw active");
    }
  }

  @Test
  void aNameThatCannotBeACatalogIs3D000AndTheServerGoesOn() throws Exception {
    RockLakeServer server = writer();
    for (String bad : List.of("..", "a.b", "x".repeat(64), "caf%C3%A9", "a%20b")) {
      assertThatThrownBy(() -> connect(server, bad).close()).as(bad).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("3D000")).hasMessageContaining("does not exist");
    }
    try (Stream<Path> made = Files.list(dir.resolve("lakes"))) {
      assertThat(made).isEmpty(); // nothing created for a refused name
    } catch (java.nio.file.NoSuchFileException none) {
      // the root itself is made only with its first catalog
    }
    try (Connection ok = connect(server, "x".repeat(63))) {
      attachNewLake(ok);
      assertThat(snapshots(ok)).isEqualTo(1);
    }
  }

  @Test
  void aCatalogsLakeDatabaseIsNameDotLakeAndOpensNoCatalogOfThatName() throws Exception {
    RockLakeServer server = writer();
    try (Connection raw = connect(server, "raw")) {
      attachNewLake(raw);
    }
    try (Connection lake = connect(server, "raw.lake"); Statement s = lake.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT * FROM t")).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("42P01")); // a lake session: its tables, not the catalog's
      assertThatThrownBy(() -> s.execute("CREATE TABLE ducklake_metadata (key VARCHAR)"))
          .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
    }
    assertThat(server.catalogs().openCatalogs()).containsExactly("raw");
  }

  @Test
  void aReplicaRefusesAnUnknownCatalogThenServesTheOneTheWriterCreatesWritingNothing() throws Exception {
    RockLakeServer writer = writer();
    RockLakeServer replica = replica();
    assertThatThrownBy(() -> connect(replica, "staging").close()).isInstanceOfSatisfying(SQLException.class,
        e -> assertThat(e.getSQLState()).isEqualTo("3D000")).hasMessageContaining("\"staging\" does not exist");
    assertThat(dir.resolve("lakes/staging")).doesNotExist();
    try (Connection w = connect(writer, "staging")) {
      attachNewLake(w);
      try (Connection r = connect(replica, "staging")) {
        assertThat(snapshots(r)).isEqualTo(1);
        snapshot(w, 1);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (snapshots(r) < 2 && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        assertThat(snapshots(r)).isEqualTo(2);
        assertThatThrownBy(() -> snapshot(r, 9)).isInstanceOfSatisfying(SQLException.class,
            e -> assertThat(e.getSQLState()).isEqualTo("25006")).hasMessageContaining("read-only replica");
      }
    }
    assertThat(replica.catalogs().storeMetrics().requests(OpKind.PUT)).isZero();
    assertThat(replica.catalogs().storeMetrics().requests(OpKind.DELETE)).isZero();
  }

  @Test
  void aNewerWriterOfOneCatalogFencesThatCatalogOnlyAndTheOthersGoOn() throws Exception {
    RockLakeServer server = writer();
    try (Connection raw = connect(server, "raw"); Connection mart = connect(server, "mart")) {
      attachNewLake(raw);
      attachNewLake(mart);
    }
    try (Db rival = Db.open(new LocalFolderObjectStore(dir.resolve("lakes/raw")))) {
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (server.catalogs().openCatalogs().contains("raw") && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(server.catalogs().openCatalogs()).containsExactly("mart");
      assertThatThrownBy(() -> connect(server, "raw").close()).isInstanceOfSatisfying(SQLException.class,
          e -> assertThat(e.getSQLState()).isEqualTo("57P01")).hasMessageContaining("taken over by a newer writer");
      try (Connection mart = connect(server, "mart")) {
        snapshot(mart, 1);
        assertThat(snapshots(mart)).isEqualTo(2);
      }
      assertThat(server.terminated()).isNotDone();
    }
  }

  @Test
  void listenersHearTheCommitsOfTheirOwnCatalogOnly() throws Exception {
    RockLakeServer server = writer();
    try (Connection raw = connect(server, "raw"); Connection mart = connect(server, "mart");
        Connection rawListener = connect(server, "raw")) {
      attachNewLake(raw);
      attachNewLake(mart);
      try (Statement s = rawListener.createStatement()) {
        s.execute("LISTEN rocklake_commits");
      }
      snapshot(mart, 7);
      snapshot(raw, 1);
      List<String> heard = new ArrayList<>();
      long deadline = System.currentTimeMillis() + 1500;
      while (System.currentTimeMillis() < deadline) {
        PGNotification[] n = rawListener.unwrap(PGConnection.class).getNotifications(200);
        if (n != null) {
          for (PGNotification x : n) {
            heard.add(x.getParameter());
          }
        }
      }
      assertThat(heard).containsExactly(
          "{\"snapshot_id\":1,\"schema_version\":0,\"changes_made\":\"inserted_into_table:1\"}");
    }
  }
}
