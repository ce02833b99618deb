package io.rocklake.catalog.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.InlinedDeletions;
import io.rocklake.arrowscan.NameMapping;
import io.rocklake.arrowscan.InlinedRow;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.lake.LakeTableRefusedException.Reason;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The scan plan of a DuckLake table at a snapshot, built from catalog rows as DuckLake 1.0 reads them. */
class LakeTablePlannerTest {
  private final LakeCatalog lake = new LakeCatalog();

  /** Schema main (main/) from snapshot 0, table main.t (t/) from 1 with columns id and v. */
  private LakeCatalog withTable() {
    return lake.snapshots(9)
        .schema(0, "main", "main/", true, 0, null)
        .table(1, 0, "t", "t/", true, 1, null)
        .column(1, 1, 1, "id", "int64", null, null, 1, null)
        .column(1, 2, 2, "v", "varchar", null, null, 1, null);
  }

  private ScanPlan plan(long snapshot) {
    return LakeTablePlanner.on(lake.read()).plan("main", "t", snapshot);
  }

  private static List<Long> columnIds(ScanPlan plan) {
    return plan.columns().stream().map(PlanColumn::columnId).toList();
  }

  private static List<String> paths(ScanPlan plan) {
    return plan.files().stream().map(DataFile::path).toList();
  }

  @AfterEach
  void close() {
    lake.close();
  }

