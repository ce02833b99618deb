package io.rocklake.conformance.lake;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
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
import java.util.UUID;

/**
 * A lake built without DuckDB's ducklake extension, exactly as it would record it: DuckDB's own
 * Parquet writer writes the data files of table {@code main.t (id BIGINT, v DOUBLE, s VARCHAR)}
 * (field ids 1 to 3; {@link #withStatisticsOfEveryColumn} adds {@code d DATE}, id 4), each file holding a contiguous run of ids ({@code v = id / 2}, except a NaN at id
 * 43500; {@code s = 'row-' || id}; {@code d = 2000-01-01 + id / 100 days}), and the catalog gets the
 * rows DuckDB's commit would insert — a snapshot, the schema, the table, its columns, every data file
 * with its {@code row_id_start} and its column statistics: min/max of {@code id}, and, in a lake
 * {@link #withStatisticsOfEveryColumn}, of each column as DuckDB computes and prints them, a float
 * column's without its NaNs and with {@code contains_nan}. The catalog lives in a
 * folder a RockLake server can then serve.
 */
final class SyntheticLake {
  final Path catalog;
  final Path data;
  final int files;
  final long rowsPerFile;
  /** Per file, the statistics of v, s and d as DuckDB gives them: {column_id, min, max, contains_nan}. */
  private final java.util.List<Object[][]> stats = new java.util.ArrayList<>();

  private final boolean everyColumn;

  private SyntheticLake(Path root, int files, long rowsPerFile, boolean everyColumn) {
    this.everyColumn = everyColumn;
    this.catalog = root.resolve("catalog");
    this.data = root.resolve("data");
    this.files = files;
    this.rowsPerFile = rowsPerFile;
  }

  /** The path of file {@code i} (ids {@code i * rowsPerFile} up to the next file's first). */
  Path file(int i) {
    return data.resolve("main").resolve("t").resolve(String.format("part-%04d.parquet", i));
  }

  static SyntheticLake create(Path root, int files, long rowsPerFile) {
    SyntheticLake lake = new SyntheticLake(root, files, rowsPerFile, false);
    lake.writeFiles();
    lake.register();
    return lake;
  }

  /** The lake with column d, a NaN in v at id 43500, and statistics of every column. */
  static SyntheticLake withStatisticsOfEveryColumn(Path root, int files, long rowsPerFile) {
    SyntheticLake lake = new SyntheticLake(root, files, rowsPerFile, true);
    lake.writeFiles();
    lake.register();
    return lake;
  }

  private void writeFiles() {
    try {
      Files.createDirectories(file(0).getParent());
      try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement()) {
        for (int i = 0; i < files; i++) {
          long first = i * rowsPerFile;
          if (!everyColumn) {
            s.execute("COPY (SELECT i AS id, CAST(i * 0.5 AS DOUBLE) AS v, 'row-' || i AS s FROM range(" + first + ", "
                + (first + rowsPerFile) + ") r(i)) TO '" + file(i) + "' (FORMAT parquet, FIELD_IDS {id: 1, v: 2, s: 3})");
            continue;
          }
          s.execute("COPY (SELECT i AS id, CASE WHEN i = 43500 THEN CAST('nan' AS DOUBLE) ELSE CAST(i * 0.5 AS DOUBLE) END AS v,"
              + " 'row-' || i AS s, CAST(DATE '2000-01-01' + CAST(i // 100 AS INTEGER) AS DATE) AS d FROM range(" + first + ", "
              + (first + rowsPerFile) + ") r(i)) TO '" + file(i) + "' (FORMAT parquet, FIELD_IDS {id: 1, v: 2, s: 3, d: 4})");
          try (java.sql.ResultSet rs = s.executeQuery("SELECT CAST(min(v) FILTER (WHERE NOT isnan(v)) AS VARCHAR),"
              + " CAST(max(v) FILTER (WHERE NOT isnan(v)) AS VARCHAR), bool_or(isnan(v)), min(s), max(s),"
              + " CAST(min(d) AS VARCHAR), CAST(max(d) AS VARCHAR) FROM read_parquet('" + file(i) + "')")) {
            rs.next();
            stats.add(new Object[][] {{2L, rs.getString(1), rs.getString(2), rs.getBoolean(3)},
                {3L, rs.getString(4), rs.getString(5), null}, {4L, rs.getString(6), rs.getString(7), null}});
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private void register() {
    Catalog c = Catalog.open(Db.open(new LocalFolderObjectStore(catalog)));
    try {
      CatalogTransaction tx = c.begin();
      DuckLakeRelations.createTables(tx);
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"version", "0.3", null, null});
      tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"data_path", data.toAbsolutePath() + "/", null, null});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {0L, Instant.parse("2026-01-01T00:00:00Z"), 0L, 1L, 0L});
      tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {1L, Instant.parse("2026-01-01T00:00:01Z"), 1L, 2L,
          (long) files});
      tx.insert(rel(tx, "ducklake_schema"), new Object[] {0L, UUID.randomUUID(), 0L, null, "main", "main/", true});
      tx.insert(rel(tx, "ducklake_table"), new Object[] {1L, UUID.randomUUID(), 1L, null, 0L, "t", "t/", true});
      String[][] columns = everyColumn ? new String[][] {{"id", "int64"}, {"v", "float64"}, {"s", "varchar"}, {"d", "date"}}
          : new String[][] {{"id", "int64"}, {"v", "float64"}, {"s", "varchar"}};
      for (int k = 0; k < columns.length; k++) {
        tx.insert(rel(tx, "ducklake_column"), new Object[] {(long) k + 1, 1L, null, 1L, (long) k + 1, columns[k][0],
            columns[k][1], null, "NULL", true, null, "literal", "duckdb"});
      }
      for (int i = 0; i < files; i++) {
        long first = i * rowsPerFile;
        tx.insert(rel(tx, "ducklake_data_file"), new Object[] {(long) i, 1L, 1L, null, (long) i,
            "part-" + String.format("%04d", i) + ".parquet", true, "parquet", rowsPerFile, Files.size(file(i)), 0L,
            first, null, null, null, null});
        tx.insert(rel(tx, "ducklake_file_column_stats"), new Object[] {(long) i, 1L, 1L, 0L, rowsPerFile, 0L,
            Long.toString(first), Long.toString(first + rowsPerFile - 1), null, null});
        for (Object[] column : everyColumn ? stats.get(i) : new Object[0][]) {
          tx.insert(rel(tx, "ducklake_file_column_stats"), new Object[] {(long) i, 1L, column[0], 0L, rowsPerFile, 0L,
              column[1], column[2], column[3], null});
        }
      }
      tx.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      c.writer().close();
    }
  }

  /** Rows of a Parquet file as DuckDB counts them. */
  static long parquetRows(Path f) {
    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:"); Statement s = duckdb.createStatement();
        var rs = s.executeQuery("SELECT count(*) FROM read_parquet('" + f + "')")) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A DuckLake relation of the catalog. */
  static RelationDef rel(CatalogTransaction tx, String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }
}
