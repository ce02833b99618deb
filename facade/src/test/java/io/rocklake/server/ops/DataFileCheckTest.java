package io.rocklake.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DataFileCheck} on a lake whose {@code data_path} is an S3 bucket: each live file is sized
 * with one ranged GET against the bucket's store (here an in-memory store standing in for the bucket,
 * with the same short-read semantics as S3's ranged GET past the end), and a path in a scheme it does
 * not read is skipped with its reason.
 */
class DataFileCheckTest {
  private final Db db = Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false));
  private final Catalog catalog = Catalog.open(db);
  private final InMemoryObjectStore bucket = new InMemoryObjectStore();
  private final List<String> bucketsOpened = new ArrayList<>();

  @AfterEach
  void close() {
    db.close();
  }

  private static RelationDef rel(CatalogTransaction tx, String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }

  private static Object[] dataFile(long id, String path, boolean relative, Long size) {
    return new Object[] {id, 1L, 0L, null, null, path, relative, "parquet", 1L, size, 4L, 0L, null, null, null, null};
  }

  private VerifyReport check(String dataPath, Object[]... files) {
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    if (dataPath != null) {
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"data_path", dataPath, null, null});
    }
    tx.insert(rel(tx, "ducklake_schema"), new Object[] {0L, UUID.randomUUID(), 0L, null, "main", "main/", true});
    tx.insert(rel(tx, "ducklake_table"), new Object[] {1L, UUID.randomUUID(), 0L, null, 0L, "t", "t/", true});
    for (Object[] f : files) {
      tx.insert(rel(tx, "ducklake_data_file"), f);
    }
    tx.commit();
    VerifyReport report = new VerifyReport("test");
    try (DataFileCheck check = new DataFileCheck(catalog, Optional.empty(), name -> {
      bucketsOpened.add(name);
      return bucket;
    }, new ProgressLine(new PrintWriter(new StringWriter()), "test: ", false))) {
      check.run(report);
    }
    return report;
  }

  @Test
  void s3FilesAreSizedByOneRangedReadEach() {
    bucket.put("data/main/t/exact.parquet", new byte[10]);
    bucket.put("data/main/t/short.parquet", new byte[9]);
    bucket.put("data/main/t/long.parquet", new byte[11]);
    bucket.put("data/main/t/empty.parquet", new byte[0]);
    VerifyReport report = check("s3://lake/data/",
        dataFile(1, "exact.parquet", true, 10L), dataFile(2, "short.parquet", true, 10L),
        dataFile(3, "long.parquet", true, 10L), dataFile(4, "gone.parquet", true, 10L),
        dataFile(5, "empty.parquet", true, 0L), dataFile(6, "https://example.com/x.parquet", false, 5L));

    assertThat(bucketsOpened).containsExactly("lake");
    assertThat(report.problems).containsExactlyInAnyOrder(
        new VerifyReport.Problem(DataFileCheck.WRONG_SIZE, "s3://lake/data/main/t/short.parquet", -1,
            "ducklake_data_file 2: expected 10 bytes (file_size_bytes), found fewer"),
        new VerifyReport.Problem(DataFileCheck.WRONG_SIZE, "s3://lake/data/main/t/long.parquet", -1,
            "ducklake_data_file 3: expected 10 bytes (file_size_bytes), found more"),
        new VerifyReport.Problem(DataFileCheck.MISSING, "s3://lake/data/main/t/gone.parquet", -1,
            "ducklake_data_file 4 is referenced at the latest commit but does not exist"));
    assertThat(report.dataFiles).isEqualTo(5);
    assertThat(report.filesSkipped).isEqualTo(1);
    assertThat(report.notChecked).containsExactly(
        "ducklake_data_file 6: https://example.com/x.parquet is neither a local path nor s3://");
  }

  @Test
  void relativePathsWithoutADataPathAreSkippedWithTheReason() {
    VerifyReport report = check(null, dataFile(1, "a.parquet", true, 10L));
    assertThat(report.problems).isEmpty();
    assertThat(report.filesSkipped).isEqualTo(1);
    assertThat(report.notChecked).singleElement().asString()
        .contains("ducklake_data_file 1: its path is relative and the lake has no data_path").contains("--data-path");
  }
}
