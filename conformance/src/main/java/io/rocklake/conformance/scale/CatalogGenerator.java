package io.rocklake.conformance.scale;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Writes a DuckLake catalog of a given {@link CatalogScale} as DuckDB's own commit batches: the
 * statement shapes DuckDB 1.5.5 sends a PostgreSQL catalog (the whitelist holds RockLake's writes
 * to exactly those), with generated ids, on top of the catalog DuckDB's first ATTACH creates
 * (snapshot 0, schema {@code main}, next catalog id 1, next file id 0).
 *
 * <p>Each table lives through the same ten-snapshot story, interleaved with every other table's
 * (round r of every table before round r+1 of any, so a table's rows are spread over the whole
 * history): it is created (three columns, as {@code CREATE TABLE} with inlining off), appended to
 * in the middle rounds (data-file rows, table and column stats inserted by the first append and
 * updated by the later ones), and rewritten in the last round: every data file it has is ended by
 * DuckDB's {@code UPDATE … SET end_snapshot} and a tenth as many new ones take their place. So
 * nine in ten data-file rows are ended, each as two row versions (its INSERT, then its UPDATE).
 *
 * <p>Left out on purpose: {@code ducklake_file_column_stats} (three rows per data file in DuckDB;
 * none of the timed reads but a filtered scan touches them) and the inlined-data tables (DuckDB
 * creates none with {@code DATA_INLINING_ROW_LIMIT 0}).
 *
 * <p>The same generator feeds both servers: they receive the same texts, so they hold the same
 * catalog.
 */
final class CatalogGenerator {
  static final String BEGIN = "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ";
  private static final String C = "\"public\".";
  private static final long ROWS_PER_FILE = 1_000;
  private static final long BYTES_PER_FILE = 30_272;

  private final CatalogScale scale;
  private final Table[] tables;
  private long snapshot;
  private long schemaVersion;
  private long nextCatalogId = 1;
  private long nextFileId;

  /** One table's running state: what its next commit must say. */
  private static final class Table {
    final long id;
    long schemaVersion;
    final List<Long> liveFiles = new ArrayList<>();
    long recordCount;
    long bytes;
    boolean hasStats;

    Table(long id) {
      this.id = id;
    }
  }

  CatalogGenerator(CatalogScale scale) {
    this.scale = scale;
    this.tables = new Table[scale.tables()];
  }

  /**
   * Sends the whole catalog to {@code transaction}, {@code snapshotsPerTransaction} commit batches
   * concatenated per call (one Query message, to run between {@link #BEGIN} and COMMIT).
   */
  void build(int snapshotsPerTransaction, Consumer<String> transaction) {
    if (snapshotsPerTransaction < 1) {
      throw new IllegalArgumentException("snapshots per transaction must be at least 1");
    }
    StringBuilder batch = new StringBuilder();
    int inBatch = 0;
    int rounds = scale.snapshotsPerTable();
    for (int round = 0; round < rounds; round++) {
      for (int t = 0; t < tables.length; t++) {
        if (round == 0) {
          create(t, batch);
        } else if (round == rounds - 1) {
          rewrite(tables[t], batch);
        } else {
          append(tables[t], appendedFiles(round), batch);
        }
        if (++inBatch == snapshotsPerTransaction) {
          transaction.accept(batch.toString());
          batch.setLength(0);
          inBatch = 0;
        }
      }
    }
    if (inBatch > 0) {
      transaction.accept(batch.toString());
    }
  }

  /** One more append of one data file to the table of this index: the bench's commit, in DuckDB's shape. */
  String appendCommit(int tableIndex) {
    StringBuilder b = new StringBuilder();
    append(tables[tableIndex], 1, b);
    return b.toString();
  }

  long latestSnapshot() {
    return snapshot;
  }

  long tableId(int index) {
    return tables[index].id;
  }

  long schemaVersionOf(int index) {
    return tables[index].schemaVersion;
  }

  /** How many files the append of this round adds: the files that the last round ends, spread evenly. */
  private int appendedFiles(int round) {
    int appends = scale.snapshotsPerTable() - 2;
    int ended = scale.filesPerTable() - rewrittenFiles();
    return ended / appends + (round - 1 < ended % appends ? 1 : 0);
  }

  private int rewrittenFiles() {
    return Math.max(1, scale.filesPerTable() / 10);
  }

  private void create(int index, StringBuilder b) {
    Table t = new Table(nextCatalogId++);
    tables[index] = t;
    t.schemaVersion = ++schemaVersion;
    long s = beginSnapshot(b, 0);
    String name = name(t.id);
    b.append("INSERT INTO ").append(C).append("ducklake_table VALUES (").append(t.id).append(", '").append(uuid(t.id))
        .append("', ").append(s).append(", NULL, 0, '").append(name).append("', '").append(name).append("/', true);");
    b.append("INSERT INTO ").append(C).append("ducklake_column VALUES ");
    String[][] columns = {{"id", "int64"}, {"name", "varchar"}, {"ts", "timestamp"}};
    for (int c = 0; c < columns.length; c++) {
      b.append(c == 0 ? "" : ",").append('(').append(c + 1).append(", ").append(s).append(", NULL, ").append(t.id)
          .append(", ").append(c + 1).append(", '").append(columns[c][0]).append("', '").append(columns[c][1])
          .append("', NULL, 'NULL', true, NULL, 'literal', 'duckdb')");
    }
    b.append(';');
    b.append("INSERT INTO ").append(C).append("ducklake_schema_versions VALUES (").append(s).append(',')
        .append(t.schemaVersion).append(',').append(t.id).append(");");
    changes(b, s, "created_table:\"main\".\"" + name + "\"");
  }