  @Nested
  class TheSchemaAtTheSnapshot {
    @Test
    void aColumnAddedAfterTheSnapshotIsNotInThePlanAndIsFromItsSnapshotOn() {
      withTable().column(1, 3, 3, "region", "varchar", "eu", null, 4, null);
      var tx = lake.read();
      assertThat(columnIds(LakeTablePlanner.on(tx).plan("main", "t", 3))).containsExactly(1L, 2L);
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 4).columns()).containsExactly(
          new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "v", "varchar", null),
          new PlanColumn(3, "region", "varchar", "eu"));
    }

    @Test
    void aColumnChangedAtTheSnapshotHasItsNewNameAndTypeThereAndItsOldOneBefore() {
      // ALTER … TYPE and RENAME end the column's row and insert its new version with the same id.
      lake.snapshots(9).schema(0, "main", "main/", true, 0, null).table(1, 0, "t", "t/", true, 1, null)
          .column(1, 1, 1, "id", "int64", null, null, 1, null)
          .column(1, 2, 2, "amount", "int16", null, null, 1, 5L)
          .column(1, 2, 2, "total", "int64", null, null, 5, null);
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 4).columns().get(1))
          .isEqualTo(new PlanColumn(2, "amount", "int16", null));
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 5).columns().get(1))
          .isEqualTo(new PlanColumn(2, "total", "int64", null));
    }

    @Test
    void aColumnDroppedAtTheSnapshotIsGoneAndColumnsFollowColumnOrderNotColumnId() {
      lake.snapshots(9).schema(0, "main", "main/", true, 0, null).table(1, 0, "t", "t/", true, 1, null)
          .column(1, 5, 1, "first", "int32", null, null, 1, null)
          .column(1, 2, 2, "dropped", "int32", null, null, 1, 3L)
          .column(1, 1, 3, "last", "int32", null, null, 1, null);
      var tx = lake.read();
      assertThat(columnIds(LakeTablePlanner.on(tx).plan("main", "t", 2))).containsExactly(5L, 2L, 1L);
      assertThat(columnIds(LakeTablePlanner.on(tx).plan("main", "t", 3))).containsExactly(5L, 1L);
    }

    @Test
    void fieldsOfNestedColumnsAreNotColumnsOfThePlan() {
      withTable().column(1, 3, 3, "s", "struct", null, null, 1, null)
          .column(1, 4, 1, "p", "int32", null, 3L, 1, null);
      assertThat(plan(1).columns()).extracting(PlanColumn::name).containsExactly("id", "v", "s");
    }

    @Test
    void fieldsOfNestedColumnsAreTheirParentsChildrenInColumnOrderRecursively() {
      withTable().column(1, 3, 3, "s", "struct", null, null, 1, null)
          .column(1, 5, 2, "q", "list", null, 3L, 1, null)
          .column(1, 4, 1, "p", "int32", "7", 3L, 1, null)
          .column(1, 6, 1, "element", "varchar", null, 5L, 1, null);
      assertThat(plan(1).columns().get(2)).isEqualTo(new PlanColumn(3, "s", "struct", null, List.of(
          new PlanColumn(4, "p", "int32", "7"),
          new PlanColumn(5, "q", "list", null, List.of(new PlanColumn(6, "element", "varchar", null))))));
    }

    @Test
    void everyColumnIsProjectedInTableOrder() {
      withTable();
      assertThat(plan(1).projection()).hasSize(2);
      assertThat(plan(1).projection().get(0)).isEqualTo(io.rocklake.arrowscan.Projected.column(1));
    }
  }

  @Nested
  class FilesPrunedByTheirStatistics {
    /** Files of ids 0-9, 10-19, 20-29, and one without statistics. */
    private LakeCatalog withFiles() {
      return withTable()
          .dataFile(10, 1, 1, null, "a.parquet", 10, 0).columnStats(10, 1, 1, "0", "9")
          .dataFile(11, 1, 1, null, "b.parquet", 10, 10).columnStats(11, 1, 1, "10", "19")
          .dataFile(12, 1, 1, null, "c.parquet", 10, 20).columnStats(12, 1, 1, "20", "29")
          .dataFile(13, 1, 1, null, "no-stats.parquet", 10, 30);
    }

    private List<String> pruned(long low, long high) {
      var tx = lake.read();
      return paths(LakeTablePlanner.on(tx).plan(1, 1, FileRanges.builder().range(1, low, high).build()));
    }

    @Test
    void aFileWhoseValuesAllLieOutsideTheRangeIsLeftOutAndOneWithoutStatisticsKept() {
      withFiles();
      assertThat(pruned(12, 15)).containsExactly("/lake/main/t/b.parquet", "/lake/main/t/no-stats.parquet");
      assertThat(pruned(9, 10)).containsExactly("/lake/main/t/a.parquet", "/lake/main/t/b.parquet",
          "/lake/main/t/no-stats.parquet");
      assertThat(pruned(30, 40)).containsExactly("/lake/main/t/no-stats.parquet");
    }

    @Test
    void noRangeOrARangeOfAnotherColumnPrunesNothing() {
      withFiles();
      var tx = lake.read();
      assertThat(paths(LakeTablePlanner.on(tx).plan(1, 1, FileRanges.NONE))).hasSize(4);
      assertThat(paths(LakeTablePlanner.on(tx).plan(1, 1, FileRanges.builder().range(2, 0, 0).build()))).hasSize(4);
    }

    @Test
    void boundsThatAreNotIntegersKeepTheFile() {
      withTable().dataFile(10, 1, 1, null, "a.parquet", 10, 0).columnStats(10, 1, 1, null, "not a number");
      assertThat(pruned(100, 200)).containsExactly("/lake/main/t/a.parquet");
    }
  }

  @Nested
  class FilesPrunedByTheirPartitionValues {
    /**
     * Spec 5 of table 1: key 0 identity(v), key 1 year(id) (never prunes). Files with v = 2024, 2025,
     * a NULL value, no value, text that is no integer; one unpartitioned. None has statistics.
     */
    private LakeCatalog withPartitionedFiles() {
      return withTable().partitionColumn(5, 1, 0, 2, "identity").partitionColumn(5, 1, 1, 1, "year")
          .partitionedDataFile(10, 1, 1, "v=2024/a.parquet", 10, 0, 5).filePartitionValue(10, 1, 0, "2024")
          .filePartitionValue(10, 1, 1, "1990")
          .partitionedDataFile(11, 1, 1, "v=2025/b.parquet", 10, 10, 5).filePartitionValue(11, 1, 0, "2025")
          .filePartitionValue(11, 1, 1, "1990")
          .partitionedDataFile(12, 1, 1, "null.parquet", 10, 20, 5).filePartitionValue(12, 1, 0, null)
          .partitionedDataFile(13, 1, 1, "none.parquet", 10, 30, 5)
          .partitionedDataFile(14, 1, 1, "text.parquet", 10, 40, 5).filePartitionValue(14, 1, 0, "eu")
          .dataFile(15, 1, 1, null, "plain.parquet", 10, 50).filePartitionValue(15, 1, 0, "1");
    }

    private List<String> kept(long column, long low, long high) {
      return paths(LakeTablePlanner.on(lake.read()).plan(1, 1, FileRanges.builder().range(column, low, high).build()));
    }

    @Test
    void aFileWhoseIdentityPartitionValueLiesOutsideTheRangeIsLeftOutAndFilesWithoutAnIntegerValueKept() {
      withPartitionedFiles();
      assertThat(kept(2, 2025, 2025)).containsExactly("/lake/main/t/v=2025/b.parquet", "/lake/main/t/null.parquet",
          "/lake/main/t/none.parquet", "/lake/main/t/text.parquet", "/lake/main/t/plain.parquet");
      assertThat(kept(2, 2026, 3000)).containsExactly("/lake/main/t/null.parquet", "/lake/main/t/none.parquet",
          "/lake/main/t/text.parquet", "/lake/main/t/plain.parquet");
    }

    @Test
    void aTransformOtherThanIdentityNeverPrunes() {
      withPartitionedFiles();
      // year(id) is 1990 in files 10 and 11, and no id is a year: a year key says nothing about id's range.
      assertThat(kept(1, 0, 5)).hasSize(6);
    }
  }

  @Nested
  class TheFilesAtTheSnapshot {
    @Test
    void aFileEndedAtTheSnapshotIsExcludedOneEndedAfterItIncludedOneBegunAfterItExcluded() {
      withTable()
          .dataFile(10, 1, 2, 5L, "ended-at-5.parquet", 10, 0)
          .dataFile(11, 1, 2, 6L, "ended-at-6.parquet", 10, 10)
          .dataFile(12, 1, 6, null, "begun-at-6.parquet", 10, 20);
      var tx = lake.read();
      assertThat(paths(LakeTablePlanner.on(tx).plan("main", "t", 4)))
          .containsExactly("/lake/main/t/ended-at-5.parquet", "/lake/main/t/ended-at-6.parquet");
      assertThat(paths(LakeTablePlanner.on(tx).plan("main", "t", 5))).containsExactly("/lake/main/t/ended-at-6.parquet");
      assertThat(paths(LakeTablePlanner.on(tx).plan("main", "t", 6))).containsExactly("/lake/main/t/begun-at-6.parquet");
    }

    @Test
    void filesOfOtherTablesAreNotInThePlan() {
      withTable().table(2, 0, "other", "other/", true, 1, null)
          .dataFile(10, 1, 2, null, "mine.parquet", 10, 0)
          .dataFile(11, 2, 2, null, "theirs.parquet", 10, 0);
      assertThat(paths(plan(2))).containsExactly("/lake/main/t/mine.parquet");
    }

    @Test
    void filesAreInRowIdOrderWithTheirCountsSizesAndRowIdStarts() {
      withTable()
          .dataFile(10, 1, 3, null, "second.parquet", 5, 100)
          .dataFile(11, 1, 2, null, "first.parquet", 100, 0);
      assertThat(plan(3).files()).containsExactly(
          DataFile.of("/lake/main/t/first.parquet", 100, 1011, 0).withBeginSnapshot(2),
          DataFile.of("/lake/main/t/second.parquet", 5, 1010, 100).withBeginSnapshot(3));
    }

    @Test
    void theDeleteFileIsTheOneVisibleAtTheSnapshotAndOfSeveralTheLatestBegun() {
      withTable().dataFile(10, 1, 2, null, "d.parquet", 10, 0)
          .deleteFile(20, 1, 3, 6L, 10, "del-3-to-6.parquet")
          .deleteFile(21, 1, 4, null, 10, "del-from-4.parquet")
          .deleteFile(22, 1, 7, null, 10, "del-from-7.parquet");
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 2).files().get(0).deleteFilePath()).isEmpty();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 3).files().get(0).deleteFilePath())
          .contains("/lake/main/t/del-3-to-6.parquet");
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 5).files().get(0).deleteFilePath())
          .contains("/lake/main/t/del-from-4.parquet");
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 7).files().get(0).deleteFilePath())
          .contains("/lake/main/t/del-from-7.parquet");
    }

    @Test
    void aDeleteFileEndedAtTheSnapshotNoLongerApplies() {
      withTable().dataFile(10, 1, 2, null, "d.parquet", 10, 0).deleteFile(20, 1, 3, 5L, 10, "del-3-to-5.parquet");
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 4).files().get(0).deleteFilePath())
          .contains("/lake/main/t/del-3-to-5.parquet");
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 5).files().get(0).deleteFilePath()).isEmpty();
    }

    @Test
    void aDeleteFileAppliesOnlyToItsDataFile() {
      withTable().dataFile(10, 1, 2, null, "a.parquet", 10, 0).dataFile(11, 1, 2, null, "b.parquet", 10, 10)
          .deleteFile(20, 1, 3, null, 11, "b-del.parquet");
      assertThat(plan(3).files()).extracting(DataFile::deleteFilePath)
          .containsExactly(Optional.empty(), Optional.of("/lake/main/t/b-del.parquet"));
    }

    @Test
    void aPartialFileWhosePartsAreAllAtOrBeforeTheSnapshotIsReadWhole() {
      withTable().dataFile(10, 1, 2, null, "flushed.parquet", true, "parquet", 3, 0L, null, null, 3L);
      assertThat(paths(plan(3))).containsExactly("/lake/main/t/flushed.parquet");
    }
  }

  @Nested
  class Paths {
    @Test
    void relativePathsChainFileToTableToSchemaToDataPath() {
      withTable().dataFile(10, 1, 2, null, "country=fi/f.parquet", 1, 0)
          .deleteFile(20, 1, 3, null, 10, "f-delete.parquet");
      assertThat(plan(3).files()).containsExactly(
          DataFile.of("/lake/main/t/country=fi/f.parquet", 1, 1010, 0).withBeginSnapshot(2)
              .withDeletes("/lake/main/t/f-delete.parquet"));
    }

    @Test
    void absolutePathsAreUsedAsTheyAreAtEveryLevel() {
      lake.snapshots(3).schema(0, "main", "/elsewhere/main/", false, 0, null)
          .table(1, 0, "t", "t/", true, 1, null).table(2, 0, "u", "/tables/u/", false, 1, null)
          .column(1, 1, 1, "id", "int64", null, null, 1, null).column(2, 1, 1, "id", "int64", null, null, 1, null)
          .dataFile(10, 1, 2, null, "f.parquet", 1, 0)
          .dataFile(11, 1, 2, null, "/added/g.parquet", false, "parquet", 1, 1L, null, null, null)
          .dataFile(12, 2, 2, null, "h.parquet", 1, 0)
          .deleteFile(20, 1, 2, null, 10, "/deletes/f-del.parquet", false, "parquet", null, null);
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 2).files()).containsExactly(
          DataFile.of("/elsewhere/main/t/f.parquet", 1, 1010, 0).withBeginSnapshot(2).withDeletes("/deletes/f-del.parquet"),
          DataFile.of("/added/g.parquet", 1, 1011, 1).withBeginSnapshot(2));
      assertThat(paths(LakeTablePlanner.on(tx).plan("main", "u", 2))).containsExactly("/tables/u/h.parquet");
    }

    @Test
    void theCallersDataPathReplacesTheStoredOneWithOrWithoutItsTrailingSeparator() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 1, 0)
          .dataFile(11, 1, 2, null, "/abs/g.parquet", false, "parquet", 1, 1L, null, null, null);
      var tx = lake.read();
      assertThat(paths(LakeTablePlanner.on(tx).withDataPath("/corpus/data/").plan("main", "t", 2)))
          .containsExactly("/corpus/data/main/t/f.parquet", "/abs/g.parquet");
      assertThat(paths(LakeTablePlanner.on(tx).withDataPath("/corpus/data").plan("main", "t", 2)))
          .containsExactly("/corpus/data/main/t/f.parquet", "/abs/g.parquet");
    }

    @Test
    void theStoredDataPathIsTheUnscopedOne() {
      withTable().metadata("other", "x").dataFile(10, 1, 2, null, "f.parquet", 1, 0);
      assertThat(paths(plan(2))).containsExactly("/lake/main/t/f.parquet");
    }
  }

  @Nested
  class WhichTable {
    @Test
    void aNameMeansTheTableOfThatNameAtTheSnapshotAcrossDropAndRecreate() {
      // 10_transactions_partitions: shop.orders (3) dropped at 10, schema shop (1) at 11, both re-created.
      lake.snapshots(14).schema(1, "shop", "shop/", true, 1, 11L).schema(8, "shop", "shop/", true, 12, null)
          .table(3, 1, "orders", "orders/", true, 1, 10L).table(9, 8, "orders", "orders/", true, 13, null)
          .column(3, 1, 1, "id", "int64", null, null, 1, 10L).column(9, 1, 1, "id", "int32", null, null, 13, null)
          .dataFile(0, 3, 1, 10L, "old.parquet", 200, 0).dataFile(9, 9, 14, null, "new.parquet", 1, 0);
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("shop", "orders", 3).files())
          .containsExactly(DataFile.of("/lake/shop/orders/old.parquet", 200, 1000, 0).withBeginSnapshot(1));
      assertThat(LakeTablePlanner.on(tx).plan("shop", "orders", 14).columns())
          .containsExactly(new PlanColumn(1, "id", "int32", null));
      assertThat(LakeTablePlanner.on(tx).plan(3, 3)).isEqualTo(LakeTablePlanner.on(tx).plan("shop", "orders", 3));
      assertThatThrownBy(() -> LakeTablePlanner.on(tx).plan("shop", "orders", 11))
          .isInstanceOf(CatalogException.class).hasMessage("DuckLake table \"shop.orders\" does not exist at snapshot 11")
          .extracting(e -> ((CatalogException) e).sqlState()).isEqualTo("42P01");
      assertThatThrownBy(() -> LakeTablePlanner.on(tx).plan(3, 10))
          .hasMessage("DuckLake table \"table_id 3\" does not exist at snapshot 10");
    }

    @Test
    void aSnapshotTheLakeDoesNotHaveIsRefusedNamingIt() {
      withTable();
      assertThatThrownBy(() -> plan(10)).isInstanceOf(CatalogException.class)
          .hasMessage("DuckLake snapshot 10 does not exist (never committed, or expired)")
          .extracting(e -> ((CatalogException) e).sqlState()).isEqualTo("22023");
    }
  }

  @Nested
  class Refusals {
    private LakeTableRefusedException refusal(long snapshot) {
      try {
        plan(snapshot);
      } catch (LakeTableRefusedException e) {
        assertThat(e.sqlState()).isEqualTo("0A000");
        assertThat(e.table()).isEqualTo("main.t");
        assertThat(e.snapshot()).isEqualTo(snapshot);
        return e;
      }
      throw new AssertionError("the plan at snapshot " + snapshot + " was not refused");
    }

    @Test
    void aPartialDataFileWithRowsAfterTheSnapshotIsReadUpToTheSnapshotOnly() {
      withTable().dataFile(10, 1, 2, null, "flushed.parquet", true, "parquet", 3, 0L, null, null, 3L);
      assertThat(plan(2).files().get(0).rowsUpToSnapshot()).hasValue(2);
      assertThat(plan(3).files().get(0).rowsUpToSnapshot()).isEmpty();
    }

    @Test
    void aPartialDeleteFileWithDeletionsAfterTheSnapshotAppliesThoseUpToTheSnapshotOnly() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0)
          .deleteFile(20, 1, 3, null, 10, "f-del.parquet", true, "parquet", null, 5L);
      assertThat(plan(5).files().get(0).deleteFilePath()).contains("/lake/main/t/f-del.parquet");
      assertThat(plan(5).files().get(0).deletesUpToSnapshot()).isEmpty();
      assertThat(plan(4).files().get(0).deleteFilePath()).contains("/lake/main/t/f-del.parquet");
      assertThat(plan(4).files().get(0).deletesUpToSnapshot()).hasValue(4);
    }

    @Test
    void anEncryptedDataFileIsRefused() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", true, "parquet", 10, 0L, "c2VjcmV0", null, null);
      LakeTableRefusedException e = refusal(2);
      assertThat(e.reason()).isEqualTo(Reason.ENCRYPTED_FILE);
      assertThat(e).hasMessageEndingWith("data file 10 (f.parquet) is encrypted (it has an encryption_key);"
          + " the scan plan reads unencrypted files only");
    }

    @Test
    void anEncryptedDeleteFileIsRefused() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0)
          .deleteFile(20, 1, 3, null, 10, "f-del.parquet", true, "parquet", "c2VjcmV0", null);
      assertThat(refusal(3).reason()).isEqualTo(Reason.ENCRYPTED_FILE);
    }

    @Test
    void aFileWithANameMappingCarriesItsEntriesNestedByParentColumnWithTheirHivePartitionFlags() {
      withTable().dataFile(10, 1, 2, null, "/ext/items.parquet", false, "parquet", 10, 0L, null, 3L, null)
          .dataFile(11, 1, 2, null, "/ext/more.parquet", false, "parquet", 10, 10L, null, 3L, null)
          .dataFile(12, 1, 2, null, "own.parquet", 10, 20)
          .columnMapping(3, 1, "map_by_name")
          .nameMapping(3, 0, "ID", 1, null, false)
          .nameMapping(3, 1, "v_struct", 2, null, false)
          .nameMapping(3, 2, "inner", 7, 1L, false)
          .nameMapping(3, 3, "region", 8, null, true)
          .columnMapping(4, 2, "map_by_name").nameMapping(4, 0, "other", 1, null, false);
      ScanPlan plan = plan(2);

      NameMapping expected = new NameMapping(List.of(NameMapping.Entry.column("ID", 1),
          new NameMapping.Entry("v_struct", 2, false, List.of(NameMapping.Entry.column("inner", 7))),
          NameMapping.Entry.hivePartition("region", 8)));
      assertThat(plan.files()).extracting(DataFile::nameMapping)
          .containsExactly(Optional.of(expected), Optional.of(expected), Optional.empty());
    }

    @Test
    void aFileWhoseNameMappingIsMissingOrNotByNameIsRefused() {
      withTable().dataFile(10, 1, 2, null, "/ext/items.parquet", false, "parquet", 10, 0L, null, 3L, null)
          .dataFile(11, 1, 3, null, "/ext/b.parquet", false, "parquet", 10, 10L, null, 4L, null)
          .columnMapping(4, 1, "map_by_position");
      LakeTableRefusedException e = refusal(2);
      assertThat(e.reason()).isEqualTo(Reason.NAME_MAPPING);
      assertThat(e).hasMessageEndingWith("data file 10 (/ext/items.parquet) is read through name mapping 3, which"
          + " ducklake_column_mapping does not have");
    }

    @Test
    void aFileWhoseNameMappingIsOfAnotherTypeIsRefused() {
      withTable().dataFile(11, 1, 2, null, "/ext/b.parquet", false, "parquet", 10, 10L, null, 4L, null)
          .columnMapping(4, 1, "map_by_position").nameMapping(4, 0, "a", 1, null, false);
      assertThat(refusal(2)).hasMessageEndingWith("data file 11 (/ext/b.parquet) is read through name mapping 4 of"
          + " type map_by_position; the scan plan binds columns by name (map_by_name) only");
    }

    @Test
    void aFileInAnotherFormatIsRefused() {
      withTable().dataFile(10, 1, 2, null, "f.orc", true, "orc", 10, 0L, null, null, null);
      LakeTableRefusedException e = refusal(2);
      assertThat(e.reason()).isEqualTo(Reason.FILE_FORMAT);
      assertThat(e).hasMessageEndingWith("data file 10 (f.orc) is in format orc; the scan plan reads parquet only");
    }
  }

  @Nested
  class RowIdsSnapshotIdsAndDeletionsInTheCatalog {
    @Test
    void rowsDeletedInTheCatalogUpToTheSnapshotGoWithTheirFileAsPositions() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0).dataFile(11, 1, 2, 3L, "g.parquet", 10, 10);
      RelationDef deletes = lake.inlinedDeleteTable(1);
      // DuckDB's rows: file_id, row_id (the position in the file), begin_snapshot.
      lake.inlinedDelete(deletes, 11, 2, 2).inlinedDelete(deletes, 10, 3, 5).inlinedDelete(deletes, 10, 1, 5)
          .inlinedDelete(deletes, 10, 7, 6);
      var tx = lake.read();
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 2).files()).extracting(DataFile::inlinedDeletions)
          .containsExactly(InlinedDeletions.none(), InlinedDeletions.of(2));
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 4).files()).extracting(DataFile::inlinedDeletions)
          .containsExactly(InlinedDeletions.none()); // g is gone, and its deletions with it
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 5).files().get(0).inlinedDeletions())
          .isEqualTo(InlinedDeletions.of(1, 3));
      assertThat(LakeTablePlanner.on(tx).plan("main", "t", 6).files().get(0).inlinedDeletions())
          .isEqualTo(InlinedDeletions.of(1, 3, 7));
    }

    @Test
    void rowsDeletedInTheCatalogAndADeleteFileBothApplyToTheirFile() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0).deleteFile(20, 1, 3, null, 10, "f-del.parquet");
      lake.inlinedDelete(lake.inlinedDeleteTable(1), 10, 9, 4);
      DataFile f = plan(4).files().get(0);
      assertThat(f.deleteFilePath()).contains("/lake/main/t/f-del.parquet");
      assertThat(f.inlinedDeletions()).isEqualTo(InlinedDeletions.of(9));
    }

    @Test
    void aTableWithoutAnInlinedDeleteTableHasNoDeletionsInTheCatalog() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0);
      assertThat(plan(2).files().get(0).inlinedDeletions()).isEqualTo(InlinedDeletions.none());
    }

    @Test
    void aFileWithoutRowIdStartIsPlannedWithItsRowIdsInTheFileAfterTheFilesWithOne() {
      // 05_maintenance: ducklake_rewrite_data_files writes the surviving rows with their row ids, row_id_start NULL.
      withTable().dataFile(10, 1, 2, null, "rewritten.parquet", true, "parquet", 50, null, null, null, null)
          .dataFile(11, 1, 3, null, "later.parquet", 5, 300);
      assertThat(plan(3).files()).containsExactly(
          DataFile.of("/lake/main/t/later.parquet", 5, 1011, 300).withBeginSnapshot(3),
          DataFile.withRowIdsInFile("/lake/main/t/rewritten.parquet", 50, 1010).withBeginSnapshot(2));
    }

    @Test
    void everyInlinedRowCarriesItsBeginSnapshot() {
      withTable();
      RelationDef inlined = lake.inlinedDataTable(1, 1, ColumnDef.of("id", ColumnType.BIGINT),
          ColumnDef.of("v", ColumnType.BYTEA));
      lake.inlinedRow(inlined, 0, 2, null, 1L, null).inlinedRow(inlined, 1, 4, null, 2L, null);
      assertThat(plan(5).inlinedRows()).extracting(InlinedRow::rowId, r -> r.beginSnapshot().getAsLong())
          .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(0L, 2L), org.assertj.core.groups.Tuple.tuple(1L, 4L));
    }
  }

  @Nested
  class InlinedData {
    private Map<Long, List<Long>> rowIdsAt(long... snapshots) {
      Map<Long, List<Long>> out = new LinkedHashMap<>();
      var tx = lake.read();
      for (long s : snapshots) {
        out.put(s, LakeTablePlanner.on(tx).plan("main", "t", s).inlinedRows().stream().map(InlinedRow::rowId).toList());
      }
      return out;
    }

    @Test
    void inlinedRowsAreInThePlanFromTheirBeginSnapshotUntilBeforeTheirEndSnapshot() {
      withTable().dataFile(10, 1, 2, null, "f.parquet", 10, 0);
      RelationDef inlined = lake.inlinedDataTable(1, 1, ColumnDef.of("id", ColumnType.BIGINT),
          ColumnDef.of("v", ColumnType.BYTEA));
      lake.inlinedRow(inlined, 10, 3, 5L, 7L, bytes("seven")).inlinedRow(inlined, 11, 7, null, 8L, null);
      assertThat(rowIdsAt(2, 3, 4, 5, 6, 7, 9)).containsExactly(Map.entry(2L, List.of()), Map.entry(3L, List.of(10L)),
          Map.entry(4L, List.of(10L)), Map.entry(5L, List.of()), Map.entry(6L, List.of()),
          Map.entry(7L, List.of(11L)), Map.entry(9L, List.of(11L)));
      InlinedRow row = LakeTablePlanner.on(lake.read()).plan("main", "t", 4).inlinedRows().get(0);
      assertThat(row.values()).containsOnlyKeys(1L, 2L).containsEntry(1L, 7L);
      assertThat((byte[]) row.values().get(2L)).isEqualTo(bytes("seven"));
      assertThat(LakeTablePlanner.on(lake.read()).plan("main", "t", 7).inlinedRows().get(0).values())
          .containsEntry(1L, 8L).containsEntry(2L, null);
      assertThat(paths(LakeTablePlanner.on(lake.read()).plan("main", "t", 4))).hasSize(1);
    }

    @Test
    void inlinedValuesAreBoundToColumnIdsByTheirNamesAtTheRowsSchemaVersionNotByPositionAtTheSnapshot() {
      // Version 2 (snapshot 2): id, gone, v. Then gone is dropped at 4, v renamed to label at 5, extra added at 6.
      lake.snapshots(9).schema(0, "main", "main/", true, 0, null).table(1, 0, "t", "t/", true, 1, null)
          .column(1, 1, 1, "id", "int64", null, null, 1, null)
          .column(1, 2, 2, "gone", "int32", null, null, 1, 4L)
          .column(1, 3, 3, "v", "varchar", null, null, 1, 5L)
          .column(1, 3, 3, "label", "varchar", null, null, 5, null)
          .column(1, 4, 4, "extra", "int32", "42", null, 6, null)
          .schemaVersion(1, 1, 1).schemaVersion(2, 2, 1).schemaVersion(4, 4, 1);
      RelationDef v2 = lake.inlinedDataTable(1, 2, ColumnDef.of("id", ColumnType.BIGINT),
          ColumnDef.of("gone", ColumnType.INTEGER), ColumnDef.of("v", ColumnType.BYTEA));
      lake.inlinedRow(v2, 0, 3, null, 7L, 100, bytes("x"));
      ScanPlan plan = LakeTablePlanner.on(lake.read()).plan("main", "t", 8);
      assertThat(plan.columns()).extracting(PlanColumn::name).containsExactly("id", "label", "extra");
      InlinedRow row = plan.inlinedRows().get(0);
      assertThat(row.values()).containsOnlyKeys(1L, 3L); // gone (2) dropped; extra (4) is its initial_default
      assertThat(row.values().get(1L)).isEqualTo(7L);
      assertThat((byte[]) row.values().get(3L)).isEqualTo(bytes("x"));
    }

    @Test
    void anInlinedColumnThatIsNoColumnOfTheTableAtItsSchemaVersionIsRefusedNamingItAndItsType() {
      withTable();
      RelationDef inlined = lake.inlinedDataTable(1, 1, ColumnDef.of("id", ColumnType.BIGINT),
          ColumnDef.of("stray", ColumnType.TIME));
      lake.inlinedRow(inlined, 0, 2, null, 1L, null);
      assertThatThrownBy(() -> plan(3)).isInstanceOfSatisfying(LakeTableRefusedException.class,
              e -> assertThat(e.reason()).isEqualTo(Reason.INLINED_DATA))
          .hasMessage("DuckLake table \"main.t\" at snapshot 3 cannot be scanned yet: column \"stray\" (TIME) of"
              + " ducklake_inlined_data_1_1 is no column of the table at schema version 1 (snapshot 1), so its values"
              + " cannot be bound to a column_id");
    }

    @Test
    void inlinedRowsOfASchemaVersionWithoutAnySnapshotLeftAreRefused() {
      withTable();
      RelationDef inlined = lake.inlinedDataTable(1, 77, ColumnDef.of("id", ColumnType.BIGINT));
      lake.inlinedRow(inlined, 0, 2, null, 1L);
      assertThatThrownBy(() -> plan(3)).isInstanceOf(LakeTableRefusedException.class)
          .hasMessageEndingWith("ducklake_inlined_data_1_77 holds rows of schema version 77, of which no snapshot is"
              + " left, so its columns cannot be bound to column_ids");
    }

    @Test
    void anInlinedTableWithNoRowVisibleAtTheSnapshotIsNotBoundAtAll() {
      withTable();
      RelationDef inlined = lake.inlinedDataTable(1, 77, ColumnDef.of("stray", ColumnType.BIGINT));
      lake.inlinedRow(inlined, 0, 2, 3L, 1L);
      assertThat(plan(4).inlinedRows()).isEmpty();
    }

    private static byte[] bytes(String s) {
      return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
