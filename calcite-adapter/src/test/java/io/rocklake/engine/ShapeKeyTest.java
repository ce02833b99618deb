package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link ShapeKey}: the whitelist key of a statement. Values never matter; structure always does,
 * except that DuckLake's per-table relations ({@code ducklake_inlined_data_<t>_<v>},
 * {@code ducklake_inlined_delete_<t>}) are one class whatever the user's table and columns.
 * The statements are DuckDB's own (from the conformance captures), varied by hand.
 */
class ShapeKeyTest {
  private static final SqlStatementParser PARSER = new SqlStatementParser();

  private static Fingerprint key(String sql) {
    try {
      return ShapeKey.of(PARSER.parseStatement(sql));
    } catch (SqlParseException e) {
      throw new AssertionError("does not parse: " + sql, e);
    }
  }

  private static void sameKey(String a, String b) {
    assertThat(key(a)).as("%s%n  vs %s", a, b).isEqualTo(key(b));
  }

  private static void differentKeys(String a, String b) {
    assertThat(key(a).hash()).as("%s%n  vs %s", a, b).isNotEqualTo(key(b).hash());
  }

  @Nested
  class Values {
    @Test
    void statementsDifferingOnlyInLiteralsShareAKey() {
      sameKey("UPDATE \"public\".ducklake_table_stats SET record_count=1999, file_size_bytes=30272, next_row_id=1999"
              + " WHERE table_id=1",
          "UPDATE \"public\".ducklake_table_stats SET record_count=5, file_size_bytes=0, next_row_id=3 WHERE table_id=2");
      sameKey("INSERT INTO \"public\".ducklake_snapshot VALUES (2, NOW(), 1, 2, 1)",
          "INSERT INTO \"public\".ducklake_snapshot VALUES (14, NOW(), 3, 7, 22)");
      sameKey("COPY (SELECT \"table_id\", \"schema_version\" FROM \"public\".\"ducklake_inlined_data_tables\""
              + " WHERE \"table_id\" = '6') TO STDOUT (FORMAT \"binary\");",
          "COPY (SELECT \"table_id\", \"schema_version\" FROM \"public\".\"ducklake_inlined_data_tables\""
              + " WHERE \"table_id\" = '1') TO STDOUT (FORMAT \"binary\");");
    }

    @Test
    void inListLengthsAndValuesRowCountsAreValuesToo() {
      sameKey("DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id IN (1)",
          "DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id IN (1, 2, 3)");
      sameKey("INSERT INTO \"public\".ducklake_table_stats VALUES (1, 1, 1, 0)",
          "INSERT INTO \"public\".ducklake_table_stats VALUES (1, 1, 1, 0), (2, 5, 5, 100)");
    }
  }

  @Nested
  class Structure {
    @Test
    void anotherDuckLakeTableIsAnotherShape() {
      differentKeys("INSERT INTO \"public\".ducklake_snapshot VALUES (2, NOW(), 1, 2, 1)",
          "INSERT INTO \"public\".ducklake_schema VALUES (2, NOW(), 1, 2, 1)");
      differentKeys("COPY (SELECT \"begin_snapshot\" FROM \"public\".\"ducklake_snapshot\") TO STDOUT (FORMAT \"binary\")",
          "COPY (SELECT \"begin_snapshot\" FROM \"public\".\"ducklake_schema\") TO STDOUT (FORMAT \"binary\")");
      differentKeys("SELECT snapshot_id FROM ducklake_snapshot", "SELECT snapshot_id FROM ducklake_schema");
    }

    @Test
    void anotherColumnOperatorOrClauseIsAnotherShape() {
      String base = "UPDATE \"public\".ducklake_table SET end_snapshot = 3 WHERE end_snapshot IS NULL AND table_id IN (1)";
      differentKeys(base, base.replace("SET end_snapshot", "SET begin_snapshot"));
      differentKeys(base, base.replace("IS NULL", "IS NOT NULL"));
      differentKeys(base, base.replace(" AND table_id IN (1)", ""));
      differentKeys("DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id < 3",
          "DELETE FROM \"public\".ducklake_snapshot WHERE snapshot_id <= 3");
    }

    @Test
    void theColumnsAFixedTableIsReadWithAreStructure() {
      // ducklake_inlined_data_tables is one of DuckLake's 28 tables, not a per-table relation.
      differentKeys("COPY (SELECT \"table_id\", \"schema_version\" FROM \"public\".\"ducklake_inlined_data_tables\")"
              + " TO STDOUT (FORMAT \"binary\")",
          "COPY (SELECT \"table_name\" FROM \"public\".\"ducklake_inlined_data_tables\") TO STDOUT (FORMAT \"binary\")");
      differentKeys("SELECT table_id FROM ducklake_inlined_data_tables", "SELECT table_name FROM ducklake_inlined_data_tables");
      differentKeys("COPY (SELECT \"table_id\" FROM \"public\".\"ducklake_table\") TO STDOUT (FORMAT \"binary\")",
          "COPY (SELECT \"path\" FROM \"public\".\"ducklake_table\") TO STDOUT (FORMAT \"binary\")");
    }
  }

