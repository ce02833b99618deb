package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.kv.store.MeteredObjectStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocklake snapshots} on a real catalog folder while its writer is open, as a server's would be. */
class SnapshotsCommandTest {
  @TempDir Path dir;

  @Test
  void jsonListsEverySnapshotWithItsChangesAndTheCommitThatMadeIt() throws Exception {
    OpsCatalog lake = new OpsCatalog(dir).build();
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run r = run(store, "snapshots", "--catalog", dir.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertThat(root.get("latest_commit").asLong()).isEqualTo(7);
    assertThat(root.get("floor").asLong()).isZero();
    assertThat(root.get("snapshots_total").asInt()).isEqualTo(6);
    JsonNode list = root.get("snapshots");
    assertThat(list).hasSize(6);
    List<Long> ids = new ArrayList<>();
    list.forEach(s -> ids.add(s.get("snapshot_id").asLong()));
    assertThat(ids).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
    JsonNode one = list.get(1);
    assertThat(one.get("snapshot_time").asText()).isEqualTo(lake.commitTime(1).toString());
    assertThat(one.get("schema_version").asLong()).isEqualTo(2);
    assertThat(one.get("changes_made").asText()).isEqualTo("created_table:\"main\".\"orders\"");
    assertThat(one.get("author").asText()).isEqualTo("alice");
    assertThat(one.get("commit_message").asText()).isEqualTo("orders table");
    assertThat(list.get(0).get("author").isNull()).isTrue();
    JsonNode commit = one.get("commit");
    assertThat(commit.get("commit_id").asLong()).isEqualTo(3);
    assertThat(commit.get("commit_time").asText()).isEqualTo(lake.commitTime(1).toString());
    assertThat(commit.get("user_name").asText()).isEqualTo("duck");
    assertThat(commit.get("application_name").asText()).isEqualTo("duckdb");
    assertThat(commit.get("readable").asBoolean()).isTrue();

    assertThat(store[0].metrics().writeRequests()).as("a read-only command writes nothing").isZero();
    CatalogTransaction after = lake.writer().begin(); // the running writer was not fenced: it still commits
    after.insert(OpsCatalog.SNAPSHOT, new Object[] {6L, lake.now, 3L, 8L, 6L});
    assertThat(after.commit()).isEqualTo(8);
    lake.closeWriter();
  }

  @Test
  void textHasOneLinePerSnapshotAndLimitShowsTheNewest() {
    OpsCatalog lake = new OpsCatalog(dir).build();
    lake.closeWriter();
    OpsCatalog.Run r = run("snapshots", "--catalog", dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).isEqualTo("snapshots of " + dir + " (latest commit 7, floor commit 0)");
    assertThat(lines.get(1)).contains("snapshot").contains("time").contains("commit").contains("changes");
    assertThat(lines).hasSize(2 + 6 + 1);
    String one = lines.get(3);
    assertThat(one.trim().split("\\s+")).startsWith("1", lake.commitTime(1).toString(), "2", "3",
        lake.commitTime(1).toString(), "duck/duckdb", "created_table:\"main\".\"orders\"", "author:", "alice",
        "message:", "orders", "table");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("6 of 6 snapshots");

    OpsCatalog.Run limited = run("snapshots", "--catalog", dir.toString(), "--limit", "2");
    assertThat(limited.code()).isZero();
    List<String> rows = limited.out().lines().skip(2).toList();
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).trim()).startsWith("4 ");
    assertThat(rows.get(1).trim()).startsWith("5 ");
    assertThat(rows.get(2)).isEqualTo("2 of 6 snapshots");
  }

  @Test
  void snapshotsBelowTheFloorAreMarked() {
    OpsCatalog lake = new OpsCatalog(dir).build();
    lake.closeWriter();
    assertThat(run("gc", "--catalog", dir.toString(), "--floor-snapshot", "3", "--by", "ops").code()).isZero();
    OpsCatalog.Run r = run("snapshots", "--catalog", dir.toString());
    List<String> rows = r.out().lines().skip(2).toList();
    assertThat(rows.get(2)).as("snapshot 2, commit 4").contains(" 4* ");
    assertThat(rows.get(3)).as("snapshot 3, commit 5: the floor").contains(" 5  ");
    assertThat(rows.get(rows.size() - 1)).contains("* a commit below the floor");
  }
}
