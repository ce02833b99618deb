package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.RelationRegistry;
import io.rocklake.catalog.calcite.LakeSchema;
import io.rocklake.catalog.calcite.LakeTable;
import io.rocklake.catalog.calcite.ScopedSchema;
import io.rocklake.catalog.lake.LakeColumnTypes;
import io.rocklake.catalog.lake.LakeTableDef;
import io.rocklake.catalog.lake.LakeTablePlanner;
import io.rocklake.catalog.pg.PgCatalogTables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;

/**
 * What a session of the lake database sees in one statement: the lake's schemas and tables at one
 * DuckLake snapshot (the session's {@code rocklake.snapshot_id}, else the latest), the catalog's
 * relations beside them in schema {@value #CATALOG_SCHEMA}, and pg_catalog describing exactly these.
 * Built per statement from the statement's transaction, so a plan over it is never reused.
 */
final class LakeView implements ScanPlan.LakeSource {
  /** Where the catalog's relations appear in the lake database, read-only. */
  static final String CATALOG_SCHEMA = "ducklake_catalog";
  /**
   * Columns of the catalog's relations that the lake database reads as NULL: each data and delete
   * file's AES key. The lake database serves readers that have no business decrypting files
   * themselves; the catalog database, which DuckDB attaches, shows them unchanged (DuckDB needs them).
   */
  static final Map<String, List<String>> WITHHELD = Map.of("ducklake_data_file", List.of("encryption_key"),
      "ducklake_delete_file", List.of("encryption_key"));
  /** DuckDB's default schema: the first on the lake database's search path. */
  static final String DEFAULT_SCHEMA = "main";
  /** Relation ids of lake tables start here, above any catalog relation's, so their OIDs never meet. */
  private static final int RELATION_ID_BASE = 1_000_000;

  private final long snapshot;
  private final List<LakeTableDef> tables;
  private final List<String> schemas;
  private final Optional<String> dataPath;

  private LakeView(long snapshot, List<LakeTableDef> tables, List<String> schemas, Optional<String> dataPath) {
    this.snapshot = snapshot;
    this.tables = tables;
    this.schemas = schemas;
    this.dataPath = dataPath;
  }

  /** The view at {@code pinned}, or at the latest snapshot when null; 22023 for a snapshot the lake does not have. */
  static LakeView at(CatalogTransaction tx, Long pinned, Optional<String> dataPath) {
    if (tx.relation(DuckLakeRelations.SCHEMA, "ducklake_snapshot").isEmpty()) {
      // DuckDB has not attached this catalog yet: a lake without schemas or tables, whose pg_catalog still answers.
      if (pinned != null) {
        throw new io.rocklake.catalog.CatalogException(io.rocklake.catalog.SqlState.INVALID_PARAMETER_VALUE,
            "DuckLake snapshot " + pinned + " does not exist (the catalog holds no lake yet: DuckDB has not attached it)");
      }
      return new LakeView(-1, List.of(), List.of(), dataPath);
    }
    LakeTablePlanner planner = LakeTablePlanner.on(tx);
    long snapshot = pinned != null ? pinned : planner.latestSnapshot();
    LakeTablePlanner.Contents lake = planner.contentsAt(snapshot);
    return new LakeView(snapshot, lake.tables(), lake.schemas(), dataPath);
  }

  long snapshot() {
    return snapshot;
  }

  /** The relations alone, which the plan's code looks up when it runs. */
  SchemaPlus tables(CatalogTransaction tx, RelationRegistry registry, Function<DataContext, CatalogTransaction> runtimeTx) {
    String database = PgFunctions.current_database();
    SchemaPlus plus = CalciteSchema.createRootSchema(false, false).plus();
    List<RelationDef> described = described(tx, registry);
    Map<String, Table> pgCatalog = PgCatalogTables.forRelations(root -> described, database);
    Map<String, List<LakeTableDef>> bySchema = new LinkedHashMap<>();
    bySchema.put(DEFAULT_SCHEMA, new ArrayList<>()); // first on the search path, even in a lake without it
    schemas.forEach(s -> bySchema.putIfAbsent(s, new ArrayList<>()));
    tables.forEach(t -> bySchema.computeIfAbsent(t.schema(), s -> new ArrayList<>()).add(t));
    bySchema.forEach((schema, defs) -> {
      if (!schema.equals("pg_catalog") && !schema.equals(CATALOG_SCHEMA)) {
        plus.add(schema, new LakeSchema(schema, defs, snapshot, tx, dataPath, runtimeTx,
            schema.equals(DEFAULT_SCHEMA) ? pgCatalog : Map.of()));
      }
    });
    plus.add(CATALOG_SCHEMA, new ScopedSchema(tx, registry, DuckLakeRelations.SCHEMA, runtimeTx, false, WITHHELD));
    plus.add("pg_catalog", new org.apache.calcite.schema.impl.AbstractSchema() {
      @Override protected Map<String, Table> getTableMap() {
        return pgCatalog;
      }
    });
    return plus;
  }

