package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Types outside this reader's slice are refused with the column and the type, never read as bytes. */
class UnsupportedTypesTest {
  static DuckDb duck;
  static Path file;

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    file = duck.copy("SELECT 1 AS id, TIME '12:00:00' AS t, INTERVAL 1 DAY AS iv, 1::HUGEINT AS h, [1, 2] AS l,"
            + " {'a': 1} AS st, TIMESTAMP_NS '2024-01-01 00:00:00' AS tns, TIMESTAMP_MS '2024-01-01 00:00:00' AS tms,"
            + " '{\"a\": 1}'::JSON AS j",
        dir.resolve("unsupported.parquet"),
        "FIELD_IDS {id: 1, t: 2, iv: 3, h: 4, l: {__duckdb_field_id: 5, element: 50}, st: {__duckdb_field_id: 6, a: 60},"
            + " tns: 7, tms: 8, j: 9}");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  @ParameterizedTest(name = "a {0} column is refused before any read")
  @ValueSource(strings = {"list", "struct", "map", "int32[]", "struct<a int32>", "map(varchar, int32)", "geometry", "variant",
      "time_ns", "decimal(40,2)"})
  void aTableColumnOfATypeOutsideTheSliceIsRefusedNamingColumnAndType(String type) {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(2, "odd_col", type, null)), List.of(DataFile.of("/nonexistent.parquet", 1, 1, 0)));

    assertThatThrownBy(() -> {
      try (RootAllocator allocator = new RootAllocator()) {
        LakeScan.open(plan, allocator, ScanOptions.defaults()).close();
      }
    })
        .isInstanceOfAny(UnsupportedLakeTypeException.class, IllegalArgumentException.class)
        .hasMessageContaining(type.startsWith("decimal") ? "decimal(40,2) is not a valid decimal type" : "column \"odd_col\" has type " + type);
  }

  @ParameterizedTest(name = "a file column {0} is not read as {1}")
  @CsvSource(delimiter = '|', value = {
      "2 | varchar       | holds time values, which cannot be read as the table's type varchar",
      "2 | timetz        | holds time values, which cannot be read as the table's type timetz",
      "3 | blob          | holds interval values, which cannot be read as the table's type blob",
      "4 | decimal(38,0) | holds float64 values, which cannot be read as the table's type decimal(38,0)",
      "4 | int64         | holds float64 values, which cannot be read as the table's type int64",
      "5 | int32         | is a nested Parquet type, which cannot be read as the table's type int32",
      "6 | int32         | is a nested Parquet type, which cannot be read as the table's type int32",
      "7 | timestamp     | holds timestamp_ns values, which cannot be read as the table's type timestamp",
      "8 | timestamp_ns  | holds timestamp_ms values, which cannot be read as the table's type timestamp_ns",
      "8 | timestamp_s   | holds timestamp_ms values, which cannot be read as the table's type timestamp_s",
      "9 | varchar       | holds json values, which cannot be read as the table's type varchar",
      "1 | int128        | holds int32 values, which cannot be read as the table's type int128",
  })
  void aFileColumnWhoseStorageIsNotTheTablesTypeIsRefusedNamingIt(long id, String type, String why) {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(id, "col" + id, type, null)), List.of(duck.dataFile(file, 0)));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageContaining("column \"col" + id + "\" (column_id " + id + ") of data file " + file)
        .hasMessageEndingWith(why + (why.startsWith("holds") ? " (only widening promotions are allowed)" : ""));
  }

  @Test
  void columnsOfUnsupportedTypesOutsideTheProjectionDoNotStopTheScan() {
    ScanPlan plan = new ScanPlan(
        List.of(new PlanColumn(1, "id", "int32", null), new PlanColumn(2, "t", "geometry", null), new PlanColumn(5, "l", "int64[]", null)),
        List.of(duck.dataFile(file, 0)), List.of(Projected.column(1)));

    assertThat(ArrowRows.scan(plan)).containsExactly(List.of(BigInteger.ONE));
  }
}