  @Nested
  class PerTableRelations {
    @Test
    void createTableOfAnyUserTableAndVersionIsOneShape() {
      sameKey("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_3_7(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, o_id INTEGER, o_flag BOOLEAN, o_dec DECIMAL(18,3), o_name BYTEA)",
          "CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, id BIGINT)");
    }

    @Test
    void butItsThreeFixedColumnsAreStructure() {
      differentKeys("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, id BIGINT)",
          "CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
              + " id BIGINT, end_snapshot BIGINT)");
      differentKeys("CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, id BIGINT)",
          "CREATE TABLE \"public\".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, id BIGINT)");
    }

    @Test
    void insertsOfAnyWidthAreOneShape() {
      sameKey("INSERT INTO \"public\".ducklake_inlined_data_3_7 VALUES (0, 2, NULL, 1, true, 12.5, '\\x0a')",
          "INSERT INTO \"public\".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1), (1, 2, NULL, 2)");
    }

    @Test
    void scansOfAnyColumnsAreOneShape() {
      sameKey("COPY (SELECT \"begin_snapshot\", \"end_snapshot\", \"o_id\", \"o_flag\", \"row_id\" FROM"
              + " \"public\".\"ducklake_inlined_data_3_7\" WHERE \"begin_snapshot\" <= '12') TO STDOUT (FORMAT \"binary\");",
          "COPY (SELECT \"id\" FROM \"public\".\"ducklake_inlined_data_1_1\" WHERE \"begin_snapshot\" <= '3')"
              + " TO STDOUT (FORMAT \"binary\");");
      differentKeys("COPY (SELECT \"id\" FROM \"public\".\"ducklake_inlined_data_1_1\" WHERE \"begin_snapshot\" <= '3')"
              + " TO STDOUT (FORMAT \"binary\");",
          "COPY (SELECT \"id\" FROM \"public\".\"ducklake_inlined_data_1_1\" WHERE \"end_snapshot\" <= '3')"
              + " TO STDOUT (FORMAT \"binary\");");
    }

    @Test
    void deletesUpdatesAndDropsOfAnyUserTableAreOneShape() {
      sameKey("DELETE FROM \"public\".\"ducklake_inlined_data_3_7\" WHERE ctid IN ('(0,1)', '(0,2)')",
          "DELETE FROM \"public\".\"ducklake_inlined_data_12_1\" WHERE ctid IN ('(4,9)')");
      sameKey("WITH deleted_row_list(deleted_row_id) AS (VALUES (1), (2)) UPDATE \"public\".ducklake_inlined_data_1_1"
              + " SET end_snapshot = 5 FROM deleted_row_list WHERE row_id = deleted_row_id",
          "WITH deleted_row_list(deleted_row_id) AS (VALUES (7)) UPDATE \"public\".ducklake_inlined_data_2_9"
              + " SET end_snapshot = 11 FROM deleted_row_list WHERE row_id = deleted_row_id");
      sameKey("DROP TABLE IF EXISTS \"public\".ducklake_inlined_data_3_7",
          "DROP TABLE IF EXISTS \"public\".ducklake_inlined_data_1_1");
      sameKey("DROP TABLE IF EXISTS \"public\".ducklake_inlined_delete_3",
          "DROP TABLE IF EXISTS \"public\".ducklake_inlined_delete_12");
    }

    @Test
    void dataAndDeleteRelationsStayApart() {
      differentKeys("DROP TABLE IF EXISTS \"public\".ducklake_inlined_data_3_7",
          "DROP TABLE IF EXISTS \"public\".ducklake_inlined_delete_3");
    }
  }

  @Nested
  class TheShippedWhitelist {
    private final ShapePolicy policy = ShapePolicy.duckLake(true);

    @Test
    void acceptsDuckLakesWritesForATableItNeverSaw() {
      for (String sql : List.of(
          "CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_99_42(row_id BIGINT, begin_snapshot BIGINT,"
              + " end_snapshot BIGINT, never_seen VARCHAR, nor_this DOUBLE PRECISION)",
          "INSERT INTO \"public\".ducklake_inlined_data_99_42 VALUES (0, 2, NULL, 'x', 1.5)",
          "DROP TABLE IF EXISTS \"public\".ducklake_inlined_data_99_42")) {
        policy.checkWrite(parse(sql), Fingerprint::parse); // throws if refused
      }
    }

    @Test
    void refusesWhatDuckDbNeverSends() {
      for (String sql : List.of("DELETE FROM \"public\".ducklake_snapshot",
          "UPDATE \"public\".ducklake_snapshot SET schema_version = 0",
          "DROP TABLE IF EXISTS \"public\".ducklake_snapshot")) {
        assertThatThrownBy(() -> policy.checkWrite(parse(sql), Fingerprint::parse)).as(sql)
            .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"));
      }
      assertThatThrownBy(() -> policy.checkRead(parse("SELECT * FROM ducklake_snapshot WHERE snapshot_id = 1"), Fingerprint::parse))
          .as("--strict-shapes holds reads to the list too")
          .isInstanceOfSatisfying(EngineException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"));
    }

    private SqlNode parse(String sql) {
      try {
        return PARSER.parseStatement(sql);
      } catch (SqlParseException e) {
        throw new AssertionError(sql, e);
      }
    }
  }

