package io.rocklake.conformance.spark;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A deterministic {@code ducklake_data_file} of many rows, written the way DuckDB writes it (the
 * relation's own CREATE TABLE, then multi-row {@code INSERT INTO "public"."ducklake_data_file" VALUES}
 * with literals: shapes on RockLake's write whitelist), so that the same rows can be put into RockLake
 * and into PostgreSQL. Every column type of the relation occurs, NULLs in every nullable column, a few
 * paths with a quote, a backslash, a percent sign and non-ASCII letters.
 */
final class DataFileRows {
  static final String RELATION = "ducklake_data_file";
  private static final int ROWS_PER_INSERT = 500;

  private DataFileRows() {}

  static RelationDef relation() {
    return DuckLakeRelations.ALL.stream().filter(r -> r.name().equals(RELATION)).findFirst().orElseThrow();
  }

  /** Row {@code i}, in the relation's column order; {@code data_file_id} is {@code i}. */
  static List<Object> row(int i) {
    return Arrays.asList(
        (long) i,                                              // data_file_id
        (long) (i % 7 + 1),                                    // table_id
        (long) (1 + i / 100),                                  // begin_snapshot
        i % 5 == 0 ? (long) (2 + i / 100 + i % 3) : null,      // end_snapshot
        i % 10 == 0 ? null : (long) (i % 1000),                // file_order
        path(i),                                               // path
        i % 4 != 0,                                            // path_is_relative
        i % 13 == 0 ? null : "parquet",                        // file_format
        (long) ((i * 37) % 100_000),                           // record_count
        i % 1000 == 999 ? Long.MAX_VALUE : 1000L + i * 13L,    // file_size_bytes
        i % 11 == 0 ? null : (long) (500 + i % 300),           // footer_size
        i * 1000L,                                             // row_id_start
        i % 3 == 0 ? null : (long) (i % 17),                   // partition_id
        i % 9 == 0 ? "key-" + i : null,                        // encryption_key
        i % 8 == 0 ? (long) (i % 5) : null,                    // mapping_id
        i % 6 == 0 ? (long) (1 + i / 100) : null);             // partial_max
  }

  private static String path(int i) {
    return switch (i % 500) {
      case 1 -> "sales/o'brien-" + i + ".parquet";
      case 2 -> "données/été-" + i + ".parquet";
      case 3 -> "back\\slash-" + i + ".parquet";
      case 4 -> "100%_done-" + i + ".parquet";
      default -> "ducklake-" + String.format("%08x", i * 2_654_435_761L & 0xffffffffL) + "-" + i + ".parquet";
    };
  }

  static List<List<Object>> rows(int count) {
    List<List<Object>> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rows.add(row(i));
    }
    return rows;
  }

  /** Creates the relation and fills it with rows {@code 0 .. count-1}. */
  static void write(Connection c, int count) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(relation().createTableSql());
      for (int from = 0; from < count; from += ROWS_PER_INSERT) {
        StringBuilder sql = new StringBuilder("INSERT INTO \"public\".\"" + RELATION + "\" VALUES ");
        for (int i = from; i < Math.min(count, from + ROWS_PER_INSERT); i++) {
          if (i > from) {
            sql.append(", ");
          }
          sql.append('(');
          List<Object> row = row(i);
          for (int k = 0; k < row.size(); k++) {
            if (k > 0) {
              sql.append(", ");
            }
            sql.append(literal(row.get(k)));
          }
          sql.append(')');
        }
        s.execute(sql.toString());
      }
    }
  }

  private static String literal(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof String str) {
      return "'" + str.replace("'", "''") + "'";
    }
    return v.toString().toUpperCase(java.util.Locale.ROOT);
  }
}
