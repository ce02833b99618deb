package io.rocklake.conformance.replay;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.SimpleQueryClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Kills the server with SIGKILL and restarts it on the same catalog at every connection boundary
 * of a replay where no replayed connection is open, once per point (a Terminate directly followed
 * by the next connection's first message is one point). Around each kill it reads the catalog's
 * snapshots through a connection of its own and fails if the restarted server does not hold
 * exactly what the killed one had acknowledged.
 */
final class RestartAtConnectionBoundaries implements ConnectionBoundaryListener {
  /** Every commit DuckDB makes adds a snapshot; its ids and counters summarize the catalog. */
  static final String SNAPSHOTS =
      "SELECT snapshot_id, schema_version, next_catalog_id, next_file_id FROM \"public\".ducklake_snapshot ORDER BY snapshot_id";

  private final ProcessRockLakeTarget target;
  private final String user;
  private final String database;
  private final List<Integer> positions = new ArrayList<>();
  private final List<Integer> snapshotsAtRestart = new ArrayList<>();

  private final Runnable whileDown;

  RestartAtConnectionBoundaries(ProcessRockLakeTarget target, Scenario scenario) {
    this(target, scenario, () -> { });
  }

  /** {@code whileDown} runs after each kill, before the restart (a test injects damage there). */
  RestartAtConnectionBoundaries(ProcessRockLakeTarget target, Scenario scenario, Runnable whileDown) {
    this.target = target;
    this.whileDown = whileDown;
    this.user = scenario.startupParameters().map(p -> p.get("user")).orElse("postgres");
    this.database = scenario.database();
  }

  @Override public Endpoint atBoundary(Boundary boundary, Endpoint current) {
    if (boundary.openConnections() > 0 || positions.contains(boundary.position())) {
      return current;
    }
    List<List<String>> before = snapshots(current);
    target.killHard();
    whileDown.run();
    Endpoint restarted = target.restart();
    String lost = "restart at message " + boundary.position() + " (" + boundary + ") changed the catalog's snapshots"
        + "\nbefore SIGKILL: " + before + "\nafter restart: ";
    List<List<String>> after;
    try {
      after = snapshots(restarted);
    } catch (RuntimeException e) {
      throw new AssertionError(lost + "unreadable: " + e.getMessage(), e);
    }
    if (!after.equals(before)) {
      throw new AssertionError(lost + after);
    }
    positions.add(boundary.position());
    snapshotsAtRestart.add(before.size());
    return restarted;
  }

  private List<List<String>> snapshots(Endpoint at) {
    return SimpleQueryClient.query(at.host(), at.port(), user, database, SNAPSHOTS);
  }

  /** Where restarts happened, as positions in the scenario's messages. */
  List<Integer> positions() {
    return positions;
  }

  /** How many snapshots the catalog held at each restart. */
  List<Integer> snapshotsAtRestart() {
    return snapshotsAtRestart;
  }

  /**
   * Where a replay of {@code scenario} must restart, read from the capture alone: the points before
   * a connection's first message and after a Terminate at which every connection opened so far has
   * terminated.
   */
  static List<Integer> expectedPositions(Scenario scenario) {
    List<CapturedMessage> messages = scenario.messages();
    Set<Integer> started = new HashSet<>();
    Set<Integer> terminated = new HashSet<>();
    TreeSet<Integer> points = new TreeSet<>();
    for (int i = 0; i < messages.size(); i++) {
      CapturedMessage m = messages.get(i);
      if (started.add(m.conn()) && started.size() > 1 && terminated.size() == started.size() - 1) {
        points.add(i);
      }
      if (m.isFrontend() && m.type().equals("X") && terminated.add(m.conn()) && terminated.size() == started.size()) {
        points.add(i + 1);
      }
    }
    return List.copyOf(points);
  }
}
