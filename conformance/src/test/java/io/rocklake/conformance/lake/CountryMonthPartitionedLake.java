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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A lake partitioned as 10's {@code shop.orders} is ({@code PARTITIONED BY (country, year(placed),
 * month(placed))}): DuckDB's {@code COPY … (PARTITION_BY (country, year, month), WRITE_PARTITION_COLUMNS)}
 * writes table {@code main.o (id BIGINT, country VARCHAR, placed TIMESTAMP)} into
 * {@code country=…/year=…/month=…/} folders, the partition values computed by DuckDB's own
 * {@code year(placed)} and {@code month(placed)} — DuckLake's transforms — over rows at the edges of a
 * year, a month and a leap day, with a NULL country and a NULL time among them. The catalog records
 * what DuckLake's commit would: {@code partition_id} 1 with keys 0 {@code identity} of {@code country},
 * 1 {@code year} and 2 {@code month} of {@code placed}, and each file's three values as its folders
 * spell them (DuckDB's {@code __HIVE_DEFAULT_PARTITION__} for NULL); no column statistics, so only the
 * partition values can prune.
 */
final class CountryMonthPartitionedLake {
  final Path catalog;
  final Path data;
  /** The data files, as paths relative to the table's folder, in data_file_id order. */
  final List<String> files = new ArrayList<>();

  private CountryMonthPartitionedLake(Path root) {
    this.catalog = root.resolve("catalog");
    this.data = root.resolve("data");
  }

  Path table() {
    return data.resolve("main").resolve("o");
  }

  static CountryMonthPartitionedLake create(Path root) {
    CountryMonthPartitionedLake lake = new CountryMonthPartitionedLake(root);
    lake.writeFiles();
    lake.register();
    return lake;
  }

  /** The rows: every 13 hours from mid-November 2023 to mid-April 2024, the edges, a NULL country and time. */
  private static final String ROWS = "SELECT i AS id, ['fi', 'se', 'no'][i % 3 + 1] AS country,"
      + " TIMESTAMP '2023-11-15 00:00:00' + i * INTERVAL 13 HOUR AS placed FROM range(280) r(i)"
      + " UNION ALL VALUES (1000, 'se', TIMESTAMP '2023-12-31 23:59:59.999999'),"
      + " (1001, 'se', TIMESTAMP '2024-01-01 00:00:00'), (1002, 'fi', TIMESTAMP '2024-02-29 23:59:59.999999'),"
      + " (1003, 'fi', TIMESTAMP '2024-03-01 00:00:00'), (1004, NULL, TIMESTAMP '2024-03-05 12:00:00'),"
      + " (1005, 'se', NULL)";

  /** What DuckDB answers: the first column of {@code sql} over {@code o(id, country, placed)}, as longs. */
  List<Long> duckdb(String sql) {
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement()) {
      s.execute("CREATE VIEW o AS " + ROWS);
      List<Long> out = new ArrayList<>();
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
      s.execute("COPY (SELECT id, country, placed, year(placed) AS year, month(placed) AS month FROM (" + ROWS
          + ")) TO '" + table() + "' (FORMAT parquet, PARTITION_BY (country, year, month), WRITE_PARTITION_COLUMNS true)");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private void register() {
    Catalog c = Catalog.open(Db.open(new LocalFolderObjectStore(catalog)));
    try (Stream<Path> walk = Files.walk(table())) {
      List<Path> paths = walk.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
      CatalogTransaction tx = c.begin();
      DuckLakeRelations.createTables(tx);
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"version", "0.3", null, null});
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"data_path", data.toAbsolutePath() + "/", null, null});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {0L, Instant.parse("2026-01-01T00:00:00Z"), 0L, 1L, 0L});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {1L, Instant.parse("2026-01-01T00:00:01Z"), 1L, 2L,
          (long) paths.size()});
      tx.insert(rel(tx, "ducklake_schema"), new Object[] {0L, UUID.randomUUID(), 0L, null, "main", "main/", true});
      tx.insert(rel(tx, "ducklake_table"), new Object[] {1L, UUID.randomUUID(), 1L, null, 0L, "o", "o/", true});
      String[][] columns = {{"id", "int64"}, {"country", "varchar"}, {"placed", "timestamp"}};
      for (int k = 0; k < columns.length; k++) {
        tx.insert(rel(tx, "ducklake_column"), new Object[] {(long) k + 1, 1L, null, 1L, (long) k + 1, columns[k][0],
            columns[k][1], null, "NULL", true, null, "literal", "duckdb"});
      }
      tx.insert(rel(tx, "ducklake_partition_info"), new Object[] {1L, 1L, 1L, null});
      tx.insert(rel(tx, "ducklake_partition_column"), new Object[] {1L, 1L, 0L, 2L, "identity"});
      tx.insert(rel(tx, "ducklake_partition_column"), new Object[] {1L, 1L, 1L, 3L, "year"});
      tx.insert(rel(tx, "ducklake_partition_column"), new Object[] {1L, 1L, 2L, 3L, "month"});
      tx.insert(rel(tx, "ducklake_column_mapping"), new Object[] {1L, 1L, "map_by_name"});
      for (int k = 0; k < columns.length; k++) {
        tx.insert(rel(tx, "ducklake_name_mapping"), new Object[] {1L, (long) k, columns[k][0], (long) k + 1, null, false});
      }
      long rowIdStart = 0;
      for (int i = 0; i < paths.size(); i++) {
        Path f = paths.get(i);
        String relative = table().relativize(f).toString();
        files.add(relative);
        long rows = SyntheticLake.parquetRows(f);
        tx.insert(rel(tx, "ducklake_data_file"), new Object[] {(long) i, 1L, 1L, null, (long) i, relative, true,
            "parquet", rows, Files.size(f), 0L, rowIdStart, 1L, null, 1L, null});
        String[] folders = relative.split("/");
        for (int key = 0; key < 3; key++) {
          String value = folders[key].substring(folders[key].indexOf('=') + 1);
          tx.insert(rel(tx, "ducklake_file_partition_value"), new Object[] {(long) i, 1L, (long) key, value});
        }
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