  private void append(Table t, int files, StringBuilder b) {
    long s = beginSnapshot(b, files);
    long firstRow = t.recordCount;
    t.recordCount += files * ROWS_PER_FILE;
    t.bytes += files * BYTES_PER_FILE;
    stats(t, b);
    if (files > 0) {
      b.append("INSERT INTO ").append(C).append("ducklake_data_file VALUES ");
      for (int f = 0; f < files; f++) {
        long id = nextFileId++;
        t.liveFiles.add(id);
        b.append(f == 0 ? "" : ",");
        dataFile(b, id, t.id, s, firstRow + f * ROWS_PER_FILE);
      }
      b.append(';');
    }
    changes(b, s, "inserted_into_table:" + t.id);
  }

  /** Every live file of the table ended, a tenth as many written in their place (rows and bytes unchanged). */
  private void rewrite(Table t, StringBuilder b) {
    int files = rewrittenFiles();
    long s = beginSnapshot(b, files);
    if (!t.liveFiles.isEmpty()) {
      b.append("UPDATE ").append(C).append("ducklake_data_file SET end_snapshot = ").append(s)
          .append(" WHERE end_snapshot IS NULL AND data_file_id IN (");
      for (int i = 0; i < t.liveFiles.size(); i++) {
        b.append(i == 0 ? "" : ", ").append(t.liveFiles.get(i));
      }
      b.append(");");
      t.liveFiles.clear();
    }
    long rowsPerFile = Math.max(1, t.recordCount / files);
    b.append("INSERT INTO ").append(C).append("ducklake_data_file VALUES ");
    for (int f = 0; f < files; f++) {
      long id = nextFileId++;
      t.liveFiles.add(id);
      b.append(f == 0 ? "" : ",");
      dataFile(b, id, t.id, s, f * rowsPerFile);
    }
    b.append(';');
    changes(b, s, "deleted_from_table:" + t.id + ",inserted_into_table:" + t.id);
  }

  private void dataFile(StringBuilder b, long id, long table, long s, long rowIdStart) {
    b.append('(').append(id).append(", ").append(table).append(", ").append(s).append(", NULL, NULL, '")
        .append(String.format(Locale.ROOT, "ducklake-%08x-%012x.parquet", table, id)).append("', true, 'parquet', ")
        .append(ROWS_PER_FILE).append(", ").append(BYTES_PER_FILE).append(", 381, ").append(rowIdStart)
        .append(", NULL, NULL, NULL, NULL)");
  }

  /** The first append inserts the table's stats, every later one updates them, as DuckDB's commits do. */
  private void stats(Table t, StringBuilder b) {
    String maxId = Long.toString(Math.max(0, t.recordCount - 1));
    String[][] columnStats = {{"'0'", "'" + maxId + "'"}, {"'a'", "'z'"}, {"'2026-01-01 00:00:00'", "'2026-12-31 23:59:59'"}};
    if (!t.hasStats) {
      t.hasStats = true;
      b.append("INSERT INTO ").append(C).append("ducklake_table_stats VALUES (").append(t.id).append(", ")
          .append(t.recordCount).append(", ").append(t.recordCount).append(", ").append(t.bytes).append(");");
      b.append("INSERT INTO ").append(C).append("ducklake_table_column_stats VALUES ");
      for (int c = 0; c < columnStats.length; c++) {
        b.append(c == 0 ? "" : ",").append('(').append(t.id).append(", ").append(c + 1).append(", false, NULL, ")
            .append(columnStats[c][0]).append(", ").append(columnStats[c][1]).append(", NULL)");
      }
      b.append(';');
      return;
    }
    b.append("UPDATE ").append(C).append("ducklake_table_stats SET record_count=").append(t.recordCount)
        .append(", file_size_bytes=").append(t.bytes).append(", next_row_id=").append(t.recordCount)
        .append(" WHERE table_id=").append(t.id).append(";\n");
    b.append("WITH new_values(tid, cid, new_contains_null, new_contains_nan, new_min, new_max, new_extra_stats) AS (\nVALUES ");
    for (int c = 0; c < columnStats.length; c++) {
      b.append(c == 0 ? "" : ",").append('(').append(t.id).append(", ").append(c + 1).append(", false, NULL, ")
          .append(columnStats[c][0]).append(", ").append(columnStats[c][1]).append(", NULL)");
    }
    b.append("\n)\nUPDATE ").append(C).append("ducklake_table_column_stats\n")
        .append("SET contains_null=CAST(new_contains_null AS BOOLEAN), contains_nan=CAST(new_contains_nan AS BOOLEAN),"
            + " min_value=new_min, max_value=new_max, extra_stats=new_extra_stats\n")
        .append("FROM new_values\nWHERE table_id=tid AND column_id=cid;\n");
  }

  /** The snapshot row opens every batch, as DuckDB's does, with the ids as they stand after the batch. */
  private long beginSnapshot(StringBuilder b, int filesAdded) {
    long s = ++snapshot;
    b.append("INSERT INTO ").append(C).append("ducklake_snapshot VALUES (").append(s).append(", NOW(), ")
        .append(schemaVersion).append(", ").append(nextCatalogId).append(", ").append(nextFileId + filesAdded).append(");");
    return s;
  }

  private void changes(StringBuilder b, long s, String what) {
    b.append("INSERT INTO ").append(C).append("ducklake_snapshot_changes VALUES (").append(s).append(", '").append(what)
        .append("', NULL, NULL, NULL);");
  }

  static String name(long tableId) {
    return String.format(Locale.ROOT, "t_%06d", tableId);
  }

  private static String uuid(long tableId) {
    return String.format(Locale.ROOT, "01a227ce-0000-7000-8000-%012x", tableId);
  }
}
