package io.rocklake.conformance.scale;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** The reads cut out of the 01_basic capture, as the bench sends them to a generated catalog. */
class CapturedTrafficTest {
  private final CapturedTraffic traffic = new CapturedTraffic(Corpus.locate());
  private final CapturedTraffic.Rewrite rewrite = new CapturedTraffic.Rewrite(200, 11, 7);

  @Test
  void theAttachNamesTheGeneratedSnapshotAndTableInsteadOfTheCapturedOnes() {
    List<String> texts = queries(traffic.attachAndFirstQuery(rewrite));

    assertThat(texts).anyMatch(s -> s.contains("\"begin_snapshot\" <= '200'"))
        .anyMatch(s -> s.contains("FROM \"public\".\"ducklake_data_file\" WHERE \"table_id\" = '11' AND \"begin_snapshot\" <= '200'"))
        .noneMatch(s -> s.contains("\"begin_snapshot\" <= '3'"))
        .noneMatch(s -> s.contains("\"table_id\" = '1'"))
        .noneMatch(s -> s.contains("ducklake_inlined_data_1_1"));
    // it ends where DuckDB's first query of the table ends
    assertThat(texts.get(texts.size() - 1).strip()).isEqualTo("COMMIT");
  }

  @Test
  void aSchemaVersionLiteralBecomesTheTablesOwn() {
    assertThat(rewrite.apply("WHERE \"table_id\" = '1' AND \"schema_version\" = '1') TO STDOUT"))
        .isEqualTo("WHERE \"table_id\" = '11' AND \"schema_version\" = '7') TO STDOUT");
  }

  @Test
  void theCatalogLoadIsOneTransactionThatReadsNoSingleTable() {
    List<CapturedTraffic.Step> steps = traffic.catalogLoad(rewrite);
    List<String> texts = queries(steps);

    assertThat(texts.get(0).strip()).isEqualTo(CatalogGenerator.BEGIN);
    assertThat(texts.get(texts.size() - 1)).isEqualTo("COMMIT");
    assertThat(steps).anyMatch(s -> s.message().type().equals("P")); // the latest-snapshot lookup, parsed as DuckDB does
    assertThat(texts).anyMatch(s -> s.contains("FROM \"public\".\"ducklake_table\" WHERE \"begin_snapshot\" <= '200'"))
        .anyMatch(s -> s.contains("FROM \"public\".\"ducklake_column\""))
        .noneMatch(s -> s.contains("\"table_id\" = '"));
  }

  @Test
  void theTableFileScanReadsTheFilesOfTheNamedTableAtTheLatestSnapshot() {
    assertThat(traffic.tableFileScan(rewrite)).startsWith("COPY (SELECT \"data_file_id\", \"table_id\"")
        .contains("\"path\"").endsWith("FROM \"public\".\"ducklake_data_file\" WHERE \"table_id\" = '11'"
            + " AND \"begin_snapshot\" <= '200') TO STDOUT (FORMAT \"binary\");");
  }

  private static List<String> queries(List<CapturedTraffic.Step> steps) {
    return steps.stream().map(CapturedTraffic.Step::sql).filter(Objects::nonNull).toList();
  }
}
