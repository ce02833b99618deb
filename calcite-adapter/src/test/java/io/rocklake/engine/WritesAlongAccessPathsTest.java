package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.DuckLakeRelations;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UPDATE and DELETE find their rows through the same bounds and access paths as scans (the key, the
 * table index, the live index), with DuckDB's statement shapes on DuckLake's own relations, and
 * change exactly the rows PostgreSQL would: a bound may only leave out rows the condition rejects.
 */
class WritesAlongAccessPathsTest {
  private final EngineFixture f = new EngineFixture();

  WritesAlongAccessPathsTest() {
    DuckLakeRelations.ALL.forEach(r -> f.run(r.createTableSql()));
    f.run("INSERT INTO \"public\".ducklake_table_column_stats VALUES (1, 1, false, NULL, '1', '9', NULL),"
        + "(1, 2, false, NULL, 'a', 'z', NULL),(2, 1, false, NULL, '5', '6', NULL),(2, 2, true, NULL, 'b', 'c', NULL)");
    f.run("INSERT INTO \"public\".ducklake_data_file VALUES (1, 1, 1, NULL, NULL, 'a.parquet', true, 'parquet', 10, 100,"
        + " 10, 0, NULL, NULL, NULL, NULL),(2, 1, 1, NULL, NULL, 'b.parquet', true, 'parquet', 10, 100, 10, 10, NULL,"
        + " NULL, NULL, NULL),(3, 2, 1, NULL, NULL, 'c.parquet', true, 'parquet', 10, 100, 10, 0, NULL, NULL, NULL, NULL)");
  }

  @Test
  void duckDbsStatsMergeBoundsTheTargetByEachSourceRowsTableAndChangesOnlyThoseRows() {
    assertThat(f.tag("WITH new_values(tid, cid, new_contains_null, new_contains_nan, new_min, new_max, new_extra_stats)"
        + " AS (\nVALUES (2, 1, true, NULL, '0', '7', NULL)\n)\nUPDATE \"public\".ducklake_table_column_stats\n"
        + "SET contains_null=CAST(new_contains_null AS BOOLEAN), contains_nan=CAST(new_contains_nan AS BOOLEAN),"
        + " min_value=new_min, max_value=new_max, extra_stats=new_extra_stats\nFROM new_values\n"
        + "WHERE table_id=tid AND column_id=cid")).isEqualTo("UPDATE 1");
    assertThat(stats()).containsExactly("1/1/false/1/9", "1/2/false/a/z", "2/1/true/0/7", "2/2/true/b/c");
  }

  @Test
  void aConditionOnTheSourcesColumnOfTheSameNameNeverBoundsTheTarget() {
    f.run("CREATE TABLE src (table_id BIGINT, cid BIGINT, v VARCHAR)");
    f.run("INSERT INTO src VALUES (1, 2, 'new')");
    // s.table_id = 1 restricts the source, not the target: table 2's column 2 is updated too.
    assertThat(f.tag("UPDATE \"public\".ducklake_table_column_stats SET min_value = s.v FROM src s"
        + " WHERE s.table_id = 1 AND column_id = s.cid")).isEqualTo("UPDATE 2");
    assertThat(stats()).containsExactly("1/1/false/1/9", "1/2/false/new/z", "2/1/false/5/6", "2/2/true/new/c");
  }

  @Test
  void endingATablesLiveFilesAndDeletingFilesByKeyChangeExactlyThoseFiles() {
    assertThat(f.tag("UPDATE \"public\".ducklake_data_file SET end_snapshot = 2 WHERE end_snapshot IS NULL"
        + " AND table_id IN (1)")).isEqualTo("UPDATE 2");
    assertThat(f.tag("UPDATE \"public\".ducklake_data_file SET end_snapshot = 3 WHERE end_snapshot IS NULL"
        + " AND table_id IN (1)")).as("already ended").isEqualTo("UPDATE 0");
    assertThat(files()).containsExactly("1/1/2", "2/1/2", "3/2/null");
    assertThat(f.tag("DELETE FROM \"public\".ducklake_data_file WHERE data_file_id IN (3, 1, 7)")).isEqualTo("DELETE 2");
    assertThat(files()).containsExactly("2/1/2");
  }

  private List<String> stats() {
    return f.rows("SELECT table_id, column_id, contains_null, min_value, max_value FROM \"public\".ducklake_table_column_stats"
        + " ORDER BY table_id, column_id").stream().map(r -> r[0] + "/" + r[1] + "/" + r[2] + "/" + r[3] + "/" + r[4])
        .toList();
  }

  private List<String> files() {
    return f.rows("SELECT data_file_id, table_id, end_snapshot FROM \"public\".ducklake_data_file ORDER BY data_file_id")
        .stream().map(r -> r[0] + "/" + r[1] + "/" + r[2]).toList();
  }
}
