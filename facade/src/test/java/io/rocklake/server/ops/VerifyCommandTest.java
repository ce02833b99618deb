package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.FactKeys;
import io.rocklake.catalog.RelationDef;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.WriteBatch;
import io.rocklake.kv.format.ObjectKeys;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.OpKind;
import io.rocklake.server.cli.RockLakeCli;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code rocklake verify} on a real catalog in a temp folder (written through the Catalog API with a
 * flushed SST and a WAL after it, lake files written beside it), run through the command tree as
 * {@code bin/rocklake} runs it: a whole catalog exits 0 with its counts, each kind of damage exits 1
 * naming the damaged object, and the command writes nothing, beside a running writer it leaves
 * unfenced.
 */
class VerifyCommandTest {
  @TempDir Path dir;
  private Db db;
  private Catalog catalog;
  private Path tableDir;


  @BeforeEach
  void buildCatalog() throws IOException {
    db = Db.open(new LocalFolderObjectStore(dir), DbOptions.defaults().withBackgroundCompaction(false)
        .withGcInterval(Duration.ZERO));
    catalog = Catalog.open(db);
    tableDir = dir.resolve("data/main/t");
    Files.createDirectories(tableDir);
    byte[] a = "PAR1 first data file PAR1".getBytes();
    byte[] b = "PAR1 second, somewhat longer data file PAR1".getBytes();
    byte[] d = "PAR1 deletes PAR1".getBytes();
    Files.write(tableDir.resolve("a.parquet"), a);
    Files.write(tableDir.resolve("b.parquet"), b);
    Files.write(tableDir.resolve("d.parquet"), d);

    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.insert(rel(tx, "ducklake_metadata"), new Object[] {"data_path", dir.resolve("data") + "/", null, null});
    tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {0L, Instant.EPOCH, 0L, 1L, 0L});
    tx.insert(rel(tx, "ducklake_schema"), new Object[] {0L, UUID.randomUUID(), 0L, null, "main", "main/", true});
    tx.commit();
    CatalogTransaction t1 = catalog.begin();
    t1.insert(rel(t1, "ducklake_snapshot"), new Object[] {1L, Instant.EPOCH.plusSeconds(1), 1L, 2L, 0L});
    t1.insert(rel(t1, "ducklake_table"), new Object[] {1L, UUID.randomUUID(), 1L, null, 0L, "t", "t/", true});
    t1.insert(rel(t1, "ducklake_data_file"), dataFile(1, "a.parquet", a.length, null));
    // Ended long ago: its file is gone, which is no damage.
    t1.insert(rel(t1, "ducklake_data_file"), dataFile(9, "gone.parquet", 77, 1L));
    t1.commit();
    db.flush(); // everything so far in an SST; what follows stays in the WAL
    CatalogTransaction t2 = catalog.begin();
    t2.insert(rel(t2, "ducklake_snapshot"), new Object[] {2L, Instant.EPOCH.plusSeconds(2), 1L, 3L, 0L});
    t2.insert(rel(t2, "ducklake_data_file"), dataFile(2, "b.parquet", b.length, null));
    t2.commit();
    CatalogTransaction t3 = catalog.begin();
    t3.insert(rel(t3, "ducklake_snapshot"), new Object[] {3L, Instant.EPOCH.plusSeconds(3), 1L, 4L, 0L});
    t3.insert(rel(t3, "ducklake_delete_file"), new Object[] {1L, 1L, 3L, null, 1L, "d.parquet", true, "parquet", 1L,
        (long) d.length, 10L, null, null});
    t3.commit();
  }

  @AfterEach
  void closeWriter() {
    db.close();
  }

  private static RelationDef rel(CatalogTransaction tx, String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }

  private static Object[] dataFile(long id, String path, long size, Long end) {
    return new Object[] {id, 1L, 1L, end, null, path, true, "parquet", 3L, size, 10L, 0L, null, null, null, null};
  }

  private OpsCatalog.Run verify(String... extra) {
    List<String> args = new ArrayList<>(List.of("verify", "--catalog", dir.toString()));
    args.addAll(List.of(extra));
    return run(args.toArray(String[]::new));
  }

  private Manifest latestManifest() {
    return new ManifestStore(new LocalFolderObjectStore(dir)).readLatest().orElseThrow();
  }

  private List<Long> walIdsAboveFlushed() throws IOException {
    long flushed = latestManifest().walIdFlushed();
    try (Stream<Path> files = Files.list(dir.resolve("wal"))) {
      return files.map(p -> ObjectKeys.parseWalId("wal/" + p.getFileName())).filter(id -> id > flushed).sorted().toList();
    }
  }

  private long factCount() {
    try (DbReader reader = DbReader.open(new LocalFolderObjectStore(dir))) {
      Iterator<KeyValue> it = reader.scanPrefix(new byte[] {'f'});
      long n = 0;
      for (; it.hasNext(); it.next()) {
        n++;
      }
      return n;
    }
  }

  @Test
  void aWholeCatalogExitsZeroWithWhatWasChecked() throws IOException {
    OpsCatalog.Run text = verify();
    assertThat(text.code()).as(text.out() + text.err()).isEqualTo(0);
    assertThat(text.out()).contains("verify: " + dir + " is whole: checked manifest " + latestManifest().id() + ", 1 SSTs")
        .contains(walIdsAboveFlushed().size() + " WAL objects; " + factCount() + " facts")
        .contains("2 data files and 1 delete files");
    assertThat(text.err()).as("a quick run into a log prints no progress").isEmpty();
    OpsCatalog.Run onTerminal = run(RockLakeCli.commandLine(Map.of("ROCKLAKE_STDERR_TERMINAL", "1"),
        new ByteArrayInputStream(new byte[0])), "verify", "--catalog", dir.toString());
    assertThat(onTerminal.err()).as("on a terminal the line is drawn in place, then cleared")
        .contains("\r\033[Krocklake verify: manifest 1/1 manifest/").endsWith("\r\033[K");

    OpsCatalog.Run json = verify("--json");
    assertThat(json.code()).isEqualTo(0);
    JsonNode report = new ObjectMapper().readTree(json.out());
    assertThat(report.get("clean").asBoolean()).isTrue();
    assertThat(report.get("problems").size()).isZero();
    assertThat(report.at("/objects/ssts").asInt()).isEqualTo(latestManifest().allSsts().size()).isEqualTo(1);
    assertThat(report.at("/objects/wal_objects").asInt()).isEqualTo(walIdsAboveFlushed().size()).isGreaterThanOrEqualTo(2);
    assertThat(report.at("/facts/facts").asLong()).isEqualTo(factCount());
    assertThat(report.at("/facts/latest_commit").asLong()).isEqualTo(catalog.latestCommit());
    assertThat(report.at("/facts/table_index_entries").asLong()).isPositive();
    assertThat(report.at("/files/data_files").asInt()).isEqualTo(2);
    assertThat(report.at("/files/delete_files").asInt()).isEqualTo(1);
  }

  @Test
  void itWritesNothingAndLeavesTheRunningWriterUnfenced() throws IOException {
    MeteredObjectStore metered = new MeteredObjectStore(new LocalFolderObjectStore(dir));
    OpsCatalog.Run counted = run(new CommandLine(new VerifyCommand(Map.of(), location -> metered)), "--catalog", dir.toString());
    assertThat(counted.code()).as(counted.out()).isEqualTo(0);
    assertThat(metered.metrics().writeRequests()).as(metered.metrics().toString()).isZero();
    assertThat(metered.metrics().requests(OpKind.GET_RANGE)).isPositive(); // it did read the SST

    Map<String, Long> before = listing();
    OpsCatalog.Run cli = verify();
    assertThat(cli.code()).isEqualTo(0);
    assertThat(listing()).isEqualTo(before);

    CatalogTransaction tx = catalog.begin();
    tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {4L, Instant.EPOCH.plusSeconds(4), 1L, 5L, 0L});
    assertThat(tx.commit()).isEqualTo(5); // the writer was not fenced
  }

  @Test
  void besideAWriterThatKeepsCommittingAndFlushingItFindsNothing() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicLong commits = new java.util.concurrent.atomic.AtomicLong();
    Thread writer = new Thread(() -> {
      for (long s = 100; !stop.get(); s++) {
        CatalogTransaction tx = catalog.begin();
        tx.insert(rel(tx, "ducklake_snapshot"), new Object[] {s, Instant.EPOCH.plusSeconds(s), 1L, s + 1, 0L});
        tx.commit();
        if (commits.incrementAndGet() % 25 == 0) {
          db.flush();
        }
      }
    });
    writer.start();
    try {
      for (int run = 0; run < 4; run++) {
        OpsCatalog.Run r = verify();
        assertThat(r.code()).as(r.out()).isEqualTo(0);
      }
    } finally {
      stop.set(true);
      writer.join();
    }
    assertThat(commits.get()).as("commits made while verify ran").isPositive();
  }

  /** Every file under the catalog folder with its size and modification time. */
  private Map<String, Long> listing() throws IOException {
    Map<String, Long> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(p) + " " + Files.size(p), Files.getLastModifiedTime(p).toMillis());
      }
    }
    return files;
  }

  @Test
  void aFlippedByteInAnSstIsNamedWithItsBlockOffset() throws IOException {
    String sst = latestManifest().allSsts().get(0).objectKey();
    Path file = dir.resolve(sst);
    byte[] bytes = Files.readAllBytes(file);
    bytes[20] ^= 0x40; // inside the first data block
    Files.write(file, bytes);

    OpsCatalog.Run r = verify();
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("sst-corrupt " + sst + " at byte 0: data block checksum mismatch");
    assertThat(r.out()).contains("not checked: facts: reading them stopped (corrupt object " + sst).contains(": 1 problem;");
  }

  @Test
  void aMissingSstIsNamedAndTheReportStillPrinted() throws IOException {
    String sst = latestManifest().allSsts().get(0).objectKey();
    Files.delete(dir.resolve(sst));

    OpsCatalog.Run r = verify();
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("sst-missing " + sst + ": the manifest " + latestManifest().objectKey() + " names it")
        .contains("not checked: facts and data files: reading them stopped (object not found: " + sst + ")")
        .contains(": 1 problem;");
  }

  @Test
  void aMissingWalObjectInsideTheLogIsNamed() throws IOException {
    List<Long> ids = walIdsAboveFlushed();
    assertThat(ids).hasSizeGreaterThanOrEqualTo(2);
    String missing = ObjectKeys.wal(ids.get(0));
    Files.delete(dir.resolve(missing));

    OpsCatalog.Run r = verify("--json");
    assertThat(r.code()).isEqualTo(1);
    JsonNode problem = new ObjectMapper().readTree(r.out()).get("problems").get(0);
    assertThat(problem.get("kind").asText()).isEqualTo("wal-missing");
    assertThat(problem.get("object").asText()).isEqualTo(missing);
    assertThat(problem.get("detail").asText()).contains("is missing but " + ids.get(1) + " exists");
  }

  @Test
  void aDeletedDataFileIsNamedByItsPath() throws IOException {
    Path a = tableDir.resolve("a.parquet");
    Files.delete(a);

    OpsCatalog.Run r = verify();
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("data-file-missing " + a + ": ducklake_data_file 1 is referenced at the latest commit"
        + " but does not exist");
    assertThat(r.out()).doesNotContain("gone.parquet"); // an ended file is not referenced any more
    assertThat(r.out()).contains(": 1 problem;");
    OpsCatalog.Run skipped = verify("--skip-data-files");
    assertThat(skipped.code()).isEqualTo(0);
    assertThat(skipped.out()).contains("not checked: data files: --skip-data-files");
  }

  @Test
  void aDataFileOfTheWrongSizeGivesBothSizes() throws IOException {
    Path d = tableDir.resolve("d.parquet");
    long recorded = Files.size(d);
    Files.write(d, "more".getBytes(), StandardOpenOption.APPEND);

    OpsCatalog.Run r = verify();
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("data-file-size " + d + ": ducklake_delete_file 1: expected " + recorded
        + " bytes (file_size_bytes), found " + (recorded + 4));
  }

  @Test
  void dataPathReplacesTheRecordedOne() throws IOException {
    Path moved = dir.resolve("elsewhere");
    Files.createDirectories(moved.resolve("main"));
    Files.move(dir.resolve("data/main/t"), moved.resolve("main/t"));
    assertThat(verify().code()).isEqualTo(1);
    OpsCatalog.Run r = verify("--data-path", moved.toString());
    assertThat(r.code()).as(r.out()).isEqualTo(0);
    assertThat(r.out()).contains("2 data files and 1 delete files");
  }

  @Test
  void aFactWhoseKeyDoesNotMatchItsValuesIsNamedByItsKey() {
    RelationDef snapshots = DuckLakeRelations.ALL.get(1);
    KeyValue snapshotOne = db.scanPrefix(FactKeys.rowPrefix(snapshots.id(), FactKeys.integerKey(1))).next();
    byte[] wrongKey = FactKeys.fact(snapshots.id(), FactKeys.integerKey(999), catalog.latestCommit());
    db.write(new WriteBatch().put(wrongKey, snapshotOne.value())); // snapshot 1's row under snapshot 999's key

    OpsCatalog.Run r = verify();
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("fact-key-mismatch " + HexFormat.of().formatHex(wrongKey)
        + ": ducklake_snapshot fact's row key is " + HexFormat.of().formatHex(FactKeys.integerKey(999))
        + " but its primary key [snapshot_id] values (1) make " + HexFormat.of().formatHex(FactKeys.integerKey(1)));
  }

  @Test
  void aLostTableIndexCopyIsNamed() {
    byte[] prefix = {'t'};
    KeyValue first = db.scanPrefix(prefix).next();
    db.write(new WriteBatch().delete(first.key()));

    OpsCatalog.Run r = verify("--skip-data-files");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("table-index-missing " + HexFormat.of().formatHex(first.key()));
  }

  @Test
  void itAnswersVersionAndHelpLikeEveryCommand() {
    OpsCatalog.Run version = run("verify", "--version");
    assertThat(version.code()).isEqualTo(0);
    assertThat(version.out()).startsWith("rocklake ");
    OpsCatalog.Run help = run("verify", "--help");
    assertThat(help.code()).isEqualTo(0);
    assertThat(help.out()).contains("--catalog").contains("--json").contains("--skip-data-files").contains("--data-path");
  }

  @Test
  void usageMistakesExitTwo() {
    OpsCatalog.Run none = run("verify");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("--catalog");
    OpsCatalog.Run absent = run("verify", "--catalog", dir.resolve("nope").toString());
    assertThat(absent.code()).as("no catalog, as for every operator's command").isEqualTo(1);
    assertThat(absent.err()).contains("no catalog at").contains("the folder does not exist");
    assertThat(dir.resolve("nope")).doesNotExist();
    OpsCatalog.Run both = run("verify", "--catalog", dir.toString(), "--skip-data-files", "--data-path", "/x");
    assertThat(both.code()).isEqualTo(2);
  }

  @Test
  void anEmptyFolderIsNoCatalog() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    OpsCatalog.Run r = run("verify", "--catalog", empty.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("manifest-missing manifest/: no manifest");
  }
}
