package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocklake gc} on a real catalog folder: the floor rises, reads below it fail, nothing is deleted. */
class GcCommandTest {
  @TempDir Path dir;
  private OpsCatalog lake;

  @BeforeEach
  void catalog() {
    lake = new OpsCatalog(dir).build();
  }

  @Test
  void itFencesTheWriterThatWasServingTheCatalogAsItsHelpSays() {
    assertThat(lake.writer().checkFenced()).isEmpty();
    OpsCatalog.Run r = run("gc", "--catalog", dir.toString(), "--floor-snapshot", "2", "--by", "ops");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(lake.writer().checkFenced()).as("the server's writer after gc opened its own").isPresent();
    assertThatThrownBy(() -> lake.writer().begin()).isInstanceOf(RuntimeException.class);
    lake.closeWriter();
  }

  @Test
  void keepRaisesTheFloorToTheNewestCommitOlderThanThatDeletingNothing() throws Exception {
    lake.closeWriter();
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run r = run(store, "gc", "--catalog", dir.toString(), "--keep", "7d", "--reason", "keep a week",
        "--by", "ops", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(store[0].metrics().requests(OpKind.DELETE)).as("gc deletes no object").isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    // snapshot 3's commit (5) is 7.5 days old, snapshot 4's (6) 6.5 days
    assertThat(root.get("raised").asBoolean()).isTrue();
    assertThat(root.get("previous_floor").asLong()).isZero();
    assertThat(root.get("floor").asLong()).isEqualTo(5);
    assertThat(root.get("floor_snapshot").asLong()).isEqualTo(3);
    assertThat(root.get("floor_committed_at").asText()).isEqualTo(lake.commitTime(3).toString());
    assertThat(root.get("retention_commit").asLong()).isEqualTo(8);
    assertThat(root.get("raised_by").asText()).isEqualTo("ops");

    try (DbReader reader = DbReader.open(new LocalFolderObjectStore(dir))) {
      Catalog catalog = Catalog.openReadOnly(reader);
      assertThat(catalog.floor()).isEqualTo(5);
      assertThatThrownBy(() -> catalog.beginAt(4)).isInstanceOfSatisfying(CatalogException.class, e -> {
        assertThat(e.sqlState()).isEqualTo("72000");
        assertThat(e.getMessage()).contains("below the visibility floor").contains("5");
      });
      assertThat(catalog.beginAt(5).scan(OpsCatalog.DATA_FILE)).hasSize(2);
      List<CatalogRow> retention = catalog.begin().scan(RockLakeRelations.RETENTION);
      assertThat(retention).hasSize(1);
      Object[] row = retention.get(0).values();
      assertThat(row[0]).isEqualTo(8L);
      assertThat(row[1]).isEqualTo(5L);
      assertThat(row[2]).isEqualTo("ops");
      assertThat(row[3]).isEqualTo("keep a week");
      assertThat((Instant) row[4]).isAfterOrEqualTo(lake.now);
      assertThat(root.get("raised_at").asText()).isEqualTo(row[4].toString());
    }
  }

  @Test
  void textNamesTheFloorTheAuditRowAndThatNothingWasDeleted() {
    lake.closeWriter();
    OpsCatalog.Run r = run("gc", "--catalog", dir.toString(), "--floor-snapshot", "4", "--by", "ops");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines()).containsExactly(
        "floor raised from commit 0 to 6 (snapshot 4, committed " + lake.commitTime(4) + ")",
        r.out().lines().toList().get(1),
        "nothing deleted; 'rocklake excise' removes what no commit from the floor on can see");
    assertThat(r.out().lines().toList().get(1)).startsWith("recorded in rocklake_retention at commit 8: by ops at ");
  }

  @Test
  void lowerTheFloorOrNameAnUnknownSnapshotIsAUsageMistakeWithTheReason() {
    lake.closeWriter();
    assertThat(run("gc", "--catalog", dir.toString(), "--floor-snapshot", "4").code()).isZero();
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run lower = run(store, "gc", "--catalog", dir.toString(), "--floor-snapshot", "1");
    assertThat(lower.code()).isEqualTo(2);
    assertThat(lower.err()).startsWith("rocklake gc: the floor is already 6; it can only be raised, not lowered to 3")
        .contains("See 'rocklake gc --help'.");
    assertThat(store[0].metrics().writeRequests()).as("refused before the writer opens: nobody fenced").isZero();
    OpsCatalog.Run unknown = run(store, "gc", "--catalog", dir.toString(), "--floor-snapshot", "99");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("no commit made DuckLake snapshot 99");
    assertThat(store[0].metrics().writeRequests()).isZero();
  }

  @Test
  void keepLongerThanTheHistoryChangesNothingAndWritesNothing() {
    assertThat(lake.writer().checkFenced()).isEmpty();
    MeteredObjectStore[] store = new MeteredObjectStore[1];
    OpsCatalog.Run r = run(store, "gc", "--catalog", dir.toString(), "--keep", "30d");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("floor stays at commit 0: no commit is older than 30d; nothing written"
        + System.lineSeparator());
    assertThat(store[0].metrics().writeRequests()).isZero();
    assertThat(lake.writer().checkFenced()).as("nothing to raise: the serving writer is left alone").isEmpty();
    lake.closeWriter();
  }

  @Test
  void badOptionsExitTwoBeforeAnythingOpens() {
    lake.closeWriter();
    OpsCatalog.Run neither = run("gc", "--catalog", dir.toString());
    assertThat(neither.code()).isEqualTo(2);
    assertThat(neither.err()).contains("--keep").contains("--floor-snapshot");
    OpsCatalog.Run both = run("gc", "--catalog", dir.toString(), "--keep", "1d", "--floor-snapshot", "2");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("mutually exclusive");
    OpsCatalog.Run badKeep = run("gc", "--catalog", dir.toString(), "--keep", "1y");
    assertThat(badKeep.code()).isEqualTo(2);
    assertThat(badKeep.err()).contains("--keep takes a number and a unit").contains("'1y'");
  }
}
