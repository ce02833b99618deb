package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.kv.store.MeteredObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocklake inspect} on a real catalog folder: what it holds, its history and its kv-store's objects. */
class InspectCommandTest {
  @TempDir Path dir;

  @Test
  void jsonTellsTablesFilesInlinedRowsHistoryAndTheStoreAsItIsOnDisk() throws Exception {
    OpsCatalog lake = new OpsCatalog(dir).build();
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run r = run(store, "inspect", "--catalog", dir.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(store[0].metrics().writeRequests()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertThat(root.get("latest_commit").asLong()).isEqualTo(7);
    assertThat(root.get("latest_snapshot").asLong()).isEqualTo(5);
    assertThat(root.get("schemas")).hasSize(1);
    JsonNode main = root.get("schemas").get(0);
    assertThat(main.get("schema_name").asText()).isEqualTo("main");
    JsonNode orders = main.get("tables").get(0);
    assertThat(orders.get("table_name").asText()).isEqualTo("orders");
    // file 1 was deleted, file 2 (20 records, 2000 bytes) lives, with a delete file of 5 rows
    assertThat(orders.get("data_files").asLong()).isEqualTo(1);
    assertThat(orders.get("data_file_bytes").asLong()).isEqualTo(2000);
    assertThat(orders.get("data_file_records").asLong()).isEqualTo(20);
    assertThat(orders.get("delete_files").asLong()).isEqualTo(1);
    assertThat(orders.get("deleted_rows").asLong()).isEqualTo(5);
    assertThat(orders.get("inlined_rows").asLong()).isZero();
    JsonNode events = main.get("tables").get(1);
    assertThat(events.get("table_name").asText()).isEqualTo("events");
    assertThat(events.get("data_files").asLong()).isZero();
    assertThat(events.get("inlined_rows").asLong()).as("3 inlined, 1 of them ended").isEqualTo(2);

    JsonNode history = root.get("history");
    assertThat(history.get("commits").asLong()).isEqualTo(7);
    // every commit stores its facts plus its own rocklake_commit row
    assertThat(history.get("facts_stored").asLong()).isEqualTo(history.get("facts_written").asLong() + 7);
    assertThat(history.get("gc_runs").asLong()).isZero();

    lake.closeWriter();
    JsonNode kv = root.get("kv_store");
    assertThat(kv.get("l0_ssts").asInt()).as("the fixture flushed once").isGreaterThanOrEqualTo(1);
    assertThat(kv.get("l0_bytes").asLong() + kv.get("sorted_run_bytes").asLong()).isEqualTo(sizes(dir.resolve("sst")));
    assertThat(kv.get("objects").get("sst").asInt()).isEqualTo(count(dir.resolve("sst")));
    assertThat(kv.get("objects").get("wal").asInt()).isEqualTo(count(dir.resolve("wal")));
    assertThat(kv.get("objects").get("manifest").asInt()).isEqualTo(count(dir.resolve("manifest")));
    assertThat(kv.get("wal_objects").asLong()).as("snapshots 4 and 5 are only in the WAL").isGreaterThanOrEqualTo(2);
    assertThat(kv.get("wal_bytes").asLong()).isPositive().isLessThanOrEqualTo(sizes(dir.resolve("wal")));
  }

  @Test
  void textSaysTheSameForPeople() {
    new OpsCatalog(dir).build().closeWriter();
    OpsCatalog.Run r = run("inspect", "--catalog", dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines()).contains(
        "catalog " + dir + ": latest commit 7, floor commit 0, latest snapshot 5",
        "schema main (id 0): 2 tables",
        "  table orders (id 1): 1 data files, 2000 bytes, 20 records; 1 delete files (5 rows); 0 inlined rows",
        "  table events (id 2): 0 data files, 0 bytes, 0 records; 0 delete files (0 rows); 2 inlined rows");
    assertThat(r.out()).containsPattern("history: 7 commits, \\d+ facts written, \\d+ stored; 0 gc runs, 0 excisions")
        .containsPattern("kv-store: manifest \\d+ \\(writer epoch \\d+\\); L0 [1-9]\\d* SSTs, [1-9]\\d* bytes");
  }

  private static long sizes(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(p -> !p.getFileName().toString().startsWith(".")).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static int count(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return (int) files.filter(p -> !p.getFileName().toString().startsWith(".")).count();
    }
  }
}
