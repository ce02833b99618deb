package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.arrowscan.s3.MeteredS3Client;
import io.rocklake.arrowscan.s3.S3MockServer;
import io.rocklake.arrowscan.s3.S3Opener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Data and delete files in an S3-compatible store (S3Mock, a real server in a child JVM) are read as
 * DuckDB reads the same files locally, with one GET of each file's tail and one GET of exactly each
 * projected column chunk; a column outside the projection is never fetched.
 */
class DataFilesInObjectStorageTest {
  static final String BUCKET = "lake";
  static DuckDb duck;
  static Path dir;
  static S3MockServer server;
  static S3Client admin;
  static MeteredS3Client s3;
  static Path data;
  static Path deletes;
  static Path second;
  static Path wide;

  static final List<PlanColumn> COLUMNS = List.of(new PlanColumn(1, "id", "int64", null),
      new PlanColumn(2, "s", "varchar", null), new PlanColumn(3, "price", "decimal(18,3)", null),
      new PlanColumn(4, "day", "date", null), new PlanColumn(5, "raw", "blob", null));

  @BeforeAll
  static void writeAndUpload(@TempDir Path tmp) throws IOException {
    dir = tmp;
    duck = new DuckDb();
    String rows = "SELECT i AS id, CASE WHEN i % 3 = 0 THEN NULL ELSE 's' || i END AS s, (i * 1.25)::DECIMAL(18,3) AS price,"
        + " DATE '2024-01-01' + (i % 400)::INTEGER AS day, CASE WHEN i % 7 = 0 THEN NULL ELSE ('\\x' || lpad(to_hex(i % 256), 2, '0'))::BLOB END AS raw";
    String ids = "FIELD_IDS {id: 1, s: 2, price: 3, day: 4, raw: 5}";
    data = duck.copy(rows + " FROM range(20000) t(i)", dir.resolve("data.parquet"), ids + ", ROW_GROUP_SIZE 2048, COMPRESSION zstd");
    deletes = duck.copy("SELECT 's3://" + BUCKET + "/t/data.parquet' AS file_path, pos::BIGINT AS pos FROM"
        + " (SELECT unnest([0, 2047, 2048, 19999]) AS pos UNION ALL SELECT range FROM range(5000, 7000)) ORDER BY pos",
        dir.resolve("data-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
    second = duck.copy(rows + " FROM range(20000, 20100) t(i)", dir.resolve("second.parquet"), ids);
    // A large incompressible column first, then a small one: a GET of the small column's chunks
    // must not touch the large one's.
    wide = duck.copy("SELECT md5(i::VARCHAR) || md5((i + 1)::VARCHAR) AS big, i AS small FROM range(200000) t(i)",
        dir.resolve("wide.parquet"), "FIELD_IDS {big: 2, small: 1}, COMPRESSION zstd");

    server = S3MockServer.shared();
    admin = server.client();
    s3 = new MeteredS3Client(server.client());
    admin.createBucket(b -> b.bucket(BUCKET));
    for (Path f : List.of(data, deletes, second, wide)) {
      upload(f, "t/" + f.getFileName());
    }
  }

  @AfterAll
  static void close() throws Exception {
    duck.close();
    s3.close();
    admin.close();
  }

  @BeforeEach
  void resetMeter() {
    s3.reset();
  }

  static void upload(Path file, String key) {
    admin.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromFile(file));
  }

  static String url(Path local) {
    return "s3://" + BUCKET + "/t/" + local.getFileName();
  }

  /** The entry the catalog records for the uploaded copy of {@code local}. */
  static DataFile remote(Path local, long rowIdStart) {
    DataFile f = duck.dataFile(local, rowIdStart);
    return DataFile.of(url(local), f.recordCount(), f.fileSizeBytes(), rowIdStart);
  }

  static ScanOptions overS3() {
    return ScanOptions.defaults().withOpener(new S3Opener(s3));
  }

  @Test
  void s3DataAndDeleteFilesReadAsDuckDbReadsTheLocalFilesValueByValue() {
    ScanPlan plan = new ScanPlan(COLUMNS,
        List.of(remote(second, 0), remote(data, 100).withDeletes(url(deletes))),
        List.of(Projected.column(2), Projected.rowId(), Projected.column(1), Projected.column(3), Projected.column(4),
            Projected.column(5)));
    String select = "s, %d + file_row_number, id, price, " + DuckDb.canonicalExpression("day", "date") + ", "
        + DuckDb.canonicalExpression("raw", "blob");
    List<List<Object>> expected = new ArrayList<>(duck.rows("SELECT " + select.formatted(0) + " FROM read_parquet('" + second
        + "', file_row_number = true) ORDER BY file_row_number"));
    expected.addAll(duck.rows("SELECT " + select.formatted(100) + " FROM read_parquet('" + data + "', file_row_number = true)"
        + " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('" + deletes + "')) ORDER BY file_row_number"));
    assertThat(expected).hasSize(100 + 20000 - 2004);

    assertThat(ArrowRows.scan(plan, overS3().withBatchRows(1000))).containsExactlyElementsOf(expected);
    // The plan records both data files' lengths and a delete file's comes with its tail: no HEAD.
    assertThat(s3.heads()).isEmpty();
    assertThat(s3.gets().stream().filter(g -> g.key().equals("t/data-delete.parquet"))).hasSize(1);
  }

  record Chunk(String column, long start, long end) {
    boolean overlaps(MeteredS3Client.Get g) {
      return g.first() < end && g.last() >= start;
    }
  }

  static List<Chunk> chunks(Path f) {
    return duck.rows("SELECT path_in_schema, coalesce(dictionary_page_offset, data_page_offset), total_compressed_size"
        + " FROM parquet_metadata('" + f + "')").stream()
        .map(r -> {
          long start = ((Number) r.get(1)).longValue();
          return new Chunk((String) r.get(0), start, start + ((Number) r.get(2)).longValue());
        })
        .toList();
  }

  @Test
  void aColumnOutsideTheProjectionIsNeverFetchedAndEachProjectedChunkIsOneGetOfExactlyItsBytes() {
    List<Chunk> chunks = chunks(wide);
    List<Chunk> small = chunks.stream().filter(c -> c.column().equals("small")).toList();
    List<Chunk> big = chunks.stream().filter(c -> c.column().equals("big")).toList();
    long size = wide.toFile().length();
    ScanPlan plan = new ScanPlan(List.of(new PlanColumn(1, "small", "int64", null), new PlanColumn(2, "big", "varchar", null)),
        List.of(remote(wide, 0)), List.of(Projected.column(1)));

    List<List<Object>> rows = ArrowRows.scan(plan, overS3());

    assertThat(rows).containsExactlyElementsOf(duck.rows("SELECT small FROM read_parquet('" + wide + "')"));
    List<MeteredS3Client.Get> gets = s3.gets();
    assertThat(gets.get(0).range()).isEqualTo("bytes=-65536");
    assertThat(gets.get(0).last()).isEqualTo(size - 1);
    List<MeteredS3Client.Get> chunkGets = gets.subList(1, gets.size());
    assertThat(chunkGets).allSatisfy(g -> assertThat(big).noneMatch(c -> c.overlaps(g)));
    // The tail holds the footer and the end of the last chunk of small, no byte of big.
    assertThat(big).noneMatch(c -> c.overlaps(gets.get(0)));
    long tailStart = gets.get(0).first();
    assertThat(chunkGets.stream().map(g -> List.of(g.first(), g.last() + 1)).toList())
        .as("each chunk of small, up to where the tail already fetched begins")
        .containsExactlyElementsOf(small.stream().filter(c -> c.start() < tailStart)
            .map(c -> List.of(c.start(), Math.min(c.end(), tailStart))).toList());
    long bigBytes = big.stream().mapToLong(c -> c.end() - c.start()).sum();
    long smallBytes = small.stream().mapToLong(c -> c.end() - c.start()).sum();
    assertThat(s3.bytesFetched()).isLessThanOrEqualTo(smallBytes + 65536).isLessThan(bigBytes / 10);
    assertThat(s3.heads()).isEmpty();
  }

  @Test
  void aFooterLongerThanTheTailIsReadWithOneMoreGetOfJustTheRest() {
    // 900 columns: the footer's column metadata is well over 64 KiB.
    String columns = IntStream.range(0, 900).mapToObj(k -> "i + " + k + " AS c" + k).collect(Collectors.joining(", "));
    String ids = IntStream.range(0, 900).mapToObj(k -> "c" + k + ": " + (k + 1)).collect(Collectors.joining(", "));
    Path many = duck.copy("SELECT " + columns + " FROM range(10) t(i)", dir.resolve("many.parquet"), "FIELD_IDS {" + ids + "}");
    upload(many, "t/many.parquet");
    long size = many.toFile().length();
    long footer = ((Number) duck.scalar("SELECT footer_size FROM parquet_file_metadata('" + many + "')")).longValue();
    assertThat(footer).isGreaterThan(65536);

    ScanPlan plan = new ScanPlan(List.of(new PlanColumn(900, "c899", "int64", null)), List.of(remote(many, 0)),
        List.of(Projected.column(900)));
    assertThat(ArrowRows.scan(plan, overS3())).containsExactlyElementsOf(duck.rows("SELECT c899 FROM read_parquet('" + many + "')"));

    List<MeteredS3Client.Get> gets = s3.gets();
    assertThat(gets.get(0).range()).isEqualTo("bytes=-65536");
    long footerStart = size - 8 - footer;
    assertThat(gets.get(1).range()).isEqualTo("bytes=" + footerStart + "-" + (size - 65536 - 1));
    assertThat(gets).hasSize(3); // tail, the rest of the footer, c899's chunk
  }

  @Test
  void aMissingDataFileIsRefusedNamingItsPath() {
    ScanPlan plan = new ScanPlan(COLUMNS, List.of(DataFile.of("s3://" + BUCKET + "/t/gone.parquet", 5, 1234, 0)),
        List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(plan, overS3()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open Parquet file s3://lake/t/gone.parquet: no such object (bucket lake has no key t/gone.parquet)");
  }

  @Test
  void aMissingDeleteFileIsRefusedNamingItsPath() {
    ScanPlan plan = new ScanPlan(COLUMNS, List.of(remote(second, 0).withDeletes("s3://" + BUCKET + "/t/gone-delete.parquet")),
        List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(plan, overS3()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open Parquet file s3://lake/t/gone-delete.parquet: no such object (bucket lake has no key"
            + " t/gone-delete.parquet)");
  }

  @Test
  void aMissingBucketIsRefusedNamingIt() {
    ScanPlan plan = new ScanPlan(COLUMNS, List.of(DataFile.of("s3://no-such-bucket/t/f.parquet", 5, 1234, 0)),
        List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(plan, overS3()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open Parquet file s3://no-such-bucket/t/f.parquet: no such bucket no-such-bucket");
  }

  @Test
  void anObjectOfAnotherLengthThanTheCatalogRecordsIsRefused() throws IOException {
    long size = second.toFile().length();
    ScanPlan plan = new ScanPlan(COLUMNS,
        List.of(DataFile.of(url(second), 100, size + 1, 0)), List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(plan, overS3()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open Parquet file " + url(second) + ": object " + url(second) + " is " + size
            + " bytes, the catalog says file_size_bytes " + (size + 1));

    // A truncated upload under the name the catalog knows, with the catalog's length.
    Path cut = dir.resolve("cut.parquet");
    Files.write(cut, Arrays.copyOf(Files.readAllBytes(second), (int) size - 10));
    upload(cut, "t/cut.parquet");
    ScanPlan truncated = new ScanPlan(COLUMNS, List.of(DataFile.of("s3://lake/t/cut.parquet", 100, size, 0)),
        List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(truncated, overS3()))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open Parquet file s3://lake/t/cut.parquet: object s3://lake/t/cut.parquet is " + (size - 10)
            + " bytes, the catalog says file_size_bytes " + size);
  }

  @Test
  void anObjectReplacedBetweenTwoReadsIsRefusedRatherThanReadAsAMixOfTwoFiles() throws IOException {
    assertThat(data.toFile().length()).as("larger than the tail, so its first page needs a GET of its own").isGreaterThan(65536);
    upload(data, "t/replaced.parquet");
    InputFile in = new S3Opener(s3).open("s3://lake/t/replaced.parquet");
    assertThat(in.getLength()).isEqualTo(data.toFile().length()); // the tail's GET pins the object's ETag
    byte[] other = Files.readAllBytes(data);
    other[4] ^= 1; // same length, one byte of the first page changed
    admin.putObject(b -> b.bucket(BUCKET).key("t/replaced.parquet"), RequestBody.fromBytes(other));
    try (SeekableInputStream stream = in.newStream()) {
      byte[] head = new byte[8];
      assertThatThrownBy(() -> stream.readFully(head))
          .isInstanceOf(IOException.class)
          .hasMessageStartingWith("object s3://lake/t/replaced.parquet was replaced while it was read (its ETag is no longer");
    }
  }

  @Test
  void aPathOfAnUnsupportedSchemeIsRefusedNamingThePathAndTheSupportedOnes() {
    for (String path : List.of("gs://bucket/t/f.parquet", "http://example.com/f.parquet", "az://c/f.parquet")) {
      ScanPlan plan = new ScanPlan(COLUMNS, List.of(DataFile.of(path, 5, 1234, 0)), List.of(Projected.column(1)));
      ScanOptions options = ScanOptions.defaults().withOpener(new SchemeOpener(ScanOptions.defaults().opener(), new S3Opener(s3)));
      String scheme = path.substring(0, path.indexOf("://") + 3);
      assertThatThrownBy(() -> ArrowRows.scan(plan, options))
          .isInstanceOf(LakeReadException.class)
          .hasMessage("cannot open " + path + ": " + scheme + " is not a supported location (arrow-scan reads local paths,"
              + " file:// and s3:// URLs)");
    }
    assertThat(s3.gets()).isEmpty();
  }

  @Test
  void anS3PathWithoutABucketOrAKeyAndAFileUrlOfAnotherMachineAreRefusedNamingThePath() {
    ScanOptions options = ScanOptions.defaults().withOpener(new SchemeOpener(ScanOptions.defaults().opener(), new S3Opener(s3)));
    for (String path : List.of("s3://lake", "s3://lake/", "s3:///t/f.parquet")) {
      ScanPlan plan = new ScanPlan(COLUMNS, List.of(DataFile.of(path, 5, 1234, 0)), List.of(Projected.column(1)));
      assertThatThrownBy(() -> ArrowRows.scan(plan, options))
          .isInstanceOf(LakeReadException.class)
          .hasMessage("cannot open " + path + ": an S3 path is s3://bucket/key, with a bucket and a key");
    }
    ScanPlan remoteFile = new ScanPlan(COLUMNS, List.of(DataFile.of("file://nas/lake/f.parquet", 5, 1234, 0)),
        List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(remoteFile, options))
        .isInstanceOf(LakeReadException.class)
        .hasMessage("cannot open file://nas/lake/f.parquet: a file:// URL names a file of this machine (file:///path)");
    assertThat(s3.gets()).isEmpty();
  }

  @Test
  void anEndpointThatIsNotAUrlFailsTheS3ReadsNamingThePathAndLeavesLocalReadsAlone() {
    ScanOptions options = ScanOptions.defaults().withOpener(SchemeOpener.fromEnvironment(Map.of("AWS_ENDPOINT_URL", "not a url")));
    ScanPlan local = new ScanPlan(COLUMNS, List.of(duck.dataFile(second, 0)), List.of(Projected.column(1)));
    assertThat(ArrowRows.scan(local, options)).hasSize(100);
    ScanPlan remote = new ScanPlan(COLUMNS, List.of(remote(second, 0)), List.of(Projected.column(1)));
    assertThatThrownBy(() -> ArrowRows.scan(remote, options))
        .isInstanceOf(LakeReadException.class)
        .hasMessageStartingWith("cannot open " + url(second) + ": the S3 client cannot be set up: ")
        .hasMessageContaining("not a url");
  }

  @Test
  void anEmptyObjectIsRefusedAsNotAParquetFileWhetherOrNotThePlanRecordsItsLength() {
    admin.putObject(b -> b.bucket(BUCKET).key("t/empty.parquet"), RequestBody.empty());
    ScanPlan data = new ScanPlan(COLUMNS, List.of(DataFile.of("s3://lake/t/empty.parquet", 0, 0, 0)), List.of(Projected.column(1)));
    // A delete file's length is not in the plan: an empty object has no tail to fetch.
    ScanPlan deleteFile = new ScanPlan(COLUMNS, List.of(remote(second, 0).withDeletes("s3://lake/t/empty.parquet")),
        List.of(Projected.column(1)));
    for (ScanPlan plan : List.of(data, deleteFile)) {
      assertThatThrownBy(() -> ArrowRows.scan(plan, overS3()))
          .isInstanceOf(LakeReadException.class)
          .hasMessage("cannot open Parquet file s3://lake/t/empty.parquet: s3://lake/t/empty.parquet is not a Parquet file"
              + " (length is too low: 0)");
    }
    // The suffix GET of an empty object is answered 416; its length comes from one HEAD.
    assertThat(s3.heads()).containsExactly("t/empty.parquet");
  }

  @Test
  void theSchemeOpenerFromTheEnvironmentReadsLocalPathsFileUrlsAndS3UrlsInOnePlan() {
    ScanOptions options = ScanOptions.defaults().withOpener(SchemeOpener.fromEnvironment(server.env()));
    ScanPlan plan = new ScanPlan(COLUMNS,
        List.of(duck.dataFile(second, 0), remote(data, 100).withDeletes(url(deletes)),
            DataFile.of("file://" + second, 100, second.toFile().length(), 20100)),
        List.of(Projected.rowId(), Projected.column(1)));
    List<List<Object>> expected = new ArrayList<>();
    expected.addAll(duck.rows("SELECT file_row_number, id FROM read_parquet('" + second + "', file_row_number = true) ORDER BY 1"));
    expected.addAll(duck.rows("SELECT 100 + file_row_number, id FROM read_parquet('" + data + "', file_row_number = true)"
        + " WHERE file_row_number NOT IN (SELECT pos FROM read_parquet('" + deletes + "')) ORDER BY 1"));
    expected.addAll(duck.rows("SELECT 20100 + file_row_number, id FROM read_parquet('" + second + "', file_row_number = true) ORDER BY 1"));

    assertThat(ArrowRows.scan(plan, options)).containsExactlyElementsOf(expected);
  }
}
