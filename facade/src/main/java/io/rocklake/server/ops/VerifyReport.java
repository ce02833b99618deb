package io.rocklake.server.ops;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code rocklake verify} found: one entry per problem (its kind, the object or key it names,
 * and a byte offset where there is one) and the counts of what was checked, printed as text (one line
 * per problem, then a summary line) or as one JSON object.
 */
final class VerifyReport {
  /**
   * @param object an object key, a hex catalog key or a data file path
   * @param offset the byte offset of the damage in the object, or -1
   */
  record Problem(String kind, String object, long offset, String detail) {}

  final String catalog;
  final List<Problem> problems = new ArrayList<>();
  /** Checks that could not run, each with its reason. */
  final List<String> notChecked = new ArrayList<>();
  int manifests;
  long manifestId;
  int ssts;
  long sstBytes;
  long sstEntries;
  int walObjects;
  long facts;
  int relations;
  long latestCommit;
  long tableIndexEntries;
  long liveIndexEntries;
  long dataFiles;
  long deleteFiles;
  long filesSkipped;

  VerifyReport(String catalog) {
    this.catalog = catalog;
  }

  void add(String kind, String object, long offset, String detail) {
    problems.add(new Problem(kind, object, offset, detail));
  }

  boolean clean() {
    return problems.isEmpty();
  }

  void printText(PrintWriter out) {
    for (Problem p : problems) {
      out.println(p.kind() + " " + p.object() + (p.offset() >= 0 ? " at byte " + p.offset() : "") + ": " + p.detail());
    }
    for (String n : notChecked) {
      out.println("not checked: " + n);
    }
    out.println((clean() ? "verify: " + catalog + " is whole: " : "verify: " + catalog + ": " + problems.size()
        + (problems.size() == 1 ? " problem" : " problems") + "; ") + summary());
    out.flush();
  }

  private String summary() {
    return "checked manifest " + manifestId + ", " + ssts + " SSTs (" + sstBytes + " bytes, " + sstEntries
        + " entries), " + walObjects + " WAL objects; " + facts + " facts in " + relations + " relations, "
        + tableIndexEntries + " table index and " + liveIndexEntries + " live index entries (latest commit "
        + latestCommit + "); " + dataFiles + " data files and " + deleteFiles + " delete files"
        + (filesSkipped > 0 ? " (" + filesSkipped + " skipped)" : "");
  }

  void printJson(PrintWriter out) {
    StringBuilder sb = new StringBuilder("{\"catalog\":").append(quote(catalog))
        .append(",\"clean\":").append(clean())
        .append(",\"objects\":{\"manifest_id\":").append(manifestId).append(",\"manifests\":").append(manifests)
        .append(",\"ssts\":").append(ssts).append(",\"sst_bytes\":").append(sstBytes)
        .append(",\"sst_entries\":").append(sstEntries).append(",\"wal_objects\":").append(walObjects).append('}')
        .append(",\"facts\":{\"facts\":").append(facts).append(",\"relations\":").append(relations)
        .append(",\"latest_commit\":").append(latestCommit).append(",\"table_index_entries\":").append(tableIndexEntries)
        .append(",\"live_index_entries\":").append(liveIndexEntries).append('}')
        .append(",\"files\":{\"data_files\":").append(dataFiles).append(",\"delete_files\":").append(deleteFiles)
        .append(",\"skipped\":").append(filesSkipped).append('}')
        .append(",\"not_checked\":[");
    for (int i = 0; i < notChecked.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(quote(notChecked.get(i)));
    }
    sb.append("],\"problems\":[");
    for (int i = 0; i < problems.size(); i++) {
      Problem p = problems.get(i);
      sb.append(i == 0 ? "" : ",").append("{\"kind\":").append(quote(p.kind())).append(",\"object\":")
          .append(quote(p.object()));
      if (p.offset() >= 0) {
        sb.append(",\"offset\":").append(p.offset());
      }
      sb.append(",\"detail\":").append(quote(p.detail())).append('}');
    }
    out.println(sb.append("]}"));
    out.flush();
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> sb.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
      }
    }
    return sb.append('"').toString();
  }
}
