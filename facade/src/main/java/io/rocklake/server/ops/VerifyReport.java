package io.rocklake.server.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    ObjectNode root = OpsCommand.object().put("catalog", catalog).put("clean", clean());
    root.putObject("objects").put("manifest_id", manifestId).put("manifests", manifests).put("ssts", ssts)
        .put("sst_bytes", sstBytes).put("sst_entries", sstEntries).put("wal_objects", walObjects);
    root.putObject("facts").put("facts", facts).put("relations", relations).put("latest_commit", latestCommit)
        .put("table_index_entries", tableIndexEntries).put("live_index_entries", liveIndexEntries);
    root.putObject("files").put("data_files", dataFiles).put("delete_files", deleteFiles).put("skipped", filesSkipped);
    ArrayNode skipped = root.putArray("not_checked");
    notChecked.forEach(skipped::add);
    ArrayNode found = root.putArray("problems");
    for (Problem p : problems) {
      ObjectNode problem = found.addObject().put("kind", p.kind()).put("object", p.object());
      if (p.offset() >= 0) {
        problem.put("offset", p.offset());
      }
      problem.put("detail", p.detail());
    }
    OpsCommand.printJson(out, root);
    out.flush();
  }
}
