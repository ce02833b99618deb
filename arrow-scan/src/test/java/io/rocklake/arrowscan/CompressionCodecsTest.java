package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every codec DuckDB writes that decompresses in pure Java is read; the others are refused by name. */
class CompressionCodecsTest {
  @RegisterExtension static final DuckDb duck = new DuckDb();
  @TempDir static Path dir;

  static final String ROWS = "SELECT i AS id, (i * 0.5)::DECIMAL(18, 1) AS d, CASE WHEN i % 7 = 0 THEN NULL ELSE md5(i::VARCHAR) END AS s,"
      + " (i % 10)::VARCHAR AS dict FROM range(30000) t(i)";
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null),
      new PlanColumn(2, "d", "decimal(18,1)", null), new PlanColumn(3, "s", "varchar", null),
      new PlanColumn(4, "dict", "varchar", null));

  @ParameterizedTest(name = "COMPRESSION {0} is stored as {1}")
  @CsvSource({"uncompressed, UNCOMPRESSED", "snappy, SNAPPY", "zstd, ZSTD", "gzip, GZIP", "lz4, LZ4_RAW", "lz4_raw, LZ4_RAW"})
  void aFileOfEachPureJavaCodecReadsAsDuckDbReadsIt(String codec, String stored) {
    Path f = duck.copy(ROWS, dir.resolve(codec + ".parquet"), "COMPRESSION " + codec + ", FIELD_IDS {id: 1, d: 2, s: 3, dict: 4}");
    assertThat(duck.rows("SELECT DISTINCT compression FROM parquet_metadata('" + f + "')")).containsExactly(List.of(stored));

    assertThat(ArrowRows.scan(ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(f, 0))))).containsExactlyElementsOf(
        duck.rows("SELECT id, d, s, dict FROM read_parquet('" + f + "', file_row_number = true) ORDER BY file_row_number"));
  }

  @ParameterizedTest(name = "COMPRESSION {0} is refused")
  @ValueSource(strings = {"brotli"})
  void aCodecWithoutAPureJavaDecoderIsRefusedNamingItAndTheFile(String codec) {
    Path f = duck.copy(ROWS, dir.resolve(codec + ".parquet"), "COMPRESSION " + codec + ", FIELD_IDS {id: 1, d: 2, s: 3, dict: 4}");

    assertThatThrownBy(() -> ArrowRows.scan(ScanPlan.allColumns(COLUMNS, List.of(duck.dataFile(f, 0)))))
        .isInstanceOf(LakeReadException.class)
        .hasMessageContaining(f + " is compressed with " + codec.toUpperCase(java.util.Locale.ROOT))
        .hasMessageContaining("which arrow-scan cannot decompress");
  }
}
