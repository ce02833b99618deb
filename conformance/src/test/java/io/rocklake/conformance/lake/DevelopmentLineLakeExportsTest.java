package io.rocklake.conformance.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.arrowscan.ArrowRows;
import io.rocklake.arrowscan.LakeScan;
import io.rocklake.arrowscan.PlanColumn;
import io.rocklake.arrowscan.Projected;
import io.rocklake.arrowscan.ScanOptions;
import io.rocklake.arrowscan.ScanPlan;
import io.rocklake.arrowscan.UnsupportedLakeTypeException;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.lake.LakeTablePlanner;
import io.rocklake.catalog.lake.LakeTableRefusedException;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.kv.DbReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every table DuckDB's 2.0 development line exported in its captured sessions on a new DuckLake 1.1
 * catalog ({@code expected/<scenario>/<schema.>table[@vN].csv|parquet}) reads the RockLake way as
 * DuckDB exported it: the capture replayed into a fresh RockLake, the scan plan built from that 1.1
 * catalog at the snapshot (its inlined tables' {@code _ducklake_} system columns included), the
 * files read by arrow-scan. A column arrow-scan refuses by type is left out of the comparison only
 * when its refusal names it; an encrypted table's only expectation is its precise refusal.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DevelopmentLineLakeExportsTest {
  private static final Pattern EXPORT = Pattern.compile("(?:\\w+\\.)?(\\w+)(?:@v(\\d+))?\\.(csv|parquet)");
  private final Corpus corpus = Corpus.locate(Corpus.DUCKDB_2_0_DEV);
  private final DuckDbExports duckdb = new DuckDbExports();
  private final List<AutoCloseable> open = new ArrayList<>();
  private final java.util.Map<String, Catalog> catalogs = new java.util.HashMap<>();

  @AfterAll
  void close() throws Exception {
    duckdb.close();
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  Stream<Named<Path>> exports() throws IOException {
    try (Stream<Path> files = Files.walk(corpus.dir().resolve("expected"))) {
      List<Path> all = files.filter(Files::isRegularFile).sorted().toList();
      assertThat(all).hasSizeGreaterThan(15);
      return all.stream().map(p -> Named.of(p.getParent().getFileName() + "/" + p.getFileName(), p));
    }
  }

  private CatalogTransaction catalogAfter(String scenario) {
    return catalogs.computeIfAbsent(scenario, n -> {
      Scenario s = corpus.scenario(n);
      RockLakeTarget target = new RockLakeTarget();
      open.add(target);
      assertThat(new Replayer().replay(s, target.prepare(s.database())).passed()).as("replay of " + n).isTrue();
      DbReader reader = DbReader.open(target.currentLocation().open());
      open.add(reader);
      return Catalog.openReadOnly(reader);
    }).begin();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exports")
  void readsAsDuckDbExportedIt(Path export) {
    String scenario = export.getParent().getFileName().toString();
    Matcher m = EXPORT.matcher(export.getFileName().toString());
    assertThat(m.matches()).as(export.toString()).isTrue();
    CatalogTransaction tx = catalogAfter(scenario);
    long snapshot = m.group(2) != null ? Long.parseLong(m.group(2))
        : (Long) tx.lastRow(tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_snapshot")).orElseThrow().get(0);
    LakeTablePlanner planner = LakeTablePlanner.on(tx)
        .withDataPath(corpus.dir().resolve("data").resolve(scenario).toAbsolutePath().toString());
    ScanPlan plan;
    try {
      plan = planner.plan(tableIdAt(tx, m.group(1), snapshot), snapshot);
    } catch (LakeTableRefusedException e) {
      assertThat(e.reason()).as(export + ": " + e.getMessage()).isEqualTo(LakeTableRefusedException.Reason.ENCRYPTED_FILE);
      assertThat(e.sqlState()).isEqualTo("0A000");
      return;
    }
    assertThat(plan.columns()).extracting(PlanColumn::name).containsExactlyElementsOf(duckdb.columnNames(export));
    List<PlanColumn> read = plan.columns().stream().filter(c -> readable(plan, c)).toList();
    ScanPlan readablePlan = plan.withProjection(read.stream().map(c -> Projected.column(c.columnId())).toList());
    List<List<Object>> expected = duckdb.rows(export, read);
    List<List<Object>> actual = ArrowRows.scan(readablePlan, ScanOptions.defaults().withOpener(this::openInCorpus));
    assertThat(expected).isNotEmpty();
    assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
  }

  /**
   * The table of that name at the snapshot, in whichever schema: the exports name tables without their
   * schema ({@code 10_transactions_partitions} keeps {@code orders} in {@code shop}, dropped and made again).
   */
  private static long tableIdAt(CatalogTransaction tx, String name, long snapshot) {
    var tables = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_table");
    List<Long> ids = tx.scan(tables).stream()
        .filter(r -> name.equals(r.get(5)) && (Long) r.get(2) <= snapshot && (r.get(3) == null || snapshot < (Long) r.get(3)))
        .map(r -> (Long) r.get(0)).distinct().toList();
    assertThat(ids).as("tables named " + name + " at snapshot " + snapshot).hasSize(1);
    return ids.get(0);
  }

  /** Whether arrow-scan reads the column; a refusal must name it and its type. */
  private static boolean readable(ScanPlan plan, PlanColumn c) {
    try (RootAllocator allocator = new RootAllocator(1L << 20);
        LakeScan scan = LakeScan.open(plan.withProjection(List.of(Projected.column(c.columnId()))), allocator,
            ScanOptions.defaults())) {
      return !scan.schema().getFields().isEmpty();
    } catch (UnsupportedLakeTypeException e) {
      assertThat(e).hasMessageStartingWith("column \"" + c.name() + "\" has type " + c.columnType() + ",");
      return false;
    }
  }

  private org.apache.parquet.io.InputFile openInCorpus(String path) {
    Path p = Path.of(path);
    return new org.apache.parquet.io.LocalInputFile(p.isAbsolute() ? p : corpus.dir().resolve(p));
  }
}
