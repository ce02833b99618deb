package io.rocklake.server.ops;

import static io.rocklake.server.ops.OpsCatalog.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.Db;
import io.rocklake.kv.store.LocalFolderObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the four operator's commands share on the command line: --help, usage mistakes (exit 2 with a
 * reason), and a location that holds no catalog (exit 1 naming why, and nothing created there).
 */
class OpsCommandLineTest {
  private static final String[] COMMANDS = {"snapshots", "inspect", "gc", "excise"};
  @TempDir Path dir;

  @Test
  void everyCommandAnswersHelpWithItsOptions() {
    for (String command : COMMANDS) {
      OpsCatalog.Run help = run(command, "--help");
      assertThat(help.code()).as(command).isZero();
      assertThat(help.out()).as(command).startsWith("Usage: rocklake " + command).contains("--catalog").contains("--json")
          .contains("Exit 0");
    }
    assertThat(run("snapshots", "--help").out()).contains("--limit").contains("Read-only");
    assertThat(run("gc", "--help").out()).contains("--keep").contains("--floor-snapshot").contains("--reason")
        .contains("--by").contains("FENCES");
    assertThat(run("excise", "--help").out()).contains("--dry-run").contains("--yes").contains("FENCES")
        .contains("irreversible");
  }

  @Test
  void theTopLevelNamesEveryCommand() {
    OpsCatalog.Run none = run();
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("serve, hash-password, import, export, snapshots, inspect, verify, gc or excise");
  }

  @Test
  void usageMistakesExitTwoWithTheirReason() {
    for (String command : COMMANDS) {
      OpsCatalog.Run missing = run(command);
      assertThat(missing.code()).as(command).isEqualTo(2);
      assertThat(missing.err()).as(command).contains("--catalog").contains("rocklake " + command + " --help");
    }
    OpsCatalog.Run limit = run("snapshots", "--catalog", dir.toString(), "--limit", "0");
    assertThat(limit.code()).isEqualTo(2);
    assertThat(limit.err()).contains("--limit must be at least 1, not 0").contains("See 'rocklake snapshots --help'.");
    OpsCatalog.Run both = run("excise", "--catalog", dir.toString(), "--dry-run", "--yes");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("--dry-run and --yes exclude each other");
    OpsCatalog.Run bucket = run("inspect", "--catalog", "s3:///prefix");
    assertThat(bucket.code()).isEqualTo(2);
    assertThat(bucket.err()).contains("no bucket in s3:///prefix (expected s3://bucket/prefix)");
  }

  @Test
  void aMissingFolderIsNoCatalogAndIsNotCreated() {
    Path missing = dir.resolve("nothing-here");
    for (String[] args : new String[][] {{"snapshots"}, {"inspect"}, {"gc", "--keep", "1d"}, {"excise", "--yes"}}) {
      OpsCatalog.Run r = run(concat(args, "--catalog", missing.toString()));
      assertThat(r.code()).as(args[0]).isEqualTo(1);
      assertThat(r.err()).as(args[0]).isEqualTo("rocklake " + args[0] + ": no catalog at " + missing
          + ": the folder does not exist" + System.lineSeparator());
    }
    assertThat(missing).doesNotExist();
  }

  @Test
  void anEmptyFolderIsNoCatalogAndStaysEmpty() throws IOException {
    for (String[] args : new String[][] {{"snapshots"}, {"inspect"}, {"gc", "--floor-snapshot", "1"}, {"excise", "--yes"}}) {
      OpsCatalog.Run r = run(concat(args, "--catalog", dir.toString()));
      assertThat(r.code()).as(args[0]).isEqualTo(1);
      assertThat(r.err()).as(args[0]).startsWith("rocklake " + args[0] + ": no catalog at " + dir
          + ": it holds no kv-store manifest");
    }
    try (Stream<Path> left = Files.walk(dir)) {
      assertThat(left.filter(Files::isRegularFile)).as("a writer opened on it would have made a catalog").isEmpty();
    }
  }

  @Test
  void aCatalogDuckDbNeverAttachedHasNoSnapshotsButCanBeInspected() {
    Db db = Db.open(new LocalFolderObjectStore(dir));
    Catalog.open(db);
    db.close();
    OpsCatalog.Run snapshots = run("snapshots", "--catalog", dir.toString());
    assertThat(snapshots.code()).isEqualTo(1);
    assertThat(snapshots.err()).contains("holds no DuckLake tables yet: DuckDB has not attached it");
    OpsCatalog.Run inspect = run("inspect", "--catalog", dir.toString());
    assertThat(inspect.code()).as(inspect.err()).isZero();
    assertThat(inspect.out()).contains("latest commit 0, floor commit 0, latest snapshot none")
        .contains("no DuckLake tables yet");
  }

  private static String[] concat(String[] head, String... tail) {
    String[] all = new String[head.length + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }
}
