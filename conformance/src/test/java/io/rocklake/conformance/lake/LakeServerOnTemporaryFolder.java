package io.rocklake.conformance.lake;

import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A lake built in a temporary folder and a RockLake server on its catalog, for the tests that move a
 * lake's files away to tell a pruned file from a read one: the folder goes with the server.
 */
final class LakeServerOnTemporaryFolder implements AutoCloseable {
  /** Builds a lake under a folder and gives its catalog folder. */
  interface LakeBuilder {
    Path build(Path root) throws Exception;
  }

  private final Path root;
  private final RockLakeServer server;

  private LakeServerOnTemporaryFolder(Path root, RockLakeServer server) {
    this.root = root;
    this.server = server;
  }

  /** Builds a lake in a new temporary folder named after {@code prefix} and serves its catalog. */
  static LakeServerOnTemporaryFolder start(String prefix, LakeBuilder builder) throws Exception {
    Path root = Files.createTempDirectory(prefix);
    Path catalog = builder.build(root);
    return new LakeServerOnTemporaryFolder(root,
        RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(catalog.toString()), 0)));
  }

  RockLakeServer server() {
    return server;
  }

  /** A pgjdbc session on the lake database. */
  Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + server.port() + "/lake", "analyst", "");
  }

  /** The first column of every row of {@code sql}, as longs. */
  static List<Long> longs(Connection c, String sql) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
  }

  @Override
  public void close() throws IOException {
    server.close();
    try (var files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    }
  }
}
