package io.rocklake.arrowscan.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.arrowscan.ArrowRows;
import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.DuckDb;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.ScanOptions;
import io.rocklake.arrowscan.ScanPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/**
 * DuckDB-written files of every type the flat fast path decodes — each with NULLs in no, some or all
 * rows, values distinct (PLAIN pages) or few (dictionary pages), long strings (several pages per
 * chunk), every codec, small row groups and deleted rows — read as DuckDB reads them; and DuckDB's
 * default (v1) files do take the fast path for every chunk, while its v2 files' delta encodings keep
 * the ColumnReader path and read the same.
 */
class FlatColumnsReadAsDuckDbReadsThemProperties {
  static DuckDb duck;
  static Path dir;
  static final AtomicInteger FILES = new AtomicInteger();

  /** A DuckLake type, DuckDB's spelling, and a DuckDB expression of {@code i} (and {@code s}, a per-file salt). */
  enum Type {
    BIGINT("int64", "BIGINT", "(hash(i + s) >> 1)::BIGINT - 4611686018427387904"),
    INTEGER("int32", "INTEGER", "(hash(i + s) % 2000000000)::INTEGER"),
    DOUBLE("float64", "DOUBLE", "(hash(i + s) % 1000000) / 7.0"),
    FLOAT("float32", "FLOAT", "((hash(i + s) % 100000) / 3.0)::FLOAT"),
    DATE("date", "DATE", "DATE '1970-01-01' + (hash(i + s) % 100000)::INTEGER"),
    TIMESTAMP("timestamp", "TIMESTAMP", "make_timestamp((hash(i + s) % 4000000000000000)::BIGINT)"),
    TIMESTAMPTZ("timestamptz", "TIMESTAMPTZ", "make_timestamp((hash(i + s) % 4000000000000000)::BIGINT)::TIMESTAMPTZ"),
    VARCHAR("varchar", "VARCHAR", "'v' || hash(i + s) || CASE WHEN i % 3 = 0 THEN 'é' ELSE '' END"),
    LONG_VARCHAR("varchar", "VARCHAR", "repeat(md5((i + s)::VARCHAR), 1 + (i % 40))"),
    BLOB("blob", "BLOB", "('b' || hash(i + s))::BLOB");

    final String lake;
    final String duck;
    final String distinct;

    Type(String lake, String duck, String distinct) {
      this.lake = lake;
      this.duck = duck;
      this.distinct = distinct;
    }
  }

  enum Nulls { NONE, EVERY_SEVENTH, ALL }

  enum Values { DISTINCT, FEW }

  @BeforeContainer
  static void open() throws IOException {
    duck = new DuckDb();
    dir = Files.createTempDirectory("arrow-scan-flat");
  }

  @AfterContainer
  static void close() throws Exception {
    duck.close();
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }

  @Property(tries = 60)
  void aDuckDbFileOfOneFlatColumnReadsAsDuckDbReadsIt(@ForAll Type type, @ForAll Nulls nulls, @ForAll Values values,
      @ForAll("codecs") String codec, @ForAll boolean v2, @ForAll long seed) {
    Random r = new Random(seed);
    int rows = r.nextInt(20000);
    String value = values == Values.DISTINCT ? type.distinct : type.distinct.replace("i + s", "(i % 5) + s");
    String x = switch (nulls) {
      case NONE -> value;
      case EVERY_SEVENTH -> "CASE WHEN (i + s) % 7 = 0 THEN NULL ELSE " + value + " END";
      case ALL -> "NULL::" + type.duck;
    };
    int n = FILES.incrementAndGet();
    Path f = duck.copy("SELECT " + x + " AS x FROM (SELECT i, " + r.nextInt(1000) + " AS s FROM range(" + rows + ") t(i))",
        dir.resolve("flat-" + n + ".parquet"), "FIELD_IDS {x: 1}, COMPRESSION " + codec + ", ROW_GROUP_SIZE "
            + (1000 + r.nextInt(10000)) + (v2 ? ", PARQUET_VERSION v2" : ""));

    DataFile data = duck.dataFile(f, 0);
    TreeSet<Integer> deleted = new TreeSet<>();
    if (rows > 0 && r.nextBoolean()) {
      for (int k = r.nextInt(Math.max(1, rows / 10)); k >= 0; k--) {
        int from = r.nextInt(rows);
        for (int p = from; p < Math.min(rows, from + 1 + r.nextInt(r.nextBoolean() ? 3 : 3000)); p++) {
          deleted.add(p);
        }
      }
      Path del = duck.copy("SELECT '" + f + "' AS file_path, unnest(" + deleted + ")::BIGINT AS pos",
          dir.resolve("flat-" + n + "-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
      data = data.withDeletes(del.toString());
    }
    String where = deleted.isEmpty() ? "" : " WHERE file_row_number NOT IN (SELECT unnest(" + new ArrayList<>(deleted) + "))";
    List<List<Object>> expected = duck.rows("SELECT " + DuckDb.canonicalExpression("x", type.lake) + " FROM read_parquet('"
        + f + "', file_row_number = true)" + where + " ORDER BY file_row_number");

    boolean fast = everyChunkTakesTheFastPath(f, type);
    Statistics.collect(fast ? "fast path" : "ColumnReader path", v2 ? "v2" : "v1");
    if (!v2) {
      assertThat(fast).as("DuckDB's v1 pages of %s are PLAIN or dictionary", type).isTrue();
    }
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(1, "x", type.lake, null)), List.of(data));
    assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(1 + r.nextInt(9000))))
        .containsExactlyElementsOf(expected);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<String> codecs() {
    return net.jqwik.api.Arbitraries.of("snappy", "zstd", "uncompressed", "gzip", "lz4");
  }

  private static boolean everyChunkTakesTheFastPath(Path f, Type type) {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(f),
        org.apache.parquet.HadoopFreeReadOptions.create(new PureJavaCodecs(f.toString())))) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      var d = schema.getColumnDescription(new String[] {"x"});
      for (BlockMetaData b : reader.getRowGroups()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          if (!FlatColumnReader.readsChunk(c.getEncodings(), d)) {
            return false;
          }
        }
      }
      return FlatColumnReader.layoutOf(io.rocklake.arrowscan.LakeType.parse("x", type.lake),
          FileColumnType.of(d.getPrimitiveType(), f.toString()), d.getPrimitiveType().getPrimitiveTypeName()) != null;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
