package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.CommitInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake excise --table-id}: the whole history of one dropped table goes — its rows in every
 * relation at every commit, and its inlined rows — and nothing else reads differently at any commit;
 * a table still live, or one never there, is refused. The fixture's table events (id 2, three inlined
 * rows) is dropped at snapshot 6 (commit 8); orders (id 1) stays.
 */
class ExciseTableCommandTest {
  @TempDir Path dir;
  private final ObjectMapper json = new ObjectMapper();

  @BeforeEach
  void catalogWithADroppedTable() {
    OpsCatalog fixture = new OpsCatalog(dir).build();
    Catalog catalog = fixture.writer();
    CatalogTransaction tx = catalog.begin(new CommitInfo("duck", "duckdb", 3));
    tx.insert(OpsCatalog.SNAPSHOT, new Object[] {6L, fixture.commitTime(6), 4L, 8L, 6L});
    tx.insert(OpsCatalog.CHANGES, new Object[] {6L, "dropped_table:2", null, null, null});
    CatalogRow events = tx.scan(OpsCatalog.TABLE).stream().filter(r -> r.get(0).equals(2L)).findFirst().orElseThrow();
    Object[] ended = events.values();
    ended[3] = 6L; // end_snapshot: DuckDB's DROP TABLE
    tx.update(OpsCatalog.TABLE, events, ended);
    assertThat(tx.commit()).isEqualTo(8);
    fixture.closeWriter();
  }

  @Test
  void aDroppedTablesWholeHistoryGoesAndEveryOtherRowReadsTheSameAtEveryCommit() throws Exception {
    Map<Long, Map<String, List<String>>> before = withoutTable2(readable());
    OpsCatalog.Run dry = run("excise", "--catalog", dir.toString(), "--table-id", "2", "--dry-run", "--json");
    assertThat(dry.code()).as(dry.err()).isZero();
    JsonNode plan = json.readTree(dry.out());
    assertThat(plan.get("table_id").asLong()).isEqualTo(2);
    // ducklake_table: events' versions of commits 6 and 8, with their table-index copies; its
    // ducklake_inlined_data_tables row; its inlined relation's 3 rows and the update that ended one
    assertThat(relations(plan)).containsExactly(
        "ducklake_table facts 2 index 2",
        "ducklake_inlined_data_tables facts 1 index 1",
        OpsCatalog.INLINED + " facts 4 index 0");

    OpsCatalog.Run yes = run("excise", "--catalog", dir.toString(), "--table-id", "2", "--yes", "--by", "ops",
        "--reason", "erasure request", "--json");
    assertThat(yes.code()).as(yes.err()).isZero();
    JsonNode done = json.readTree(yes.out());
    assertThat(relations(done)).isEqualTo(relations(plan));
    assertThat(done.at("/excision/reason").asText()).isEqualTo("table main.events (id 2): erasure request");
    assertThat(done.at("/excision/facts_to_remove").asLong()).isEqualTo(7);

    Map<Long, Map<String, List<String>>> after = readable();
    after.remove(9L); // the excision's audit commit
    assertThat(after).as("every row not of table 2, at every commit").isEqualTo(before);
    assertThat(after.get(8L).get("ducklake_table")).as("orders is still there").hasSize(1);
    for (Map<String, List<String>> at : after.values()) {
      assertThat(at.getOrDefault("ducklake_table", List.of())).noneMatch(row -> row.contains("events"));
      assertThat(at.getOrDefault(OpsCatalog.INLINED, List.of())).isEmpty();
    }
    OpsCatalog.Run verify = run("verify", "--catalog", dir.toString(), "--skip-data-files");
    assertThat(verify.code()).as(verify.out() + verify.err()).isZero();
  }

  @Test
  void aLiveTableOrOneNeverThereIsRefusedAndNothingIsRemoved() {
    OpsCatalog.Run live = run("excise", "--catalog", dir.toString(), "--table-id", "1", "--yes");
    assertThat(live.code()).isEqualTo(1);
    assertThat(live.err()).contains("table main.orders (id 1) is live at the latest snapshot")
        .contains("DROP TABLE").contains("55000");
    OpsCatalog.Run unknown = run("excise", "--catalog", dir.toString(), "--table-id", "9", "--dry-run");
    assertThat(unknown.code()).isEqualTo(1);
    assertThat(unknown.err()).contains("no table with id 9").contains("42P01");
    assertThat(readable().keySet()).as("no audit commit was written").containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L,
        7L, 8L);
  }

  /** Per relation: "name facts F index I". */
  private static List<String> relations(JsonNode plan) {
    List<String> out = new ArrayList<>();
    plan.get("relations").forEach(r -> out.add(r.get("relation").asText() + " facts " + r.get("facts").asLong()
        + " index " + r.get("index_entries").asLong()));
    return out;
  }

  /** The same, less every row of table 2: its ducklake_table and inlined-data-tables rows, its inlined relation. */
  private static Map<Long, Map<String, List<String>>> withoutTable2(Map<Long, Map<String, List<String>>> all) {
    Map<Long, Map<String, List<String>>> out = new TreeMap<>();
    all.forEach((commit, relations) -> {
      Map<String, List<String>> kept = new TreeMap<>();
      relations.forEach((name, rows) -> {
        if (name.equals(OpsCatalog.INLINED)) {
          kept.put(name, List.of()); // its definition stays in rocklake_relation, the audit trail; its rows go
        } else {
          kept.put(name, rows.stream().filter(row -> !(name.equals("ducklake_table") && row.contains("events"))
              && !(name.equals("ducklake_inlined_data_tables") && row.contains(OpsCatalog.INLINED))).toList());
        }
      });
      out.put(commit, kept);
    });
    return out;
  }

  private Map<Long, Map<String, List<String>>> readable() {
    return OpsCatalog.readable(dir);
  }
}
