package io.rocklake.conformance.whitelist;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input stays as strict with DuckDB 2.0 as with 1.5.5: on the catalog each line's first ATTACH
 * creates (DuckLake 1.0, DuckLake 1.1), a write outside DuckLake's relations and shapes — one
 * DuckDB never sends, even when it looks like the 1.1 migration — is refused with 0A000 naming its
 * shape, changes nothing, and the session goes on.
 */
class StatementsOutsideTheShapesAreRefusedOnBothLinesTest {
  private static final List<String> OUTSIDE = List.of(
      "ALTER TABLE \"public\".\"ducklake_data_file\" ADD COLUMN \"owner\" VARCHAR",
      "ALTER TABLE \"public\".\"ducklake_snapshot\" DROP COLUMN \"snapshot_time\"",
      "ALTER TABLE \"public\".\"ducklake_table\" RENAME COLUMN \"table_name\" TO \"name\"",
      "ALTER TABLE \"public\".\"ducklake_metadata\" RENAME TO \"metadata\"",
      "DROP TABLE \"public\".\"ducklake_view_column_tag\"",
      "UPDATE \"public\".ducklake_table_column_stats SET min_value = '0'",
      "DELETE FROM \"public\".ducklake_snapshot",
      "CREATE TABLE \"public\".\"users\"(\"id\" BIGINT)",
      "INSERT INTO \"public\".ducklake_view_column_tag (view_id, key) VALUES (1, 'k')");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {Corpus.DEFAULT_VERSION_DIR, Corpus.DUCKDB_2_0_DEV})
  void eachIsRefusedWithItsShapeAndTheCatalogStaysAsItWas(String line) throws Exception {
    Scenario attach = SourceTemplatesReplay.firstTransaction(Corpus.locate(line).scenario(SourceTemplatesReplay.SCENARIO));
    try (RockLakeTarget rocklake = new RockLakeTarget()) {
      Endpoint endpoint = rocklake.prepare(attach.database());
      assertThat(new Replayer().replay(attach, endpoint).passed()).as("DuckDB's first ATTACH").isTrue();
      try (TemplateSession s = new TemplateSession(endpoint, attach.database())) {
        String columnsBefore = s.simple("SELECT attname FROM pg_attribute").toString();
        String snapshotsBefore = s.simple("SELECT snapshot_id FROM ducklake_snapshot").toString();
        for (String sql : OUTSIDE) {
          TemplateSession.Answer a = s.simple(sql);
          assertThat(a.sqlState()).as(line + ": " + sql + " -> " + a).isEqualTo("0A000");
          assertThat(a.message()).as(sql).contains("is not on the whitelist of write shapes");
          assertThat(a.connectionLost()).isFalse();
        }
        assertThat(s.simple("SELECT attname FROM pg_attribute").toString()).isEqualTo(columnsBefore);
        assertThat(s.simple("SELECT snapshot_id FROM ducklake_snapshot").toString()).isEqualTo(snapshotsBefore)
            .startsWith("SELECT 1");
        assertThat(s.simple("SELECT 1").ok()).isTrue();
      }
    }
  }
}
