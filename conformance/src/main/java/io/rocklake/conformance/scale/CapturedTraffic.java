package io.rocklake.conformance.scale;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.wire.FrontendMessages;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * DuckDB's own traffic for the bench, cut out of the {@code 01_basic} capture: its first
 * transaction (DuckDB's first ATTACH, which creates the catalog), and its second connection — the
 * re-ATTACH of an existing catalog followed by {@code SELECT count(*) FROM lake.events}, whose
 * first transaction loads the catalog at the latest snapshot and whose second reads that table's
 * stats and data files. The captured literals that name a snapshot, a table or a schema version
 * are rewritten for the generated catalog ({@link Rewrite}); statements on the capture's
 * inlined-data table are dropped (the generated tables have none, as with
 * {@code DATA_INLINING_ROW_LIMIT 0}).
 */
final class CapturedTraffic {
  static final String SCENARIO = "01_basic";
  private static final Pattern SNAPSHOT = Pattern.compile("(\"begin_snapshot\" <= ')\\d+(')");
  private static final Pattern TABLE = Pattern.compile("(\"table_id\" = ')\\d+(')");
  private static final Pattern SCHEMA_VERSION = Pattern.compile("(\"schema_version\" = ')\\d+(')");
  private static final Pattern INLINED = Pattern.compile("ducklake_inlined_data_\\d+_\\d+");

  private final Scenario scenario;
  private final int reattach;

  /** The literals of the generated catalog that replace the captured ones. */
  record Rewrite(long latestSnapshot, long tableId, long schemaVersion) {
    String apply(String sql) {
      String s = SNAPSHOT.matcher(sql).replaceAll("$1" + latestSnapshot + "$2");
      s = TABLE.matcher(s).replaceAll("$1" + tableId + "$2");
      return SCHEMA_VERSION.matcher(s).replaceAll("$1" + schemaVersion + "$2");
    }
  }

  /** One frontend message to send, with the text a Query carries (null for other messages). */
  record Step(CapturedMessage message, String sql) {}

  CapturedTraffic(Corpus corpus) {
    this.scenario = corpus.scenario(SCENARIO);
    this.reattach = scenario.connections().get(1);
  }

  /** The capture up to the end of its first COMMIT's answer: DuckDB's first ATTACH, which creates the catalog. */
  Scenario firstAttach() {
    List<CapturedMessage> ms = scenario.messages();
    int end = 0;
    while (end < ms.size() && !isQuery(ms.get(end), "COMMIT")) {
      end++;
    }
    if (end == ms.size()) {
      throw new IllegalStateException(SCENARIO + " has no COMMIT: not the capture the bench expects");
    }
    end++;
    while (end < ms.size() && !ms.get(end).isFrontend()) {
      end++;
    }
    return new Scenario(scenario.name(), scenario.corpusDir(), ms.subList(0, end));
  }

  /** The database every captured connection starts up on. */
  Map<String, String> startupParameters() {
    return scenario.startupParameters().orElseThrow().values();
  }

  /**
   * What DuckDB sends from opening a connection to an existing catalog to the answer of its first
   * query of one table: connection start-up, the attach reflection and metadata reads, the catalog
   * load at the latest snapshot, and the table's stats, delete-file and data-file scans (the last
   * transaction up to its COMMIT). The start-up message itself is left to the caller.
   */
  List<Step> attachAndFirstQuery(Rewrite rewrite) {
    List<CapturedMessage> conn = reattachFrontend();
    int end = -1;
    boolean readFiles = false;
    for (int i = 0; i < conn.size() && end < 0; i++) {
      String sql = sql(conn.get(i)).orElse("");
      readFiles |= sql.contains("\"ducklake_data_file\" WHERE \"table_id\"");
      if (readFiles && sql.strip().equals("COMMIT")) {
        end = i;
      }
    }
    if (end < 0) {
      throw new IllegalStateException(SCENARIO + "'s second connection never scans one table's data files");
    }
    List<Step> steps = new ArrayList<>();
    for (CapturedMessage m : conn.subList(0, end + 1)) {
      if (m.isUntyped()) {
        continue; // SSLRequest and StartupMessage: WireSession.open sends them
      }
      String sql = sql(m).orElse(null);
      if (sql != null && INLINED.matcher(sql).find()) {
        continue;
      }
      steps.add(new Step(m, m.type().equals("Q") ? rewrite.apply(sql) : null));
    }
    return steps;
  }

  /**
   * The catalog load DuckDB runs in a new transaction before it can answer anything about the
   * catalog, {@code SHOW ALL TABLES} and {@code duckdb_tables()} included: BEGIN, the latest-snapshot
   * lookup (Parse, Describe, Sync, then its COPY), the scans of ducklake_schema, ducklake_table,
   * ducklake_column, tags, views, macros, partitions and sort keys at that snapshot, COMMIT.
   */
  List<Step> catalogLoad(Rewrite rewrite) {
    List<CapturedMessage> tx = firstLoadingTransaction();
    List<Step> steps = new ArrayList<>();
    for (CapturedMessage m : tx) {
      String sql = sql(m).orElse(null);
      if (sql != null && sql.contains("\"table_id\" = '")) {
        break; // from here on the transaction reads one table's own rows: the first query, not the load
      }
      steps.add(new Step(m, m.type().equals("Q") ? rewrite.apply(sql) : null));
    }
    CapturedMessage commit = tx.get(tx.size() - 1);
    steps.add(new Step(commit, "COMMIT"));
    return steps;
  }

  /** The transaction start every DuckDB query and commit begins with: BEGIN and the latest-snapshot lookup. */
  List<Step> transactionStart() {
    List<Step> steps = new ArrayList<>();
    for (CapturedMessage m : firstLoadingTransaction()) {
      String sql = sql(m).orElse(null);
      steps.add(new Step(m, m.type().equals("Q") ? sql : null));
      if (sql != null && m.type().equals("Q") && sql.contains("MAX(snapshot_id)")) {
        return steps;
      }
    }
    throw new IllegalStateException(SCENARIO + ": no latest-snapshot lookup in its catalog load");
  }

  /** DuckDB's scan of one table's data files at a snapshot, the statement the first query of a table waits on. */
  String tableFileScan(Rewrite rewrite) {
    return rewrite.apply(firstQueryContaining(
        "\"path\", \"path_is_relative\", \"file_size_bytes\", \"footer_size\", \"row_id_start\", \"partial_max\", \"mapping_id\""
            + " FROM \"public\".\"ducklake_data_file\" WHERE \"table_id\" = '"));
  }

  /** DuckDB's two reads of one table's stats (table and columns), which every query and commit of it sends. */
  List<String> tableStatsReads(Rewrite rewrite) {
    return List.of(rewrite.apply(firstQueryContaining("FROM \"public\".\"ducklake_table_stats\" WHERE \"table_id\"")),
        rewrite.apply(firstQueryContaining("FROM \"public\".\"ducklake_table_column_stats\" WHERE \"table_id\"")));
  }

  private String firstQueryContaining(String text) {
    return reattachFrontend().stream().filter(m -> m.type().equals("Q")).map(m -> sql(m).orElseThrow())
        .filter(s -> s.contains(text)).findFirst()
        .orElseThrow(() -> new IllegalStateException(SCENARIO + " never sends a statement with " + text));
  }

  /** The first transaction of the re-attaching connection that scans ducklake_table: BEGIN through COMMIT. */
  private List<CapturedMessage> firstLoadingTransaction() {
    List<CapturedMessage> conn = reattachFrontend();
    int begin = -1;
    for (int i = 0; i < conn.size(); i++) {
      String sql = sql(conn.get(i)).orElse("").strip();
      if (conn.get(i).type().equals("Q") && sql.equals(CatalogGenerator.BEGIN)) {
        begin = i;
      } else if (begin >= 0 && sql.contains("FROM \"public\".\"ducklake_table\" WHERE \"begin_snapshot\"")) {
        for (int j = i; j < conn.size(); j++) {
          if (isQuery(conn.get(j), "COMMIT")) {
            return conn.subList(begin, j + 1);
          }
        }
      }
    }
    throw new IllegalStateException(SCENARIO + "'s second connection never loads the catalog");
  }

  private List<CapturedMessage> reattachFrontend() {
    return scenario.messages().stream().filter(m -> m.conn() == reattach && m.isFrontend()).toList();
  }

  private static boolean isQuery(CapturedMessage m, String text) {
    return m.isFrontend() && m.type().equals("Q") && sql(m).orElse("").strip().equals(text);
  }

  private static Optional<String> sql(CapturedMessage m) {
    return FrontendMessages.sql(m);
  }
}
