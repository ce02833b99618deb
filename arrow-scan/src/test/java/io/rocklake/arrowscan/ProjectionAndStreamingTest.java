package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unprojected columns are never read from the file, and a large file streams through a small,
 * bounded Arrow allocator in many batches.
 */
class ProjectionAndStreamingTest {
  static DuckDb duck;
  static Path wide;
  static Path large;

  @BeforeAll
  static void write(@TempDir Path dir) {
    duck = new DuckDb();
    // A small integer column next to a large incompressible one.
    wide = duck.copy("SELECT i AS small, md5(i::VARCHAR) || md5((i + 1)::VARCHAR) AS big FROM range(200000) t(i)",
        dir.resolve("wide.parquet"), "FIELD_IDS {small: 1, big: 2}, COMPRESSION zstd");
    large = duck.copy("SELECT i AS id, 'row-' || i AS s FROM range(1000000) t(i)", dir.resolve("large.parquet"),
        "FIELD_IDS {id: 1, s: 2}, COMPRESSION snappy");
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
  }

  static long chunkBytes(Path f, String column) {
    return ((Number) duck.scalar("SELECT sum(total_compressed_size) FROM parquet_metadata('" + f + "') WHERE path_in_schema = '"
        + column + "'")).longValue();
  }

  @Test
  void aColumnOutsideTheProjectionIsNeverReadFromTheFile() {
    long small = chunkBytes(wide, "small");
    long big = chunkBytes(wide, "big");
    long fileSize = wide.toFile().length();
    long metadata = fileSize - small - big;
    assertThat(big).isGreaterThan(10 * small);

    AtomicLong read = new AtomicLong();
    ScanPlan plan = new ScanPlan(
        List.of(new PlanColumn(1, "small", "int64", null), new PlanColumn(2, "big", "varchar", null)),
        List.of(duck.dataFile(wide, 0)), List.of(Projected.column(1)));
    List<List<Object>> rows = ArrowRows.scan(plan, ScanOptions.defaults().withOpener(p -> new CountingInputFile(Path.of(p), read)));

    assertThat(rows).hasSize(200000);
    assertThat(rows.get(199999)).containsExactly(BigInteger.valueOf(199999));
    // Footer and page headers at most, plus the projected chunks: not one page of the big column.
    assertThat(read.get()).isLessThanOrEqualTo(small + metadata + 64 * 1024).isLessThan(big);
  }

  @Test
  void onlyRowIdsReadNoColumnChunkAtAll() {
    AtomicLong read = new AtomicLong();
    ScanPlan plan = new ScanPlan(List.of(new PlanColumn(1, "small", "int64", null)), List.of(duck.dataFile(wide, 0)),
        List.of(Projected.rowId()));
    List<List<Object>> rows = ArrowRows.scan(plan, ScanOptions.defaults().withOpener(p -> new CountingInputFile(Path.of(p), read)));

    assertThat(rows).hasSize(200000);
    assertThat(read.get()).isLessThan(wide.toFile().length() - chunkBytes(wide, "small") - chunkBytes(wide, "big") + 64 * 1024);
  }

  @Test
  void aMillionRowsStreamThroughAFourMegabyteAllocatorInManyBatches() {
    ScanPlan plan = ScanPlan.allColumns(
        List.of(new PlanColumn(1, "id", "int64", null), new PlanColumn(2, "s", "varchar", null)),
        List.of(duck.dataFile(large, 0)));
    long rows = 0;
    long idSum = 0;
    long textBytes = 0;
    int batches = 0;
    long peak;
    try (RootAllocator allocator = new RootAllocator(4L << 20);
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withBatchRows(4096))) {
      while (scan.loadNextBatch()) {
        batches++;
        BigIntVector id = (BigIntVector) scan.root().getVector("id");
        VarCharVector s = (VarCharVector) scan.root().getVector("s");
        for (int i = 0; i < scan.root().getRowCount(); i++) {
          idSum += id.get(i);
          textBytes += s.get(i).length;
        }
        rows += scan.root().getRowCount();
      }
      peak = allocator.getPeakMemoryAllocation();
    }
    List<Object> expected = duck.rows("SELECT count(*), sum(id), sum(strlen(s)) FROM read_parquet('" + large + "')").get(0);
    assertThat(List.<Object>of(BigInteger.valueOf(rows), BigInteger.valueOf(idSum), BigInteger.valueOf(textBytes)))
        .containsExactly(expected.get(0), new BigInteger(expected.get(1).toString()), new BigInteger(expected.get(2).toString()));
    assertThat(batches).isGreaterThanOrEqualTo(1000000 / 4096);
    assertThat(peak).isLessThan(1L << 20);
  }

  @Test
  void stringsOfABatchDoNotLeakIntoTheNext() {
    // A reused root: a batch of short strings after one of long strings must not show stale bytes.
    ScanPlan plan = ScanPlan.allColumns(List.of(new PlanColumn(2, "s", "varchar", null)), List.of(duck.dataFile(large, 0)));
    try (RootAllocator allocator = new RootAllocator();
        LakeScan scan = LakeScan.open(plan, allocator, ScanOptions.defaults().withBatchRows(3))) {
      assertThat(scan.loadNextBatch()).isTrue();
      VarCharVector s = (VarCharVector) scan.root().getVector("s");
      assertThat(new String(s.get(2), StandardCharsets.UTF_8)).isEqualTo("row-2");
      assertThat(scan.loadNextBatch()).isTrue();
      assertThat(List.of(new String(s.get(0), StandardCharsets.UTF_8), new String(s.get(2), StandardCharsets.UTF_8)))
          .containsExactly("row-3", "row-5");
    }
  }
}
