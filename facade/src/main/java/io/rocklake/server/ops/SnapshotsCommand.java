package io.rocklake.server.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.ops.CatalogRows.Row;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rocklake snapshots}: DuckLake's snapshots ({@code ducklake_snapshot} with its
 * {@code ducklake_snapshot_changes}) and the RockLake commit that made each ({@code rocklake_commit}
 * by snapshot_id), read at the latest commit through a reader that writes nothing.
 */
@Command(name = "snapshots", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = "Lists DuckLake's snapshots (id, time, schema version, changes, author and commit message) with"
        + " the RockLake commit that made each (commit id, time, user, application). Read-only: it writes nothing"
        + " to the catalog, so a server serving it is not disturbed. Exit 0 done, 1 failed (no catalog there),"
        + " 2 usage.")
public final class SnapshotsCommand extends OpsCommand {
  @Option(names = "--limit", paramLabel = "N", description = "Only the newest N snapshots (all when left out).")
  Integer limit;

  public SnapshotsCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores) {
    super(env, stores);
  }

  /** One snapshot and the commit that made it (commit fields null when no commit records it). */
  record Snapshot(long snapshotId, String time, Long schemaVersion, String changes, String author, String message,
      Long commitId, String commitTime, String user, String application, boolean readable) {}

  @Override int run(CatalogLocation location, PrintWriter out, ProgressLine progress) {
    if (limit != null && limit < 1) {
      throw new IllegalArgumentException("--limit must be at least 1, not " + limit);
    }
    try (OpenedCatalog opened = openReadOnly(location)) {
      Catalog catalog = opened.catalog();
      CatalogTransaction tx = catalog.begin();
      CatalogRows rows = new CatalogRows(tx);
      if (!rows.hasDuckLakeTables()) {
        throw new OpsException("the catalog at " + location + " holds no DuckLake tables yet: DuckDB has not"
            + " attached it (ATTACH 'ducklake:postgres:…' through rocklake serve creates them)");
      }
      progress.update("reading commits");
      Map<Long, Row> commitOfSnapshot = new HashMap<>();
      for (Row c : rows.scan(RockLakeRelations.COMMIT)) {
        Long snapshot = c.getLong("snapshot_id");
        if (snapshot != null) {
          commitOfSnapshot.put(snapshot, c);
        }
      }
      Map<Long, Row> changes = new HashMap<>();
      for (Row c : rows.lake("ducklake_snapshot_changes")) {
        changes.put(c.getLong("snapshot_id"), c);
      }
      progress.update("reading snapshots");
      List<Row> all = rows.lake("ducklake_snapshot"); // in snapshot_id order: its primary key
      List<Snapshot> shown = new ArrayList<>();
      for (Row s : all.subList(limit == null ? 0 : Math.max(0, all.size() - limit), all.size())) {
        long id = s.getLong("snapshot_id");
        Row change = changes.get(id);
        Row commit = commitOfSnapshot.get(id);
        shown.add(new Snapshot(id, text(s.get("snapshot_time")), s.getLong("schema_version"),
            change == null ? null : change.getString("changes_made"), change == null ? null : change.getString("author"),
            change == null ? null : change.getString("commit_message"),
            commit == null ? null : commit.getLong("commit_id"), commit == null ? null : text(commit.get("commit_time")),
            commit == null ? null : commit.getString("user_name"),
            commit == null ? null : commit.getString("application_name"),
            commit != null && commit.getLong("commit_id") >= catalog.floor()));
      }
      if (json()) {
        printJson(out, json(location, catalog, all.size(), shown));
      } else {
        printText(out, location, catalog, all.size(), shown);
      }
      return OK;
    }
  }

  private static ObjectNode json(CatalogLocation location, Catalog catalog, int total, List<Snapshot> shown) {
    ObjectNode root = object().put("catalog", location.toString()).put("latest_commit", catalog.latestCommit())
        .put("floor", catalog.floor()).put("snapshots_total", total);
    ArrayNode list = root.putArray("snapshots");
    for (Snapshot s : shown) {
      ObjectNode n = list.addObject().put("snapshot_id", s.snapshotId()).put("snapshot_time", s.time());
      n.put("schema_version", s.schemaVersion()).put("changes_made", s.changes()).put("author", s.author())
          .put("commit_message", s.message());
      if (s.commitId() == null) {
        n.putNull("commit");
      } else {
        n.putObject("commit").put("commit_id", s.commitId()).put("commit_time", s.commitTime())
            .put("user_name", s.user()).put("application_name", s.application()).put("readable", s.readable());
      }
    }
    return root;
  }

  private static void printText(PrintWriter out, CatalogLocation location, Catalog catalog, int total, List<Snapshot> shown) {
    out.printf("snapshots of %s (latest commit %d, floor commit %d)%n", location, catalog.latestCommit(), catalog.floor());
    out.printf("%8s  %-27s %6s %7s  %-27s %-20s %s%n", "snapshot", "time", "schema", "commit", "committed", "by",
        "changes");
    for (Snapshot s : shown) {
      String by = s.user() == null ? "" : s.user() + (s.application() == null ? "" : "/" + s.application());
      StringBuilder changes = new StringBuilder(s.changes() == null ? "" : s.changes());
      if (s.author() != null) {
        changes.append("  author: ").append(s.author());
      }
      if (s.message() != null) {
        changes.append("  message: ").append(s.message());
      }
      out.printf("%8d  %-27s %6s %7s%s %-27s %-20s %s%n", s.snapshotId(), nullAsEmpty(s.time()),
          s.schemaVersion() == null ? "" : s.schemaVersion(), s.commitId() == null ? "-" : s.commitId(),
          s.commitId() != null && !s.readable() ? "*" : " ", nullAsEmpty(s.commitTime()), by, changes);
    }
    out.printf("%d of %d snapshots%s%n", shown.size(), total, shown.stream().anyMatch(s -> s.commitId() != null
        && !s.readable()) ? "; * a commit below the floor: the catalog can no longer be read as of it" : "");
  }

  private static String nullAsEmpty(String s) {
    return s == null ? "" : s;
  }
}