  /**
   * What pg_catalog describes: the lake's tables at the snapshot, then the catalog's relations in
   * {@value #CATALOG_SCHEMA}. Computed once: a view serves one statement, planned and run in one transaction.
   */
  List<RelationDef> described(CatalogTransaction tx, RelationRegistry registry) {
    if (described == null) {
      described = describe(tx, registry);
    }
    return described;
  }

  private List<RelationDef> described;

  private List<RelationDef> describe(CatalogTransaction tx, RelationRegistry registry) {
    List<RelationDef> out = new ArrayList<>();
    for (LakeTableDef t : tables) {
      out.add(relation(t));
    }
    for (RelationDef r : registry.existingRelations(tx)) {
      if (r.kind() == RelationDef.Kind.DUCKLAKE) {
        out.add(new RelationDef(r.id(), CATALOG_SCHEMA, r.name(), r.columns(), r.primaryKey(), r.kind()));
      }
    }
    return out;
  }

  /** A lake table as a relation: its presented columns, its own OID (from its table_id), no key. */
  static RelationDef relation(LakeTableDef t) {
    return new RelationDef(RELATION_ID_BASE + Math.toIntExact(t.tableId()), t.schema(), t.name(),
        t.columns().stream().map(LakeColumnTypes::presented).toList(), List.of(), RelationDef.Kind.LAKE);
  }

  /** A table of this view by name ({@code "t@N"} is left to Calcite's schema, which resolves and explains it). */
  @Override public Optional<RelationDef> find(org.apache.calcite.sql.SqlIdentifier id) {
    if (id.names.size() > 2) {
      return Optional.empty();
    }
    String schema = id.names.size() == 2 ? id.names.get(0) : DEFAULT_SCHEMA;
    String name = id.names.get(id.names.size() - 1);
    return tables.stream().filter(t -> t.schema().equals(schema) && t.name().equals(name)).findFirst()
        .map(LakeView::relation);
  }

  @Override public java.util.Iterator<io.rocklake.catalog.CatalogRow> rows(CatalogTransaction tx, RelationDef relation,
      java.util.BitSet columns, io.rocklake.catalog.ScanBounds bounds, List<WhereBounds.ColumnComparison> comparisons) {
    LakeTableDef table = tables.stream().filter(t -> relation(t).id() == relation.id()).findFirst().orElseThrow();
    io.rocklake.catalog.lake.FileRanges.Builder ranges = io.rocklake.catalog.lake.FileRanges.builder();
    for (int i = 0; i < relation.columns().size(); i++) {
      long[] range = bounds.range(i);
      if (range != null) {
        ranges.range(table.columns().get(i).columnId(), range[0], range[1]);
      }
    }
    for (WhereBounds.ColumnComparison c : comparisons) {
      LakeTableDef.Column column = table.columns().get(c.column());
      ranges.compare(column.columnId(), column.columnType(), c.op(), c.value());
    }
    int[] positions = columns.stream().toArray();
    int width = relation.columns().size();
    long[] rowNumber = {0};
    return io.rocklake.catalog.lake.LakeRead.of(tx, table, snapshot, dataPath, positions, ranges.build()).open(values -> {
      Object[] row = new Object[width];
      for (int k = 0; k < positions.length; k++) {
        row[positions[k]] = values[k];
      }
      return io.rocklake.catalog.CatalogRow.of(rowNumber[0]++, row);
    });
  }

  /** The relation a result column comes from, as its description names it. */
  Optional<RelationDef> relation(CatalogTransaction tx, SchemaPlus root, String schema, String table) {
    if (schema.equals(CATALOG_SCHEMA)) {
      return tx.relation(DuckLakeRelations.SCHEMA, table);
    }
    SchemaPlus s = root.getSubSchema(schema);
    Table t = s == null ? null : s.getTable(table);
    return t instanceof LakeTable lake ? Optional.of(relation(lake.table())) : Optional.empty();
  }
}
