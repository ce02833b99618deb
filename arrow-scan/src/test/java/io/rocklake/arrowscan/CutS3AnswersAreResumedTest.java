package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.s3.BodyCuttingProxy;
import io.rocklake.arrowscan.s3.MeteredS3Client;
import io.rocklake.arrowscan.s3.S3MockServer;
import io.rocklake.arrowscan.s3.S3Opener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A ranged GET whose answer breaks off mid-body (a proxy in front of S3Mock closes the connection
 * after part of the body) is resumed from the byte where it broke, and the scan reads what DuckDB
 * reads from the same file locally; an answer that keeps breaking fails the scan naming the object
 * and the offset.
 */
class CutS3AnswersAreResumedTest {
  static final String BUCKET = "cut-answers";
  static final long CUT_AFTER = 1000;
  static DuckDb duck;
  static Path file;
  static BodyCuttingProxy proxy;
  static MeteredS3Client s3;
  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "small", "int64", null),
      new PlanColumn(2, "big", "varchar", null));

  @BeforeAll
  static void upload(@TempDir Path dir) throws Exception {
    duck = new DuckDb();
    file = duck.copy("SELECT md5(i::VARCHAR) || md5((i + 1)::VARCHAR) AS big, i AS small FROM range(100000) t(i)",
        dir.resolve("wide.parquet"), "FIELD_IDS {big: 2, small: 1}, COMPRESSION zstd");
    S3MockServer server = S3MockServer.shared();
    try (S3Client admin = server.client()) {
      admin.createBucket(b -> b.bucket(BUCKET));
      admin.putObject(b -> b.bucket(BUCKET).key("t/wide.parquet"), RequestBody.fromFile(file));
    }
    proxy = new BodyCuttingProxy(server.endpoint());
    s3 = new MeteredS3Client(io.rocklake.arrowscan.s3.S3Settings.s3Compatible(proxy.endpoint(),
        S3MockServer.ACCESS_KEY, S3MockServer.SECRET_KEY).client());
  }

  @AfterAll
  static void close() throws Exception {
    s3.close();
    proxy.close();
    duck.close();
  }

  @BeforeEach
  void reset() {
    s3.reset();
    proxy.cutNext(0, 0);
  }

  static ScanPlan plan() {
    DataFile local = duck.dataFile(file, 0);
    return new ScanPlan(COLUMNS, List.of(DataFile.of("s3://" + BUCKET + "/t/wide.parquet", local.recordCount(),
        local.fileSizeBytes(), 0)), List.of(Projected.column(2), Projected.column(1)));
  }

  static List<List<Object>> scan() {
    return ArrowRows.scan(plan(), ScanOptions.defaults().withOpener(new S3Opener(s3)));
  }

  static List<List<Object>> duckDbRows() {
    return duck.rows("SELECT big, small FROM read_parquet('" + file + "')");
  }

  @Test
  void aTailCutAsOftenAsResumptionsAreAllowedIsResumedEachTimeFromTheByteWhereItBroke() {
    proxy.cutNext(3, CUT_AFTER); // the tail's GET and its first two resumptions

    assertThat(scan()).containsExactlyElementsOf(duckDbRows());

    assertThat(proxy.cutsMade()).isEqualTo(3);
    long size = file.toFile().length();
    long tailStart = size - 65536;
    assertThat(s3.gets().stream().limit(4).map(MeteredS3Client.Get::range).toList()).containsExactly("bytes=-65536",
        "bytes=" + (tailStart + CUT_AFTER) + "-" + (size - 1), "bytes=" + (tailStart + 2 * CUT_AFTER) + "-" + (size - 1),
        "bytes=" + (tailStart + 3 * CUT_AFTER) + "-" + (size - 1));
  }

  @Test
  void aColumnChunkCutMidBodyIsResumedFromTheByteWhereItBrokeAndOnlyTheRestIsFetchedAgain() {
    long cutAfter = 100_000; // more than the tail: only the large chunk's answer is cut
    proxy.cutNext(1, cutAfter);

    assertThat(scan()).containsExactlyElementsOf(duckDbRows());

    assertThat(proxy.cutsMade()).isEqualTo(1);
    List<MeteredS3Client.Get> gets = s3.gets();
    assertThat(gets).hasSize(3);
    MeteredS3Client.Get chunk = gets.get(1);
    assertThat(chunk.last() - chunk.first()).isGreaterThan(cutAfter);
    assertThat(gets.get(2).range()).isEqualTo("bytes=" + (chunk.first() + cutAfter) + "-" + chunk.last());
    assertThat(gets.get(2).bytes()).isEqualTo(chunk.bytes() - cutAfter);
  }

  @Test
  void anAnswerThatKeepsBreakingFailsTheScanNamingTheObjectAndTheOffset() {
    proxy.cutNext(Integer.MAX_VALUE, CUT_AFTER);
    long tailStart = file.toFile().length() - 65536;

    assertThatThrownBy(CutS3AnswersAreResumedTest::scan)
        .isInstanceOf(LakeReadException.class)
        // The first GET and three resumptions, each cut after CUT_AFTER more bytes.
        .hasMessageContaining("object s3://" + BUCKET + "/t/wide.parquet: the store's answer broke off at offset "
            + (tailStart + 4 * CUT_AFTER) + " (of bytes " + tailStart + "-" + (file.toFile().length() - 1) + "), 4 times");
    assertThat(s3.gets()).hasSize(4);
  }
}
