package io.rocklake.conformance.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.pg.SimpleQueryClient;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.ReplayTarget;
import io.rocklake.conformance.replay.RockLakeTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The scale bench against real servers: an in-process RockLake on a real socket and a throwaway
 * PostgreSQL 15, on catalogs small enough to build in seconds. The expected counts follow from the
 * scale's definition (ten snapshots and a hundred data-file rows per table, nine in ten ended), not
 * from the generator.
 */
class ScaleBenchTest {

  @Nested
  class TheGeneratedCatalog {
    @Test
    void twentyTablesHoldTwoHundredSnapshotsAndTwoThousandFileRowsOfWhichNineInTenAreEndedOnBothServers() {
      CapturedTraffic traffic = new CapturedTraffic(Corpus.locate());
      CatalogGenerator generator = new CatalogGenerator(CatalogScale.parse("20"));
      try (CatalogSide rocklake = new CatalogSide("RockLake", new RockLakeTarget(), traffic);
           CatalogSide postgres = postgresSide(traffic)) {
        generator.build(7, batch -> {
          for (CatalogSide s : List.of(rocklake, postgres)) {
            s.session().simple(CatalogGenerator.BEGIN);
            s.session().simple(batch);
            s.session().simple("COMMIT");
          }
        });
        for (CatalogSide s : List.of(rocklake, postgres)) {
          assertThat(query(s, "SELECT MAX(snapshot_id), COUNT(*) FROM ducklake_snapshot"))
              .as(s.server).containsExactly(List.of("200", "201"));
          assertThat(query(s, "SELECT COUNT(*), COUNT(end_snapshot) FROM ducklake_data_file"))
              .as(s.server).containsExactly(List.of("2000", "1800"));
          assertThat(query(s, "SELECT COUNT(*) FROM ducklake_table")).as(s.server).containsExactly(List.of("20"));
          assertThat(query(s, "SELECT COUNT(*) FROM ducklake_column")).as(s.server).containsExactly(List.of("60"));
          assertThat(query(s, "SELECT next_catalog_id, next_file_id FROM ducklake_snapshot WHERE snapshot_id = 200"))
              .as(s.server).containsExactly(List.of("21", "2000"));
          // 90 files of 1,000 rows appended, then rewritten into 10 with the same rows
          assertThat(query(s, "SELECT record_count, next_row_id FROM ducklake_table_stats WHERE table_id = 11"))
              .as(s.server).containsExactly(List.of("90000", "90000"));
        }
        String oneTable = "SELECT data_file_id, begin_snapshot, end_snapshot, row_id_start FROM ducklake_data_file"
            + " WHERE table_id = 11 ORDER BY data_file_id";
        List<List<String>> expected = query(postgres, oneTable);
        assertThat(expected).hasSize(100);
        assertThat(expected.stream().filter(r -> r.get(2) != null)).hasSize(90);
        assertThat(query(rocklake, oneTable)).isEqualTo(expected);
      }
    }

    private List<List<String>> query(CatalogSide s, String sql) {
      Endpoint e = s.endpoint();
      return SimpleQueryClient.query(e.host(), e.port(), "postgres", s.database(), sql);
    }
  }

  @Nested
  class TheBench {
    @Test
    void timesEveryOperationOnBothServersAndEachReadAnswersTheTableItNamesAtEveryScale() {
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      ScaleBench bench = new ScaleBench(List.of("20"), 1, 0, 50, new PrintStream(progress, true, StandardCharsets.UTF_8));
      ScaleReport report = bench.run(new ScaleBench.Servers(RockLakeTarget::new, postgres()));

      assertThat(report.scales()).containsExactly("fresh", "20");
      for (String scale : report.scales()) {
        for (Operation op : Operation.values()) {
          for (String server : List.of(ScaleBench.ROCKLAKE, ScaleBench.POSTGRES)) {
            assertThat(report.medianMs(scale, op, server)).as(op.label + " on " + server + ", " + scale).isPositive();
          }
        }
        // the same table story at every scale: one table's scan answers its 100 data-file rows
        assertThat(report.rows(scale, Operation.FILE_SCAN)).as(scale).isEqualTo(100);
        // two stats reads: one table row and its three columns' rows
        assertThat(report.rows(scale, Operation.TABLE_STATS)).as(scale).isEqualTo(4);
      }
      // the catalog load: the latest snapshot, schema main, every table and its three columns
      assertThat(report.rows("fresh", Operation.CATALOG_LOAD)).isEqualTo(1 + 1 + 4 + 4 * 3);
      assertThat(report.rows("20", Operation.CATALOG_LOAD)).isEqualTo(1 + 1 + 20 + 20 * 3);
      assertThat(progress.toString(StandardCharsets.UTF_8)).contains("built 20");

      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
      assertThat(printed.toString(StandardCharsets.UTF_8))
          .contains("| table file scan | 20 | 100 |")
          .contains("build 20 (20 tables, 200 snapshots, 2,000 data-file rows) on RockLake: ")
          .contains("build 20 (20 tables, 200 snapshots, 2,000 data-file rows) on PostgreSQL: ");
    }
  }

  @Nested
  class OneServerAlone {
    @Test
    void buildsAndTimesPostgresWithoutARockLakeAndPrintsOnlyItsColumns() {
      printsOnlyTheColumnsOf(ScaleBench.POSTGRES, new ScaleBench.Servers(null, postgres()), "RockLake");
    }

    @Test
    void buildsAndTimesRockLakeWithoutAPostgresAndPrintsOnlyItsColumns() {
      printsOnlyTheColumnsOf(ScaleBench.ROCKLAKE, new ScaleBench.Servers(RockLakeTarget::new, null), "PostgreSQL");
    }

    private void printsOnlyTheColumnsOf(String server, ScaleBench.Servers servers, String absent) {
      ScaleBench bench = new ScaleBench(List.of("8"), 1, 0, 50, new PrintStream(new ByteArrayOutputStream(), true,
          StandardCharsets.UTF_8));
      ScaleReport report = bench.run(servers);

      assertThat(report.servers()).containsExactly(server);
      assertThat(report.rows("8", Operation.CATALOG_LOAD)).isEqualTo(1 + 1 + 8 + 8 * 3);
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
      assertThat(printed.toString(StandardCharsets.UTF_8))
          .contains("| operation | catalog | rows read | " + server + " ms | " + server + " / fresh |")
          .doesNotContain(absent);
    }
  }

  @Nested
  class BadInput {
    @Test
    void aStatementAServerRefusesStopsTheBenchWithTheServersSqlState() {
      CapturedTraffic traffic = new CapturedTraffic(Corpus.locate());
      try (CatalogSide postgres = postgresSide(traffic)) {
        assertThatThrownBy(() -> postgres.session().simple("COPY (SELECT 1 FROM ducklake_no_such_table) TO STDOUT"))
            .hasMessageContaining("42P01");
      }
    }

    @Test
    void aScaleThatIsNeitherFreshNorATableCountIsRefusedByName() {
      assertThatThrownBy(() -> CatalogScale.parse("lots")).hasMessageContaining("\"lots\"");
      assertThatThrownBy(() -> new CatalogScale("odd", 3, 10, 300)).hasMessageContaining("whole multiples");
    }
  }

  private static Supplier<ReplayTarget> postgres() {
    return () -> new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
  }

  private static CatalogSide postgresSide(CapturedTraffic traffic) {
    return new CatalogSide("PostgreSQL", postgres().get(), traffic);
  }
}