  /** DuckDB's shapes as it sends them for a catalog in a schema of its own, and for the temp-table UPDATE. */
  @Nested
  class NamesThatAreAClass {
    @Test
    void aCatalogInItsOwnSchemaSendsThePublicShapes() {
      sameKey("CREATE SCHEMA IF NOT EXISTS \"lake_meta\"", "CREATE SCHEMA IF NOT EXISTS \"ducklake_meta\"");
      sameKey("INSERT INTO \"lake_meta\".ducklake_snapshot VALUES (7, NOW(), 0, 1, 0)",
          "INSERT INTO \"public\".ducklake_snapshot VALUES (8, NOW(), 1, 2, 3)");
      sameKey("DELETE FROM \"s\".ducklake_inlined_data_1_1 WHERE ctid IN ('(0,1)')",
          "DELETE FROM \"public\".ducklake_inlined_data_2_3 WHERE ctid IN ('(0,4)')");
      sameKey("ALTER TABLE \"s\".\"ducklake_data_file\" ADD COLUMN  \"row_group_count\" BIGINT",
          "ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN  \"row_group_count\" BIGINT");
    }

    @Test
    void aTableThatIsNotDuckLakesKeepsItsSchemaAndItsShape() {
      differentKeys("INSERT INTO \"s\".users VALUES (1)", "INSERT INTO \"public\".users VALUES (1)");
      differentKeys("ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"owner\" VARCHAR",
          "ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"row_group_count\" BIGINT");
    }

    @Test
    void duckLake11sColumnsAreOneFamilyWhateverTheirOrderAndTheStatementThatBringsThem() {
      String dataFile = "CREATE TABLE \"public\".\"ducklake_data_file\"(\"data_file_id\" BIGINT PRIMARY KEY, \"table_id\" BIGINT,"
          + " \"begin_snapshot\" BIGINT, \"end_snapshot\" BIGINT, \"file_order\" BIGINT, \"path\" VARCHAR, \"path_is_relative\" BOOLEAN,"
          + " \"file_format\" VARCHAR, \"record_count\" BIGINT, \"file_size_bytes\" BIGINT, \"footer_size\" BIGINT,"
          + " \"row_id_start\" BIGINT, \"partition_id\" BIGINT, \"encryption_key\" VARCHAR, \"mapping_id\" BIGINT,"
          + " \"partial_max\" BIGINT";
      sameKey(dataFile + ", \"row_group_count\" BIGINT);", dataFile + ");");
      differentKeys(dataFile + ", \"owner\" VARCHAR);", dataFile + ");");
      String stats = "ALTER TABLE \"public\".\"ducklake_file_column_stats\" ADD COLUMN  ";
      sameKey(stats + "\"min_is_exact\" BOOLEAN", stats + "\"max_is_exact\" BOOLEAN DEFAULT NULL");
      differentKeys(stats + "IF NOT EXISTS \"min_is_exact\" BOOLEAN", stats + "\"min_is_exact\" BOOLEAN");
      differentKeys(stats + "\"row_group_count\" BIGINT", stats + "\"min_is_exact\" BOOLEAN");
      differentKeys("ALTER TABLE \"public\".\"ducklake_delete_file\" ADD COLUMN \"row_group_count\" BIGINT",
          "ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"row_group_count\" BIGINT");
    }

    @Test
    void theMigrationsRenameOfAnInlinedTableIsOneShapeWhateverTheTable() {
      sameKey("ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN  \"row_id\" TO \"_ducklake_row_id\"",
          "ALTER TABLE \"public\".\"ducklake_inlined_data_7_3\" RENAME COLUMN  \"row_id\" TO \"_ducklake_row_id\"");
      differentKeys("ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN  \"id\" TO \"_ducklake_row_id\"",
          "ALTER TABLE \"public\".\"ducklake_inlined_data_1_1\" RENAME COLUMN  \"row_id\" TO \"_ducklake_row_id\"");
    }

    @Test
    void theUpdatesTemporaryTableIsOneNameWhateverItsUuid() {
      String update = "UPDATE \"public\".\"ducklake_metadata\" SET \"value\" = \"update_data_%s\".\"value\" FROM"
          + " \"update_data_%s\" WHERE \"ducklake_metadata\".ctid=__page_id_string::TID";
      String a = "e44b2250-e4a4-4ce1-9b19-6a72796d3c10";
      String b = "9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10";
      sameKey(String.format(update, a, a), String.format(update, b, b));
      sameKey("COPY \"update_data_" + a + "\" FROM STDIN (FORMAT TEXT, NULL '')",
          "COPY \"update_data_" + b + "\" FROM STDIN (FORMAT TEXT, NULL '')");
      differentKeys("COPY \"update_data_x\" FROM STDIN (FORMAT TEXT, NULL '')",
          "COPY \"update_data_" + b + "\" FROM STDIN (FORMAT TEXT, NULL '')");
    }
  }
}
