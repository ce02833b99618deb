package io.rocklake.conformance.trace;

import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isMethod;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import org.postgresql.PGConnection;

/**
 * The files one DuckDB statement passes through, wire to kv-store, measured rather than read off
 * the code: every method of every RockLake class is woven with {@link PathAdvice} before the server
 * starts, the server (in this process, on a local catalog folder) is given the {@code 01_basic}
 * session's lake, and then a DuckDB per-table scan ({@code COPY (SELECT …) TO STDOUT}) and a DuckDB
 * commit's {@code COMMIT} are each run a few times untraced (caches warm, as in a long-running
 * server) and once traced. Prints, per statement, the files in order of first entry with the layer of
 * each, the count per layer, and every call from a lower layer into a higher one ("back up").
 *
 * <p>Run: {@code ./mvnw -B -pl conformance -am test-compile exec:exec@path-trace}. A measuring tool,
 * not a test: its output goes into the closing notes and docs/architecture.md.
 */
public final class PathTrace {
  private PathTrace() {}

  public static void main(String[] args) throws Exception {
    new AgentBuilder.Default()
        .disableClassFormatChanges()
        .with(AgentBuilder.RedefinitionStrategy.DISABLED)
        .with(AgentBuilder.Listener.StreamWriting.toSystemError().withErrorsOnly())
        .type(nameStartsWith("io.rocklake.").and(not(nameStartsWith("io.rocklake.conformance."))))
        .transform((builder, type, loader, module, domain) -> builder.visit(
            Advice.to(PathAdvice.class).on(isMethod().and(not(isAbstract())))))
        .installOn(ByteBuddyAgent.install());

    try (RockLakeTarget target = new RockLakeTarget()) {
      Endpoint endpoint = target.prepare("trace");
      new Replayer().replay(Corpus.locate().scenario("01_basic"), endpoint);
      String url = "jdbc:postgresql://" + endpoint.host() + ":" + endpoint.port() + "/trace?preferQueryMode=simple";
      try (Connection c = DriverManager.getConnection(url, "postgres", "")) {
        long snapshot;
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
          r.next();
          snapshot = r.getLong(1);
        }
        String copy = "COPY (SELECT \"data_file_id\", \"table_id\", \"begin_snapshot\", \"end_snapshot\", \"path\" "
            + "FROM \"public\".\"ducklake_data_file\" WHERE \"table_id\" = '1' AND \"begin_snapshot\" <= '" + snapshot
            + "') TO STDOUT (FORMAT \"binary\")";
        for (int i = 0; i < 5; i++) {
          copyOut(c, copy);
        }
        PathRecorder.start();
        copyOut(c, copy);
        PathRecorder.stop();
        report("COPY (SELECT … FROM ducklake_data_file WHERE table_id = … AND begin_snapshot <= …) TO STDOUT", copy);

        for (int i = 0; i < 6; i++) {
          long next = ++snapshot;
          try (Statement s = c.createStatement()) {
            s.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            s.execute("INSERT INTO \"public\".ducklake_snapshot VALUES (" + next + ", NOW(), 1, 2, 1);"
                + "INSERT INTO \"public\".ducklake_snapshot_changes VALUES (" + next + ", 'inlined_insert:1', NULL, NULL, NULL);"
                + "UPDATE \"public\".ducklake_table_stats SET record_count=" + next + ", file_size_bytes=30272, next_row_id="
                + next + " WHERE table_id=1");
            if (i == 5) {
              PathRecorder.start();
            }
            s.execute("COMMIT");
            PathRecorder.stop();
          }
        }
        report("COMMIT (of a DuckDB commit: snapshot, snapshot_changes, table_stats)", "COMMIT");
      }
    }
    System.exit(0); // the server's non-daemon threads
  }

  private static void copyOut(Connection c, String sql) throws Exception {
    c.unwrap(PGConnection.class).getCopyAPI().copyOut(sql, new ByteArrayOutputStream());
  }

  private static void report(String title, String sql) {
    Map<String, String> files = PathRecorder.files();
    Set<String> calls = PathRecorder.calls();
    System.out.println();
    System.out.println("== " + title + ": " + files.size() + " files");
    Map<String, Integer> perLayer = new java.util.LinkedHashMap<>();
    int n = 0;
    for (Map.Entry<String, String> e : files.entrySet()) {
      String layer = Layer.of(e.getKey()).label;
      perLayer.merge(layer, 1, Integer::sum);
      System.out.printf("%3d  %-9s %s  (first: %s)%n", ++n, layer, e.getKey().replace("io.rocklake.", ""), e.getValue());
    }
    System.out.println("per layer: " + perLayer);
    List<String> chain = PathRecorder.deepestChain();
    System.out.println("deepest chain to the kv-store: " + (chain.size() - 1) + " hops: "
        + String.join(" > ", chain.stream().map(f -> f.substring(f.lastIndexOf('.') + 1)).toList()));
    List<String> upward = calls.stream().filter(PathTrace::goesUp).toList();
    System.out.println("calls back up a layer: " + (upward.isEmpty() ? "none" : upward));
  }

  private static boolean goesUp(String call) {
    String[] ends = call.split(" -> ");
    Layer from = Layer.of(ends[0]);
    Layer to = Layer.of(ends[1]);
    return from.rank >= 0 && to.rank >= 0 && to.rank > from.rank;
  }

  /** The layers, bottom up; shared vocabularies (types, SQLSTATEs) belong to none. */
  enum Layer {
    KV("kv", 0), CATALOG("catalog", 1), SQL("sql", 2), ENGINE("engine", 3), WIRE("wire", 4), SHARED("shared", -1);

    final String label;
    final int rank;

    Layer(String label, int rank) {
      this.label = label;
      this.rank = rank;
    }

    static Layer of(String file) {
      if (file.startsWith("io.rocklake.kv.")) {
        return KV;
      }
      if (file.startsWith("io.rocklake.pgwire.types.") || file.equals("io.rocklake.catalog.SqlState")) {
        return SHARED;
      }
      if (file.startsWith("io.rocklake.catalog")) {
        return CATALOG;
      }
      if (file.startsWith("io.rocklake.sql.")) {
        return SQL;
      }
      if (file.startsWith("io.rocklake.engine.")) {
        return ENGINE;
      }
      return WIRE;
    }
  }
}
