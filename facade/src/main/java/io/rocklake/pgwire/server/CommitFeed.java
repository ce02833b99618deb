package io.rocklake.pgwire.server;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Fans committed DuckLake snapshots out to the sessions listening on {@link #CHANNEL}. A writer
 * publishes after its commit is durable; a read-only replica publishes the snapshots it finds when
 * it refreshes, so both deliver the same notifications. Listeners must not block: a session queues
 * what it receives and sends it when it is next idle, as PostgreSQL does.
 */
public final class CommitFeed {
  /** The channel a session LISTENs on to hear of committed snapshots. */
  public static final String CHANNEL = "rocklake_commits";

  /** One committed snapshot, as a row of ducklake_snapshot with its ducklake_snapshot_changes. */
  public record Snapshot(long snapshotId, long schemaVersion, String changesMade) {
    public Snapshot {
      changesMade = changesMade == null ? "" : changesMade;
    }

    /** The NotificationResponse payload: {"snapshot_id":N,"schema_version":V,"changes_made":"..."}. */
    public String payload() {
      return "{\"snapshot_id\":" + snapshotId + ",\"schema_version\":" + schemaVersion
          + ",\"changes_made\":" + jsonString(changesMade) + "}";
    }
  }

  private final List<Consumer<Snapshot>> listeners = new CopyOnWriteArrayList<>();

  /** Registers a listener; the returned handle stops it (UNLISTEN, or the session closing). */
  public AutoCloseable subscribe(Consumer<Snapshot> listener) {
    Objects.requireNonNull(listener, "listener");
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /** The snapshots a commit (or a replica's refresh) made visible, oldest first. */
  public void published(List<Snapshot> snapshots) {
    for (Snapshot s : snapshots) {
      for (Consumer<Snapshot> l : listeners) {
        l.accept(s);
      }
    }
  }

  public int listenerCount() {
    return listeners.size();
  }

  static String jsonString(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
