package io.rocklake.server.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import io.rocklake.catalog.Retention;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rocklake excise}: physically removes the facts no commit at or above the floor can see
 * (Retention.excise), after its audit row in {@code rocklake_excision}. It always tells first exactly
 * what goes, from a read-only view; only {@code --yes} opens the writer and removes it.
 */
@Command(name = "excise", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = {"Physically removes the catalog facts no commit at or above the visibility floor can see"
        + " (raise the floor with 'rocklake gc' first): per row, the versions older than the one visible at the"
        + " floor, and that one too when it is a deletion. RockLake's own relations (commits, relations,"
        + " retention, excisions) are kept whole. Everything readable from the floor on reads the same afterwards.",
        "It first prints what will go, read-only: per relation the facts, index entries and the commits that wrote"
        + " them. Only --yes"
        + " removes it: audited in rocklake_excision, and irreversible. --yes opens the catalog's writer, which"
        + " FENCES a server writing this catalog (it stops with exit status 75); --dry-run fences nothing.",
        "With --table-id N it removes instead the whole history of one dropped DuckLake table: every version of"
        + " its rows at every commit (the table, its columns, files, statistics, inlined rows); snapshots that"
        + " showed it no longer do. A table still live is refused: DROP TABLE it in DuckDB first.",
        "Exit 0 done (or --dry-run), 1 failed, 2 usage (also neither --dry-run nor --yes: nothing removed)."})
public final class ExciseCommand extends OpsCommand {
  @Option(names = "--dry-run", description = "Only print what would be removed; writes nothing.")
  boolean dryRun;

  @Option(names = "--yes", description = "Remove it (irreversible).")
  boolean yes;

  @Option(names = "--table-id", paramLabel = "N", description = "Excise the whole history of this dropped table"
      + " (ducklake_table.table_id) instead of what lies below the floor.")
  Long tableId;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why, recorded in rocklake_excision.")
  String reason;

  @Option(names = "--by", paramLabel = "NAME", description = "Who, recorded in rocklake_excision; default the OS user"
      + " (${sys:user.name}).")
  String by;

  public ExciseCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores) {
    super(env, stores);
  }

  @Override int run(CatalogLocation location, PrintWriter out, ProgressLine progress) {
    if (dryRun && yes) {
      throw new IllegalArgumentException("--dry-run and --yes exclude each other: pick one");
    }
    String requestedBy = by != null ? by : System.getProperty("user.name");
    Retention.ExcisionPlan preview;
    try (OpenedCatalog view = openReadOnly(location)) {
      progress.update(tableId == null ? "planning: reading every fact at or below the floor"
          : "planning: reading table " + tableId + "'s history");
      preview = plan(new Retention(view.catalog()));
      if (!yes || preview.relations().isEmpty()) {
        print(out, location, preview, names(view.catalog()), null);
        if (!dryRun && !yes) {
          return usage("nothing removed: add --yes to remove these " + preview.facts() + " facts (irreversible,"
              + " audited in rocklake_excision), or --dry-run to only look");
        }
        return OK;
      }
    }
    progress.update("opening the writer");
    try (OpenedCatalog writer = openWriter(location)) {
      Catalog catalog = writer.catalog();
      Retention retention = new Retention(catalog);
      progress.update("planning on the writer");
      Retention.ExcisionPlan plan = plan(retention); // what this writer's view removes: the audited count
      progress.update("removing " + plan.facts() + " facts");
      Retention.ExcisionReport report = tableId == null ? retention.excise(requestedBy, reason)
          : retention.exciseTable(tableId, requestedBy, reason);
      CatalogRow audit = catalog.begin().getByKey(RockLakeRelations.EXCISION, new Object[] {report.excisionId()})
          .orElseThrow(() -> new IllegalStateException("excision " + report.excisionId() + " has no audit row"));
      print(out, location, plan, names(catalog), audit);
      return OK;
    }
  }

  private Retention.ExcisionPlan plan(Retention retention) {
    return tableId == null ? retention.preview() : retention.previewTable(tableId);
  }

  /** Relation names by id: DuckLake's 28 and the run-time ones (inlined data) that exist at the latest commit. */
  private static Map<Integer, String> names(Catalog catalog) {
    Map<Integer, String> names = new HashMap<>();
    for (RelationDef r : RelationRegistry.fixedRelations()) {
      names.put(r.id(), r.name());
    }
    for (RelationDef r : catalog.registry().existingRelations(catalog.begin())) {
      names.put(r.id(), r.name());
    }
    return names;
  }

  private static String name(Map<Integer, String> names, int id) {
    return names.getOrDefault(id, "relation " + id + " (dropped)");
  }

  private void print(PrintWriter out, CatalogLocation location, Retention.ExcisionPlan plan, Map<Integer, String> names,
      CatalogRow audit) {
    if (json()) {
      ObjectNode root = object().put("catalog", location.toString()).put("floor", plan.floor());
      if (tableId != null) {
        root.put("table_id", tableId);
      }
      root
          .put("removed", audit != null).put("facts", plan.facts()).put("index_entries", plan.indexEntries());
      ArrayNode relations = root.putArray("relations");
      for (Retention.RelationExcision r : plan.relations()) {
        relations.addObject().put("relation", name(names, r.relationId())).put("relation_id", r.relationId())
            .put("facts", r.facts()).put("index_entries", r.indexEntries()).put("first_commit", r.firstCommit())
            .put("last_commit", r.lastCommit());
      }
      if (audit == null) {
        root.putNull("excision");
      } else {
        root.putObject("excision").put("excision_id", (Long) audit.get(0)).put("floor_commit", (Long) audit.get(1))
            .put("facts_to_remove", (Long) audit.get(2)).put("requested_by", (String) audit.get(3))
            .put("reason", (String) audit.get(4)).put("requested_at", text(audit.get(5)));
      }
      printJson(out, root);
      return;
    }
    out.printf(tableId == null ? "excise %s at floor commit %d: what no commit from the floor on can see%n"
        : "excise %s: the whole history of dropped table " + tableId + "%n", location, plan.floor());
    int width = plan.relations().stream().mapToInt(r -> name(names, r.relationId()).length()).max().orElse(0);
    for (Retention.RelationExcision r : plan.relations()) {
      out.printf("  %-" + width + "s %10d facts %10d index entries  commits %d-%d%n", name(names, r.relationId()),
          r.facts(), r.indexEntries(), r.firstCommit(), r.lastCommit());
    }
    out.printf("%d facts, %d index entries in %d relations%n", plan.facts(), plan.indexEntries(), plan.relations().size());
    if (audit != null) {
      out.printf("excised: excision %d (rocklake_excision) at floor commit %d, %d facts, requested by %s at %s%s%n",
          audit.get(0), audit.get(1), audit.get(2), audit.get(3), text(audit.get(5)),
          audit.get(4) == null ? "" : ", reason: " + audit.get(4));
    } else if (plan.relations().isEmpty()) {
      out.println("nothing to excise; nothing written");
    } else {
      out.println("dry run: nothing removed");
    }
  }
}
