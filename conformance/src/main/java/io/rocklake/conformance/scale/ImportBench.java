package io.rocklake.conformance.scale;

import io.rocklake.catalog.Catalog;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.kv.Db;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.migrate.CatalogImport;
import io.rocklake.server.migrate.MigrationReport;
import io.rocklake.server.migrate.PostgresUrl;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The throughput of {@code rocklake import} on a large catalog, against {@code pg_dump -Fc | pg_restore}
 * of the same catalog in the same run: a throwaway PostgreSQL 15 (fsync off) gets DuckDB's first
 * ATTACH and then {@link CatalogGenerator}'s commits at the scale given (default {@code 10k}: 10,000
 * tables, 100,000 snapshots, 1,000,000 data-file rows); the import into a new local catalog folder is
 * timed, then a custom-format dump and its restore into a fresh database. Rates are catalog rows
 * (facts) per second. Run: {@code java … io.rocklake.conformance.scale.ImportBench [SCALE]
 * [BATCH_ROWS]}.
 */
public final class ImportBench {
  private ImportBench() {}

  public static void main(String[] args) throws Exception {
    CatalogScale scale = CatalogScale.parse(args.length > 0 ? args[0] : "10k");
    int batchRows = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
    PrintWriter err = new PrintWriter(System.err, true);
    Path work = Files.createTempDirectory("rocklake-import-bench-");
    try (PostgresTarget target = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
        CatalogSide side = new CatalogSide("postgres", target, new CapturedTraffic(Corpus.locate()))) {
      CatalogGenerator generator = new CatalogGenerator(scale);
      long t0 = System.nanoTime();
      generator.build(100, batch -> {
        side.session().simple(CatalogGenerator.BEGIN);
        side.session().simple(batch);
        side.session().simple("COMMIT");
      });
      err.printf(Locale.ROOT, "import-bench: built %s in PostgreSQL in %.1f s%n", scale, (System.nanoTime() - t0) / 1e9);
      Endpoint pg = side.endpoint();
      PostgresUrl url = PostgresUrl.parse("postgresql://postgres@" + pg.host() + ":" + pg.port() + "/" + side.database());
      long facts = countRows(url);
      try (Connection c = url.connect(); Statement s = c.createStatement()) {
        s.execute("VACUUM ANALYZE"); // both copies then read a settled heap
      }

      CatalogLocation location = CatalogLocation.parse(work.resolve("catalog").toString());
      MigrationReport report;
      try (Db db = Db.open(location.open())) {
        report = new CatalogImport(batchRows, new PrintWriter(System.err, true)).run(url, "public", Catalog.open(db),
            location.toString());
      }
      if (report.totalRows() != facts) {
        throw new IllegalStateException("imported " + report.totalRows() + " rows of " + facts);
      }

      Path dump = work.resolve("catalog.dump");
      String bin = ThrowawayPostgres.binDir().toString();
      double dumpSeconds = time(List.of(bin + "/pg_dump", "-Fc", "-h", pg.host(), "-p", String.valueOf(pg.port()),
          "-U", "postgres", "-f", dump.toString(), side.database()));
      target.prepare("import_bench_restore");
      double restoreSeconds = time(List.of(bin + "/pg_restore", "-h", pg.host(), "-p", String.valueOf(pg.port()),
          "-U", "postgres", "-d", "import_bench_restore", dump.toString()));
      long restored = countRows(PostgresUrl.parse("postgresql://postgres@" + pg.host() + ":" + pg.port()
          + "/import_bench_restore"));
      if (restored != facts) {
        throw new IllegalStateException("pg_restore restored " + restored + " rows of " + facts);
      }

      System.out.printf(Locale.ROOT, "scale %s: %,d snapshots, %,d data-file rows, %,d catalog rows (facts)%n",
          scale.name(), scale.snapshots(), scale.files(), facts);
      System.out.printf(Locale.ROOT, "rocklake import (batch %,d rows): %.1f s, %,.0f facts/s%n", batchRows,
          report.seconds(), facts / report.seconds());
      System.out.printf(Locale.ROOT, "pg_dump -Fc: %.1f s; pg_restore: %.1f s; together %.1f s, %,.0f facts/s"
          + " (dump %,d bytes)%n", dumpSeconds, restoreSeconds, dumpSeconds + restoreSeconds,
          facts / (dumpSeconds + restoreSeconds), Files.size(dump));
      System.out.printf(Locale.ROOT, "catalog folder after import: %,d bytes%n", folderBytes(work.resolve("catalog")));
    } finally {
      try (Stream<Path> paths = Files.walk(work)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static long countRows(PostgresUrl url) throws SQLException {
    long total = 0;
    try (Connection c = url.connect(); Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
          + " AND tablename LIKE 'ducklake%'")) {
        while (rs.next()) {
          tables.add(rs.getString(1));
        }
      }
      for (String t : tables) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM public." + t)) {
          rs.next();
          total += rs.getLong(1);
        }
      }
    }
    return total;
  }

  private static double time(List<String> command) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT)
        .start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " exited " + p.exitValue());
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  private static long folderBytes(Path folder) throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      return paths.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
