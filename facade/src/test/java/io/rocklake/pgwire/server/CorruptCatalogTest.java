package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.primitives.Bytes;
import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.LocalFolderObjectStore;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog byte that fails its checksum is PostgreSQL's XX001 data_corrupted naming the store
 * object, never an internal error with a Java class name; the statement fails, and the session, the
 * other relations and new sessions keep working. The corruption is a real flipped byte in a real
 * SST of a local-folder catalog, under a server that opened the catalog before the byte changed.
 */
class CorruptCatalogTest {
  private static final String MARKER = "row-01234-of-the-notes-table";

  @TempDir Path dir;

  private static String answer(WireClient w, String sql) throws Exception {
    w.query(sql);
    return w.readUntilReady().stream().map(m -> m.type() == 'E' ? "E" + m.sqlState() + " " + m.text()
        : m.type() == 'Z' ? "Z" + m.status() : String.valueOf(m.type())).collect(Collectors.joining(" "));
  }

  /** Writes a catalog with a table of 2,000 rows and a small one, all flushed to SSTs, and closes it. */
  private void writeCatalog() throws Exception {
    Db db = Db.open(new LocalFolderObjectStore(dir), DbOptions.defaults().withBackgroundCompaction(false));
    PgWireServer server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(Catalog.open(db)));
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      assertThat(answer(w, "CREATE TABLE notes (id BIGINT, body VARCHAR)")).isEqualTo("C ZI");
      assertThat(answer(w, "CREATE TABLE other (id BIGINT)")).isEqualTo("C ZI");
      assertThat(answer(w, "INSERT INTO other VALUES (7)")).isEqualTo("C ZI");
      for (int batch = 0; batch < 20; batch++) {
        StringJoiner values = new StringJoiner(", ");
        for (int i = batch * 100; i < batch * 100 + 100; i++) {
          values.add("(" + i + ", '" + String.format("row-%05d-of-the-notes-table", i) + "')");
        }
        assertThat(answer(w, "INSERT INTO notes VALUES " + values)).isEqualTo("C ZI");
      }
    } finally {
      server.close();
      db.flush();
      db.close();
    }
  }

  /** Flips one byte of the row holding {@link #MARKER} in whichever SST holds it; returns that SST's key. */
  private String corruptTheMarkerRow() throws Exception {
    byte[] marker = MARKER.getBytes(StandardCharsets.UTF_8);
    List<Path> ssts;
    try (Stream<Path> files = Files.list(dir.resolve("sst"))) {
      ssts = files.filter(p -> p.toString().endsWith(".sst")).toList();
    }
    for (Path sst : ssts) {
      byte[] bytes = Files.readAllBytes(sst);
      int at = Bytes.indexOf(bytes, marker);
      if (at >= 0) {
        bytes[at + 4] ^= 0x01; // '0' → '1': still text, so only the checksum can tell
        Files.write(sst, bytes);
        return "sst/" + sst.getFileName();
      }
    }
    throw new AssertionError("no SST holds " + MARKER + " among " + ssts);
  }

  @Test
  void aChecksumMismatchInAnSstIsXx001NamingTheObjectAndTheServerKeepsServing() throws Exception {
    writeCatalog();
    Db db = Db.open(new LocalFolderObjectStore(dir), DbOptions.defaults().withBackgroundCompaction(false));
    PgWireServer server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(Catalog.open(db)));
    try (WireClient w = WireClient.started(server.port(), 30_000)) {
      assertThat(answer(w, "SELECT 1")).isEqualTo("T C ZI");
      String sst = corruptTheMarkerRow();

      String scan = answer(w, "SELECT count(*) FROM notes");
      assertThat(scan).startsWith("EXX001 could not read " + sst + " at byte ")
          .contains("checksum mismatch").endsWith(" ZI").doesNotContain("Exception").doesNotContain("java.");
      // Asked again, the same answer: the corrupt block was never cached as data.
      assertThat(answer(w, "SELECT body FROM notes WHERE id = 1234")).startsWith("EXX001 could not read " + sst);

      assertThat(answer(w, "BEGIN")).isEqualTo("C ZT");
      assertThat(answer(w, "SELECT count(*) FROM notes")).startsWith("EXX001 ").endsWith(" ZE");
      assertThat(answer(w, "ROLLBACK")).isEqualTo("C ZI");

      assertThat(answer(w, "SELECT 1")).isEqualTo("T C ZI");
      assertThat(answer(w, "SELECT id FROM other")).isEqualTo("T C ZI");
    } finally {
      try (WireClient other = WireClient.started(server.port(), 30_000)) {
        assertThat(answer(other, "SELECT id FROM other")).isEqualTo("T C ZI");
      }
      server.close();
      db.close();
    }
  }
}
