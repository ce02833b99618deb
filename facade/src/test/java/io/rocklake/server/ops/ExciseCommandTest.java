package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.FactKeys;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake excise} on a real catalog folder whose floor gc raised to snapshot 5's commit (7):
 * the dry run names what goes, --yes removes exactly that, and every commit from the floor on reads
 * the same afterwards.
 */
class ExciseCommandTest {
  @TempDir Path dir;
  private final ObjectMapper json = new ObjectMapper();

  @BeforeEach
  void catalogWithARaisedFloor() {
    new OpsCatalog(dir).build().closeWriter();
    OpsCatalog.Run gc = run("gc", "--catalog", dir.toString(), "--floor-snapshot", "5", "--by", "ops");
    assertThat(gc.code()).as(gc.err()).isZero();
  }

  @Test
  void dryRunNamesWhatGoesWritesNothingAndYesRemovesExactlyThat() throws Exception {
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run dry = run(store, "excise", "--catalog", dir.toString(), "--dry-run", "--json");
    assertThat(dry.code()).as(dry.err()).isZero();
    assertThat(store[0].metrics().writeRequests()).as("a dry run writes nothing").isZero();
    JsonNode plan = json.readTree(dry.out());
    assertThat(plan.get("floor").asLong()).isEqualTo(7);
    assertThat(plan.get("removed").asBoolean()).isFalse();
    assertThat(plan.get("excision").isNull()).isTrue();
    // data file 1: its versions of commits 4 and 5 and its deletion at 7; table_stats: 3, 4 and 5 (7 is
    // visible at the floor); the inlined row ended at 7: its version of 6
    assertThat(relations(plan)).containsExactly(
        "ducklake_data_file facts 3 index 3 commits 4-7",
        "ducklake_table_stats facts 3 index 3 commits 3-5",
        OpsCatalog.INLINED + " facts 1 index 0 commits 6-6");
    assertThat(plan.get("facts").asLong()).isEqualTo(7);
    assertThat(plan.get("index_entries").asLong()).isEqualTo(6);

    Map<String, Long> storedBefore = storedFacts();
    OpsCatalog.Run yes = run("excise", "--catalog", dir.toString(), "--yes", "--reason", "compliance", "--by", "ops",
        "--json");
    assertThat(yes.code()).as(yes.err()).isZero();
    JsonNode done = json.readTree(yes.out());
    assertThat(relations(done)).isEqualTo(relations(plan));
    assertThat(done.get("removed").asBoolean()).isTrue();
    JsonNode audit = done.get("excision");
    assertThat(audit.get("excision_id").asLong()).isEqualTo(9);
    assertThat(audit.get("floor_commit").asLong()).isEqualTo(7);
    assertThat(audit.get("facts_to_remove").asLong()).isEqualTo(7);
    assertThat(audit.get("requested_by").asText()).isEqualTo("ops");
    assertThat(audit.get("reason").asText()).isEqualTo("compliance");

    Map<String, Long> storedAfter = storedFacts();
    assertThat(storedBefore.get("ducklake_data_file") - storedAfter.get("ducklake_data_file")).isEqualTo(3);
    assertThat(storedBefore.get("ducklake_table_stats") - storedAfter.get("ducklake_table_stats")).isEqualTo(3);
    assertThat(storedBefore.get(OpsCatalog.INLINED) - storedAfter.get(OpsCatalog.INLINED)).isEqualTo(1);
    assertThat(storedAfter.get("rocklake_excision")).as("the audit row").isEqualTo(1);

    OpsCatalog.Run again = run("excise", "--catalog", dir.toString(), "--dry-run");
    assertThat(again.out()).contains("0 facts, 0 index entries in 0 relations").contains("nothing to excise");
    OpsCatalog.Run nothing = run(store, "excise", "--catalog", dir.toString(), "--yes");
    assertThat(nothing.code()).isZero();
    assertThat(nothing.out()).contains("nothing to excise; nothing written");
    assertThat(store[0].metrics().writeRequests()).as("nothing to remove: no writer, no audit row").isZero();
  }

