package io.rocklake.conformance.lake;

import static io.rocklake.conformance.lake.SyntheticLake.rel;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.LocalFolderObjectStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A lake of files registered as {@code ducklake_add_data_files} registers Hive-partitioned files:
 * DuckDB's {@code COPY … (PARTITION_BY (yr))} writes table {@code main.t (id BIGINT, yr INTEGER)} into
 * {@code yr=<year>/} folders, without field ids and without the {@code yr} column, and the catalog gets
 * what DuckLake's commit would record — each file with {@code mapping_id} 1 ({@code id} by name,
 * {@code yr} {@code is_partition}), {@code partition_id} 1 (identity of {@code yr}) and its
 * {@code ducklake_file_partition_value}; no column statistics, so only the partition values can prune.
 */
final class HivePartitionedLake {
  static final int FIRST_YEAR = 2020;

  final Path catalog;
  final Path data;
  final int years;
  final long rowsPerYear;

  private HivePartitionedLake(Path root, int years, long rowsPerYear) {
    this.catalog = root.resolve("catalog");
    this.data = root.resolve("data");
    this.years = years;
    this.rowsPerYear = rowsPerYear;
  }

  /** The folder of the files of {@code year}. */
  Path folder(int year) {
    return table().resolve("yr=" + year);
  }

  Path table() {
    return data.resolve("main").resolve("t");
  }

  static HivePartitionedLake create(Path root, int years, long rowsPerYear) {
    HivePartitionedLake lake = new HivePartitionedLake(root, years, rowsPerYear);
    lake.writeFiles();
    lake.register();
    return lake;
  }

  /** What DuckDB reads from the same files with their Hive partitions: {@code sql} over {@code files(id, yr)}. */
  List<Long> duckdb(String sql) {
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement()) {
      s.execute("CREATE VIEW files AS SELECT id, yr FROM read_parquet('" + table() + "/**/*.parquet',"
          + " hive_partitioning = true, hive_types = {'yr': INTEGER})");
      List<Long> out = new java.util.ArrayList<>();
      try (Statement q = duckdb.createStatement(); var rs = q.executeQuery(sql)) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private void writeFiles() {
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement()) {
      Files.createDirectories(table().getParent());
      s.execute("COPY (SELECT i AS id, CAST(" + FIRST_YEAR + " + i // " + rowsPerYear + " AS INTEGER) AS yr"
          + " FROM range(" + years * rowsPerYear + ") r(i)) TO '" + table() + "' (FORMAT parquet, PARTITION_BY (yr))");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private void register() {
    Catalog c = Catalog.open(Db.open(new LocalFolderObjectStore(catalog)));
    try (Stream<Path> walk = Files.walk(table())) {
      List<Path> files = walk.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
      CatalogTransaction tx = c.begin();
      DuckLakeRelations.createTables(tx);
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"version", "0.3", null, null});
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"data_path", data.toAbsolutePath() + "/", null, null});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {0L, Instant.parse("2026-01-01T00:00:00Z"), 0L, 1L, 0L});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {1L, Instant.parse("2026-01-01T00:00:01Z"), 1L, 2L,
          (long) files.size()});
      tx.insert(rel(tx, "ducklake_schema"), new Object[] {0L, UUID.randomUUID(), 0L, null, "main", "main/", true});
      tx.insert(rel(tx, "ducklake_table"), new Object[] {1L, UUID.randomUUID(), 1L, null, 0L, "t", "t/", true});
      String[][] columns = {{"id", "int64"}, {"yr", "int32"}};
      for (int k = 0; k < columns.length; k++) {
        tx.insert(rel(tx, "ducklake_column"), new Object[] {(long) k + 1, 1L, null, 1L, (long) k + 1, columns[k][0],
            columns[k][1], null, "NULL", true, null, "literal", "duckdb"});
      }
      tx.insert(rel(tx, "ducklake_partition_info"), new Object[] {1L, 1L, 1L, null});
      tx.insert(rel(tx, "ducklake_partition_column"), new Object[] {1L, 1L, 0L, 2L, "identity"});
      tx.insert(rel(tx, "ducklake_column_mapping"), new Object[] {1L, 1L, "map_by_name"});
      tx.insert(rel(tx, "ducklake_name_mapping"), new Object[] {1L, 0L, "id", 1L, null, false});
      tx.insert(rel(tx, "ducklake_name_mapping"), new Object[] {1L, 1L, "yr", 2L, null, true});
      long rowIdStart = 0;
      for (int i = 0; i < files.size(); i++) {
        Path f = files.get(i);
        String year = f.getParent().getFileName().toString().substring("yr=".length());
        long rows = SyntheticLake.parquetRows(f);
        tx.insert(rel(tx, "ducklake_data_file"), new Object[] {(long) i, 1L, 1L, null, (long) i,
            table().relativize(f).toString(), true, "parquet", rows, Files.size(f), 0L, rowIdStart, 1L, null, 1L,
            null});
        tx.insert(rel(tx, "ducklake_file_partition_value"), new Object[] {(long) i, 1L, 0L, year});
        rowIdStart += rows;
      }
      tx.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      c.writer().close();
    }
  }
}
