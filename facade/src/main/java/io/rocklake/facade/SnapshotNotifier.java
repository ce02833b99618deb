package io.rocklake.facade;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.pgwire.server.CommitFeed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns "the catalog moved on" into the DuckLake snapshots that became visible, for {@link CommitFeed}.
 * The writer calls {@link #catalogMoved} after each durable commit; a read-only replica calls it after
 * it refreshes its reader and catalog. Snapshot ids only grow, so the snapshots newer than the last one
 * published are the new ones.
 */
public final class SnapshotNotifier {
  private final Catalog catalog;
  private final CommitFeed feed;
  private long lastSnapshotId;

  public SnapshotNotifier(Catalog catalog, CommitFeed feed) {
    this.catalog = catalog;
    this.feed = feed;
    this.lastSnapshotId = lastId();
  }

  /** The newest snapshot id, read by key without scanning; -1 before the first snapshot. */
  private long lastId() {
    CatalogTransaction tx = catalog.begin();
    try {
      return tx.relation(DuckLakeRelations.SCHEMA, "ducklake_snapshot")
          .flatMap(r -> tx.lastRow(r).map(row -> ((Number) row.get(r.columnIndex("snapshot_id").orElseThrow())).longValue()))
          .orElse(-1L);
    } finally {
      tx.rollback();
    }
  }

  /** Publishes the snapshots committed since the last call, oldest first. */
  public synchronized void catalogMoved() {
    if (feed.listenerCount() == 0) {
      lastSnapshotId = Math.max(lastSnapshotId, lastId()); // nobody listens: nothing to read
      return;
    }
    List<CommitFeed.Snapshot> fresh = new ArrayList<>();
    for (CommitFeed.Snapshot s : newest(read())) {
      if (s.snapshotId() > lastSnapshotId) {
        fresh.add(s);
      }
    }
    fresh.sort((a, b) -> Long.compare(a.snapshotId(), b.snapshotId()));
    if (!fresh.isEmpty()) {
      lastSnapshotId = fresh.get(fresh.size() - 1).snapshotId();
      feed.published(fresh);
    }
  }

  private record Rows(List<CatalogRow> snapshots, RelationDef snapshot, List<CatalogRow> changes, RelationDef change) {}

  private Rows read() {
    CatalogTransaction tx = catalog.begin();
    try {
      Optional<RelationDef> snapshot = tx.relation(DuckLakeRelations.SCHEMA, "ducklake_snapshot");
      Optional<RelationDef> changes = tx.relation(DuckLakeRelations.SCHEMA, "ducklake_snapshot_changes");
      if (snapshot.isEmpty()) {
        return new Rows(List.of(), null, List.of(), null);
      }
      return new Rows(tx.scan(snapshot.get()), snapshot.get(),
          changes.map(tx::scan).orElse(List.of()), changes.orElse(null));
    } finally {
      tx.rollback();
    }
  }

  private static List<CommitFeed.Snapshot> newest(Rows rows) {
    if (rows.snapshot() == null) {
      return List.of();
    }
    int id = rows.snapshot().columnIndex("snapshot_id").orElseThrow();
    int version = rows.snapshot().columnIndex("schema_version").orElseThrow();
    Map<Long, String> changesMade = new HashMap<>();
    if (rows.change() != null) {
      int cid = rows.change().columnIndex("snapshot_id").orElseThrow();
      int made = rows.change().columnIndex("changes_made").orElseThrow();
      for (CatalogRow r : rows.changes()) {
        Object v = r.get(made);
        changesMade.put(((Number) r.get(cid)).longValue(), v == null ? "" : v.toString());
      }
    }
    List<CommitFeed.Snapshot> out = new ArrayList<>();
    for (CatalogRow r : rows.snapshots()) {
      long sid = ((Number) r.get(id)).longValue();
      Object v = r.get(version);
      out.add(new CommitFeed.Snapshot(sid, v == null ? 0 : ((Number) v).longValue(), changesMade.getOrDefault(sid, "")));
    }
    return out;
  }
}