  @Test
  void everyRowOfEveryRelationReadsTheSameAtEveryCommitFromTheFloorOn() {
    Map<Long, Map<String, List<String>>> before = readable();
    assertThat(before.keySet()).containsExactly(7L, 8L); // the floor, and gc's own commit
    OpsCatalog.Run yes = run("excise", "--catalog", dir.toString(), "--yes", "--by", "ops");
    assertThat(yes.code()).as(yes.err()).isZero();
    Map<Long, Map<String, List<String>>> after = readable();
    assertThat(after.keySet()).containsExactly(7L, 8L, 9L);
    after.remove(9L); // the excision's audit commit
    assertThat(after).isEqualTo(before);
    assertThat(before.get(7L).get("ducklake_data_file")).hasSize(1); // not vacuous: rows are compared
  }

  @Test
  void gcThenExciseLeavesACatalogVerifyFindsWhole() {
    OpsCatalog.Run before = run("verify", "--catalog", dir.toString(), "--skip-data-files");
    assertThat(before.code()).as(before.out() + before.err()).isZero();
    OpsCatalog.Run yes = run("excise", "--catalog", dir.toString(), "--yes", "--by", "ops");
    assertThat(yes.code()).as(yes.err()).isZero();
    OpsCatalog.Run after = run("verify", "--catalog", dir.toString(), "--skip-data-files");
    assertThat(after.code()).as(after.out() + after.err()).isZero();
    assertThat(after.out()).contains("is whole");
    // The excised facts are gone from what verify read: fewer facts than before, none of them damaged.
    assertThat(facts(after.out())).isLessThan(facts(before.out()));
  }

  /** The fact count of verify's summary line ("…; N facts …"). */
  private static long facts(String verifyOut) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) facts").matcher(verifyOut);
    assertThat(m.find()).as(verifyOut).isTrue();
    return Long.parseLong(m.group(1));
  }

  @Test
  void textShowsThePlanAndWithoutAFlagRemovesNothingAndSaysHow() {
    OpsCatalog.Run neither = run("excise", "--catalog", dir.toString());
    assertThat(neither.code()).isEqualTo(2);
    assertThat(neither.out().lines()).containsExactly(
        "excise " + dir + " at floor commit 7: what no commit from the floor on can see",
        "  ducklake_data_file                 3 facts          3 index entries  commits 4-7",
        "  ducklake_table_stats               3 facts          3 index entries  commits 3-5",
        "  ducklake_inlined_data_2_1          1 facts          0 index entries  commits 6-6",
        "7 facts, 6 index entries in 3 relations",
        "dry run: nothing removed");
    assertThat(neither.err()).startsWith("rocklake excise: nothing removed: add --yes to remove these 7 facts");
    OpsCatalog.Run yes = run("excise", "--catalog", dir.toString(), "--yes", "--by", "ops", "--reason", "gdpr");
    assertThat(yes.code()).isZero();
    List<String> lines = yes.out().lines().toList();
    assertThat(lines.get(lines.size() - 1)).startsWith("excised: excision 9 (rocklake_excision) at floor commit 7, 7 facts,"
        + " requested by ops at ").endsWith(", reason: gdpr");
  }

  private static List<String> relations(JsonNode root) {
    List<String> out = new ArrayList<>();
    root.get("relations").forEach(r -> out.add(r.get("relation").asText() + " facts " + r.get("facts").asLong()
        + " index " + r.get("index_entries").asLong() + " commits " + r.get("first_commit").asLong() + "-"
        + r.get("last_commit").asLong()));
    return out;
  }

  /** Every row (id and values) of every relation the catalog has, at every commit from its floor to its latest. */
  private Map<Long, Map<String, List<String>>> readable() {
    return OpsCatalog.readable(dir);
  }

  /** The fact versions stored per relation, counted on the kv-store itself. */
  private Map<String, Long> storedFacts() {
    try (DbReader reader = DbReader.open(new LocalFolderObjectStore(dir))) {
      Catalog catalog = Catalog.openReadOnly(reader);
      Map<String, Long> out = new TreeMap<>();
      for (RelationDef r : catalog.registry().existingRelations(catalog.begin())) {
        byte[] prefix = FactKeys.relationPrefix(r.id());
        byte[] end = FactKeys.relationPrefix(r.id() + 1);
        long n = 0;
        for (Iterator<io.rocklake.kv.KeyValue> it = reader.scan(prefix, end); it.hasNext(); it.next()) {
          n++;
        }
        out.put(r.name(), n);
      }
      return out;
    }
  }
}
