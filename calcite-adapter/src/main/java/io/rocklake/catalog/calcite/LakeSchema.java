package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.lake.LakeTableDef;
import io.rocklake.catalog.lake.LakeTablePlanner;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.DataContext;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.IgnoreCaseLookup;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * One DuckLake schema at the session's snapshot, whose tables are the lake's ({@link LakeTable}). A
 * table may also be named {@code "name@N"}: the table of that name at snapshot N, whatever the
 * session's snapshot — the per-table form of time travel.
 */
public final class LakeSchema extends AbstractSchema {
  private static final Pattern AT_SNAPSHOT = Pattern.compile("(.+)@(\\d{1,18})");

  private final String schema;
  private final Map<String, Table> tables = new LinkedHashMap<>();
  private final Map<String, Table> pinned = new java.util.concurrent.ConcurrentHashMap<>();
  private final CatalogTransaction tx;
  private final Optional<String> dataPath;
  private final Function<DataContext, CatalogTransaction> runtimeTx;

  /**
   * {@code tables}: the lake's tables of this schema at {@code snapshot}; {@code pgCatalog}: the
   * pg_catalog tables to resolve here too when this schema is first on the search path (names the
   * lake's tables take win), as PostgreSQL resolves {@code pg_namespace} without {@code pg_catalog.}.
   */
  public LakeSchema(String schema, List<LakeTableDef> tables, long snapshot, CatalogTransaction tx,
      Optional<String> dataPath, Function<DataContext, CatalogTransaction> runtimeTx, Map<String, Table> pgCatalog) {
    this.schema = schema;
    this.tables.putAll(pgCatalog);
    this.tx = tx;
    this.dataPath = dataPath;
    this.runtimeTx = runtimeTx;
    for (LakeTableDef t : tables) {
      this.tables.put(t.name(), new LakeTable(t, snapshot, dataPath, runtimeTx));
    }
  }

  @Override protected Map<String, Table> getTableMap() {
    return tables;
  }

  /** The tables at the session's snapshot, then any {@code "name@N"}: a table at its own snapshot. */
  @SuppressWarnings("unchecked") // Lookup.concat's varargs of a generic type, two known lookups
  @Override public Lookup<Table> tables() {
    return Lookup.concat(super.tables(), new IgnoreCaseLookup<Table>() {
      @Override public Table get(String name) {
        return pinned(name);
      }

      @Override public Set<String> getNames(LikePattern pattern) {
        return Set.of();
      }
    });
  }

  private Table pinned(String name) {
    Matcher m = AT_SNAPSHOT.matcher(name);
    if (!m.matches()) {
      return null;
    }
    return pinned.computeIfAbsent(name, n -> {
      long snapshot = Long.parseLong(m.group(2));
      // An unknown snapshot is 22023 from the planner: a name that cannot resolve says why.
      return LakeTablePlanner.on(tx).tablesAt(snapshot).stream()
          .filter(d -> d.schema().equals(schema) && d.name().equals(m.group(1))).findFirst()
          .map(d -> (Table) new LakeTable(d, snapshot, dataPath, runtimeTx)).orElse(null);
    });
  }
}
