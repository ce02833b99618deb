package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A DuckLake table's columns are the catalog's fact at a commit: DuckDB 2.0 creates a 1.1 catalog
 * with more of them than 1.5.5 does, and migrates a 1.0 catalog with ALTER TABLE. The statements are
 * DuckDB's own (the 2.0 development line's captures); tags, SQLSTATEs and messages are PostgreSQL 15's.
 */
class DuckLake11CatalogTest {
  private final EngineFixture f = new EngineFixture();

  private static final String DATA_FILE_1_0 = "CREATE TABLE \"public\".\"ducklake_data_file\"(\"data_file_id\" BIGINT PRIMARY KEY,"
      + " \"table_id\" BIGINT, \"begin_snapshot\" BIGINT, \"end_snapshot\" BIGINT, \"file_order\" BIGINT, \"path\" VARCHAR,"
      + " \"path_is_relative\" BOOLEAN, \"file_format\" VARCHAR, \"record_count\" BIGINT, \"file_size_bytes\" BIGINT,"
      + " \"footer_size\" BIGINT, \"row_id_start\" BIGINT, \"partition_id\" BIGINT, \"encryption_key\" VARCHAR,"
      + " \"mapping_id\" BIGINT, \"partial_max\" BIGINT";
  private static final String FILE_1_0 = "INSERT INTO \"public\".ducklake_data_file VALUES (1, 1, 2, NULL, NULL, 'a.parquet',"
      + " true, 'parquet', 10, 100, 40, 0, NULL, NULL, NULL, NULL)";

  @AfterEach
  void close() {
    f.close();
  }

  private List<String> columnsOf(String table) {
    return f.rows("SELECT attname FROM pg_attribute JOIN pg_class ON attrelid = pg_class.oid WHERE relname = '"
        + table + "' AND attnum > 0 ORDER BY attnum").stream().map(r -> (String) r[0]).toList();
  }

  @Test
  void aNewDuckLake11CatalogKeepsTheRowGroupCountOfItsDataFiles() {
    f.run(DATA_FILE_1_0 + ", \"row_group_count\" BIGINT);");
    f.run("INSERT INTO \"public\".ducklake_data_file VALUES (7, 1, 12, NULL, NULL, 'b.parquet', true, 'parquet', 99,"
        + " 1096, 430, 264, NULL, NULL, NULL, NULL, 3)");
    assertThat(f.value("SELECT row_group_count FROM ducklake_data_file WHERE data_file_id = 7")).isEqualTo(3L);
    assertThat(columnsOf("ducklake_data_file")).hasSize(17).endsWith("partial_max", "row_group_count");
  }

  @Test
  void theMigrationsAddedColumnReadsNullForTheRowsWrittenBeforeAndTheEarlierCommitShowsNoSuchColumn() {
    f.run(DATA_FILE_1_0 + ");");
    f.run(FILE_1_0);
    long before = f.catalog.latestCommit();
    assertThat(f.tag("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN  \"row_group_count\" BIGINT"))
        .isEqualTo("ALTER TABLE");
    f.run("INSERT INTO \"public\".ducklake_data_file VALUES (2, 1, 3, NULL, NULL, 'c.parquet', true, 'parquet', 5, 50, 20,"
        + " 10, NULL, NULL, NULL, NULL, 1)");
    assertThat(f.rows("SELECT data_file_id, row_group_count FROM ducklake_data_file ORDER BY data_file_id"))
        .containsExactly(new Object[] {1L, null}, new Object[] {2L, 1L});
    assertThat(columnsOf("ducklake_data_file")).hasSize(17);
    CatalogTransaction then = f.catalog.beginAt(before);
    RelationDef asItWas = then.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_data_file");
    assertThat(asItWas.columns()).extracting(ColumnDef::name).hasSize(16).doesNotContain("row_group_count");
    assertThat(then.scan(asItWas)).hasSize(1);
    then.rollback();
  }

  @Test
  void addingTheColumnAgainIsADuplicateUnlessIfNotExists() {
    f.run(DATA_FILE_1_0 + ", \"row_group_count\" BIGINT);");
    f.fails("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"row_group_count\" BIGINT", "42701",
        e -> assertThat(e.getMessage()).isEqualTo("column \"row_group_count\" of relation \"ducklake_data_file\" already exists"));
    assertThat(f.tag("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN IF NOT EXISTS \"row_group_count\" BIGINT DEFAULT NULL"))
        .isEqualTo("ALTER TABLE");
    assertThat(columnsOf("ducklake_data_file")).hasSize(17);
  }

