package io.rocklake.catalog.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.ColumnType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lake scan opens each file by its path's scheme (docs/lake-reads.md, "Data files in object storage"). */
class LakeRowsTest {

  @Test
  void aDataFileInAStoreThatIsNotReadIsRefusedAs58030NamingItsPathAndTheLocationsThatAre() {
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "id", "int64", null)),
        List.of(DataFile.of("gs://bucket/main/t/f.parquet", 5, 1234, 0)));
    try (LakeRows<Object[]> rows = LakeRows.open("t", plan, List.of(ColumnType.BIGINT), v -> v)) {
      assertThatThrownBy(rows::hasNext)
          .isInstanceOfSatisfying(CatalogException.class, e -> assertThat(e.sqlState()).isEqualTo("58030"))
          .hasMessage("DuckLake table \"t\": cannot open gs://bucket/main/t/f.parquet: gs:// is not a supported location"
              + " (arrow-scan reads local paths, file:// and s3:// URLs)");
    }
  }
}
