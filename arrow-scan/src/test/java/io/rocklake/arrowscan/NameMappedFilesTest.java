package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.NameMapping.Entry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files DuckDB wrote without field ids (as {@code ducklake_add_data_files} registers them), read through
 * a name mapping: each mapping entry binds a file column, by name, to a table column_id, recursively for
 * struct fields, list elements and map entries; Hive partition columns take their value from the path.
 * The expected rows are DuckDB's own read of the same files.
 */
class NameMappedFilesTest {
  @RegisterExtension static final DuckDb duck = new DuckDb();
  @TempDir static Path dir;

  private static String read(Path f) {
    return "read_parquet('" + f + "', file_row_number = true)";
  }

  @Test
  void columnsOfAFileWithoutFieldIdsAreBoundByTheirNamesInTheMappingNotByPosition() {
    // The file's order is not the table's, one table column is absent from the file, one file column
    // is in no entry, and the names differ from the table's (the mapping says which is which).
    Path f = duck.copy("SELECT 'n' || i AS label, i::INTEGER AS ident, i * 1.5 AS extra,"
        + " CAST(i / 4 AS DECIMAL(9,2)) AS price FROM range(7) t(i)", dir.resolve("plain.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(
            new PlanColumn(1, "id", "int64", null),          // int32 in the file: widened
            new PlanColumn(2, "name", "varchar", null),
            new PlanColumn(3, "price", "decimal(9,2)", null),
            new PlanColumn(4, "added", "int32", "17")),      // no entry: the initial_default
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(
            Entry.column("ident", 1), Entry.column("label", 2), Entry.column("price", 3)))));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duck.rows(
        "SELECT CAST(ident AS BIGINT), label, price, 17 FROM " + read(f) + " ORDER BY file_row_number"));
  }

  @Test
  void everyScalarTypeReadsThroughANameMappingAsDuckDbReadsItFromTheSameFile() {
    // The type matrix of EveryTypeIsReadAsDuckDbReadsItTest, written without field ids: each file column
    // keeps its Parquet type and annotations when the mapping gives it its id.
    List<EveryTypeIsReadAsDuckDbReadsItTest.Col> matrix = EveryTypeIsReadAsDuckDbReadsItTest.COLUMNS;
    List<String> rows = new ArrayList<>();
    for (int r = 0; r < 5; r++) {
      int row = r;
      rows.add("SELECT " + r + " AS k, " + String.join(", ", matrix.stream()
          .map(c -> "CAST(" + c.values().get(row) + " AS " + c.duckType() + ") AS " + c.name()).toList()));
    }
    rows.add("SELECT 5 AS k, " + String.join(", ", matrix.stream()
        .map(c -> "CAST(NULL AS " + c.duckType() + ") AS " + c.name()).toList()));
    Path f = duck.copy("SELECT * EXCLUDE (k) FROM (" + String.join(" UNION ALL ", rows) + ") ORDER BY k",
        dir.resolve("matrix-without-ids.parquet"), "");
    List<PlanColumn> columns = new ArrayList<>();
    List<Entry> entries = new ArrayList<>();
    for (int k = 0; k < matrix.size(); k++) {
      columns.add(new PlanColumn(500 - k, matrix.get(k).name(), matrix.get(k).lakeType(), null));
      entries.add(Entry.column(matrix.get(k).name(), 500 - k));
    }
    ScanPlan plan = ScanPlan.allColumns(columns, List.of(duck.dataFile(f, 0).withNameMapping(new NameMapping(entries))));

    List<List<Object>> expected = duck.rows("SELECT " + String.join(", ", matrix.stream()
        .map(c -> DuckDb.canonicalExpression(c.name(), c.lakeType())).toList()) + " FROM " + read(f)
        + " ORDER BY file_row_number");
    assertThat(expected).hasSize(6);
    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(expected);
  }

  @Test
  void theFilesOwnFieldIdsAreIgnoredWhenItHasANameMapping() {
    // Foreign ids that would bind the columns crosswise: the mapping decides, not them.
    Path f = duck.copy("SELECT i::BIGINT AS a, 'v' || i AS b FROM range(4) t(i)", dir.resolve("foreign.parquet"),
        "FIELD_IDS {a: 2, b: 1}");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "a", "int64", null),
            new PlanColumn(2, "b", "varchar", null)),
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(Entry.column("a", 1), Entry.column("b", 2)))));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(
        duck.rows("SELECT a, b FROM " + read(f) + " ORDER BY file_row_number"));
  }

  @Test
  void aSourceNameIsMatchedIgnoringCaseWhenNoFieldHasItExactlyAndAMissingOneReadsAsAbsent() {
    Path f = duck.copy("SELECT i::BIGINT AS \"ID\", 'v' || i AS \"Name\" FROM range(3) t(i)", dir.resolve("case.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int64", null),
            new PlanColumn(2, "name", "varchar", null), new PlanColumn(3, "gone", "varchar", "dflt")),
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(
            Entry.column("id", 1), Entry.column("Name", 2), Entry.column("not_in_file", 3)))));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(
        duck.rows("SELECT \"ID\", \"Name\", 'dflt' FROM " + read(f) + " ORDER BY file_row_number"));
  }

  @Test
  void nestedColumnsAreBoundByNameAtEveryLevel() {
    Path f = duck.copy("SELECT i::BIGINT AS k,"
        + " CASE WHEN i % 3 = 0 THEN NULL ELSE {'px': i::INTEGER, 'qx': 'q' || i} END AS st,"
        + " CASE WHEN i % 4 = 0 THEN NULL ELSE [i::INTEGER, NULL, i * 2] END AS li,"
        + " MAP {i::INTEGER: 'm' || i} AS mp FROM range(9) t(i)", dir.resolve("nested.parquet"), "");
    PlanColumn st = new PlanColumn(2, "s", "struct", null, List.of(
        new PlanColumn(21, "q", "varchar", null), new PlanColumn(20, "p", "int64", null),
        new PlanColumn(22, "r", "int32", "5")));
    PlanColumn li = new PlanColumn(3, "l", "list", null, List.of(new PlanColumn(30, "element", "int64", null)));
    PlanColumn mp = new PlanColumn(4, "m", "map", null, List.of(
        new PlanColumn(40, "key", "int32", null), new PlanColumn(41, "value", "varchar", null)));
    NameMapping mapping = new NameMapping(List.of(
        Entry.column("k", 1),
        new Entry("st", 2, false, List.of(Entry.column("px", 20), Entry.column("qx", 21))),
        new Entry("li", 3, false, List.of(Entry.column("element", 30))),
        new Entry("mp", 4, false, List.of(Entry.column("key", 40), Entry.column("value", 41)))));
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "k", "int64", null), st, li, mp),
        List.of(duck.dataFile(f, 0).withNameMapping(mapping)));

    assertThat(ArrowRows.scan(plan)).containsExactlyElementsOf(duck.rows(
        "SELECT k, CASE WHEN st IS NULL THEN NULL ELSE {'q': st.qx, 'p': CAST(st.px AS BIGINT), 'r': 5} END,"
            + " CAST(li AS BIGINT[]), mp FROM " + read(f) + " ORDER BY file_row_number"));
  }

  @Test
  void hivePartitionColumnsTakeTheirValuesFromThePathCastToTheColumnsType() throws IOException {
    // DuckDB's PARTITION_BY writes the partition columns into the folders only, escaping what a path cannot hold.
    Path out = dir.resolve("hive");
    duck.execute("COPY (SELECT i::BIGINT AS id, CASE WHEN i % 5 = 4 THEN NULL WHEN i % 5 = 3 THEN 'a/b c=d%'"
        + " ELSE ['fi', 'se', 'dk'][1 + i % 3] END AS country, (2024 + i % 2)::INTEGER AS yr,"
        + " DATE '2026-01-01' + (i % 2)::INTEGER AS day FROM range(40) t(i))"
        + " TO '" + out + "' (FORMAT parquet, PARTITION_BY (country, yr, day))");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      files = walk.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(4);
    List<PlanColumn> columns = List.of(new PlanColumn(1, "id", "int64", null),
        new PlanColumn(2, "country", "varchar", null), new PlanColumn(3, "yr", "int32", null),
        new PlanColumn(4, "day", "date", null));
    NameMapping mapping = NameMapping.of(Entry.column("id", 1), Entry.hivePartition("country", 2),
        Entry.hivePartition("yr", 3), Entry.hivePartition("day", 4));
    List<DataFile> planned = new ArrayList<>();
    for (Path f : files) {
      planned.add(duck.dataFile(f, planned.size() * 100L).withNameMapping(mapping));
    }

    List<List<Object>> expected = duck.rows("SELECT id, country, yr, " + DuckDb.canonicalExpression("day", "date")
        + " FROM read_parquet('" + out + "/**/*.parquet', hive_partitioning = true,"
        + " hive_types = {'country': VARCHAR, 'yr': INTEGER, 'day': DATE})");
    assertThat(expected).hasSize(40).anySatisfy(r -> assertThat(r.get(1)).isNull())
        .anySatisfy(r -> assertThat(r.get(1)).isEqualTo("a/b c=d%"));
    assertThat(ArrowRows.scan(ScanPlan.allColumns(columns, planned))).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void aHivePartitionColumnWhosePathHasNoSuchFolderIsRefusedNamingTheFile() {
    Path f = duck.copy("SELECT i::BIGINT AS id FROM range(2) t(i)", dir.resolve("nofolder.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int64", null),
            new PlanColumn(2, "region", "varchar", null)),
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(Entry.column("id", 1),
            Entry.hivePartition("region", 2)))));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("data file " + f + " has no Hive partition folder region=…/ in its path, which its name mapping"
            + " says holds the value of column_id 2");
  }

  @Test
  void aHivePartitionValueThatIsNotAValueOfTheColumnsTypeIsRefused() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("bad/yr=soon"));
    Path f = duck.copy("SELECT i::BIGINT AS id FROM range(2) t(i)", folder.resolve("f.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int64", null),
            new PlanColumn(2, "yr", "int32", null)),
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(Entry.column("id", 1),
            Entry.hivePartition("yr", 2)))));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessageStartingWith("the Hive partition value 'soon' of column \"yr\" (column_id 2) in the path of data file "
            + f + " is not a int32 value");
  }

  @Test
  void aMappingThatBindsOneFieldToTwoColumnsIsRefused() {
    Path f = duck.copy("SELECT i::BIGINT AS id FROM range(2) t(i)", dir.resolve("twice.parquet"), "");
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "a", "int64", null),
            new PlanColumn(2, "b", "int64", null)),
        List.of(duck.dataFile(f, 0).withNameMapping(NameMapping.of(Entry.column("id", 1), Entry.column("id", 2)))));

    assertThatThrownBy(() -> ArrowRows.scan(plan)).isInstanceOf(LakeReadException.class)
        .hasMessage("data file " + f + ": its name mapping binds field \"id\" to both column_id 1 and 2");
  }

  @Test
  void aMappingNamingOneTargetTwiceIsNoMapping() {
    assertThatThrownBy(() -> NameMapping.of(Entry.column("a", 1), Entry.column("b", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("target_field_id 1 appears twice in the mapping's top level");
  }
}