  @Test
  void aColumnDuckLakeNeverAddsIsRefusedAndTheTableStaysAsItWas() {
    f.run(DATA_FILE_1_0 + ");");
    f.fails("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"owner\" VARCHAR", "0A000",
        e -> assertThat(e.getMessage()).contains("\"owner\"").contains("row_group_count"));
    f.fails("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"row_group_count\" VARCHAR", "0A000");
    f.fails("ALTER TABLE \"public\".\"ducklake_data_file\" DROP COLUMN \"partial_max\"", "0A000");
    f.fails("ALTER TABLE \"public\".\"ducklake_data_file\" RENAME COLUMN \"path\" TO \"where\"", "0A000");
    assertThat(columnsOf("ducklake_data_file")).hasSize(16);
  }

  @Test
  void aCreateTableWithColumnsDuckLakeNeverGivesATableIsRefused() {
    f.fails(DATA_FILE_1_0 + ", \"owner\" VARCHAR);", "42P16",
        e -> assertThat(e.getMessage()).contains("DuckLake 1.0").contains("row_group_count BIGINT"));
    f.fails(DATA_FILE_1_0 + ", \"row_group_count\" BIGINT, \"row_group_count\" BIGINT);", "42P16");
    f.fails("CREATE TABLE \"public\".\"ducklake_view_column_tag\"(\"view_id\" BIGINT, \"column_name\" VARCHAR);", "42P16");
  }

  @Test
  void theInlinedTablesSystemColumnsAreRenamedAndKeepTheirValues() {
    f.run("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
        + " end_snapshot BIGINT, id INTEGER)");
    f.run("INSERT INTO \"public\".ducklake_inlined_data_1_1 VALUES (0, 1, NULL, 42)");
    for (String c : List.of("row_id", "begin_snapshot", "end_snapshot")) {
      assertThat(f.tag("ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN  \"" + c + "\" TO \"_ducklake_" + c + "\""))
          .isEqualTo("ALTER TABLE");
    }
    assertThat(f.rows("SELECT _ducklake_row_id, _ducklake_begin_snapshot, _ducklake_end_snapshot, id FROM ducklake_inlined_data_1_1"))
        .containsExactly(new Object[] {0L, 1L, null, 42});
    f.fails("ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN \"row_id\" TO \"x\"", "42703",
        e -> assertThat(e.getMessage()).isEqualTo("column \"row_id\" does not exist"));
    f.fails("ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN \"id\" TO \"_ducklake_row_id\"", "42701");
  }

  @Test
  void theTwentyNinthTableIsCreatedAfterTheTablesBeforeItAndListedInPgClass() {
    f.run("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT,"
        + " _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id BIGINT)");
    f.run("CREATE TABLE \"public\".\"ducklake_view_column_tag\"(\"view_id\" BIGINT, \"column_name\" VARCHAR,"
        + " \"begin_snapshot\" BIGINT, \"end_snapshot\" BIGINT, \"key\" VARCHAR, \"value\" VARCHAR);");
    List<Object[]> oids = f.rows("SELECT relname FROM pg_class WHERE relname IN ('ducklake_view_column_tag',"
        + " 'ducklake_inlined_data_1_1') ORDER BY oid");
    assertThat(oids).extracting(r -> r[0]).containsExactly("ducklake_inlined_data_1_1", "ducklake_view_column_tag");
    assertThat(f.tag("INSERT INTO \"public\".ducklake_view_column_tag VALUES (2, 'amount', 13, NULL, 'comment', 'order amount')"))
        .isEqualTo("INSERT 0 1");
    Outcome.Command again = (Outcome.Command) f.run("CREATE TABLE IF NOT EXISTS \"public\".\"ducklake_view_column_tag\"(\"view_id\" BIGINT,"
        + " \"column_name\" VARCHAR, \"begin_snapshot\" BIGINT, \"end_snapshot\" BIGINT, \"key\" VARCHAR, \"value\" VARCHAR);");
    assertThat(again.warning()).isEqualTo(new Outcome.Warning(io.rocklake.catalog.SqlState.DUPLICATE_TABLE,
        "relation \"ducklake_view_column_tag\" already exists, skipping", true));
  }
}
