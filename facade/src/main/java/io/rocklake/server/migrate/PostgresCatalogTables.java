package io.rocklake.server.migrate;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The DuckLake catalog relations a PostgreSQL schema holds, read from its pg_catalog: the 28 tables
 * (each checked against {@link DuckLakeRelations}, so a column RockLake would not keep is refused,
 * never dropped) and every {@code ducklake_inlined_data_*} / {@code ducklake_inlined_delete_*} table
 * with its columns as DuckDB created them. Anything else in the schema is not DuckLake's and is left.
 */
final class PostgresCatalogTables {
  /** One table to copy: its definition on the RockLake side (column order = copy order). */
  record Table(RelationDef def, boolean inlined) {}

  private PostgresCatalogTables() {}

  static List<Table> read(Connection pg, String schema) throws SQLException {
    Map<String, List<ColumnDef>> columns = columns(pg, schema);
    if (!columns.containsKey("ducklake_snapshot") || !columns.containsKey("ducklake_metadata")) {
      throw new MigrationException("schema \"" + schema + "\" of " + pg.getCatalog()
          + " holds no DuckLake catalog (no ducklake_metadata and ducklake_snapshot tables); name the schema with"
          + " --schema if DuckLake was attached with METADATA_SCHEMA");
    }
    List<Table> out = new ArrayList<>();
    for (RelationDef def : DuckLakeRelations.ALL) {
      List<ColumnDef> found = columns.get(def.name());
      if (found == null) {
        throw new MigrationException("schema \"" + schema + "\" lacks the DuckLake table " + def.name()
            + ": not a DuckLake 1.0 catalog (open it once with DuckDB 1.5 to migrate it)");
      }
      List<String> expected = def.columns().stream().map(ColumnDef::name).toList();
      List<String> actual = found.stream().map(ColumnDef::name).toList();
      if (!actual.equals(expected)) {
        throw new MigrationException("the columns of " + schema + "." + def.name() + " are " + actual
            + ", not DuckLake 1.0's " + expected + "; RockLake keeps exactly DuckLake 1.0's tables");
      }
      for (int i = 0; i < expected.size(); i++) {
        if (found.get(i).type() != def.columns().get(i).type()) {
          throw new MigrationException("column " + def.name() + "." + expected.get(i) + " is "
              + found.get(i).typeSql().toLowerCase(Locale.ROOT) + ", not DuckLake's "
              + def.columns().get(i).typeSql().toLowerCase(Locale.ROOT));
        }
      }
      out.add(new Table(new RelationDef(def.id(), schema, def.name(), def.columns(), def.primaryKey(), def.kind()),
          false));
    }
    for (Map.Entry<String, List<ColumnDef>> e : columns.entrySet()) {
      if (isInlined(e.getKey())) {
        out.add(new Table(new RelationDef(0, schema, e.getKey(), e.getValue(), List.of(), RelationDef.Kind.DYNAMIC),
            true));
      }
    }
    return out;
  }

  static boolean isInlined(String name) {
    return name.startsWith("ducklake_inlined_data_") && !name.equals("ducklake_inlined_data_tables")
        || name.startsWith("ducklake_inlined_delete_");
  }

  /** Every ordinary table of the schema whose name starts with ducklake_, its columns in order. */
  private static Map<String, List<ColumnDef>> columns(Connection pg, String schema) throws SQLException {
    Map<String, List<ColumnDef>> out = new LinkedHashMap<>();
    String sql = "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull"
        + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid"
        + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND c.relname LIKE 'ducklake\\_%'"
        + " AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum";
    try (PreparedStatement ps = pg.prepareStatement(sql)) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String table = rs.getString(1);
          out.computeIfAbsent(table, t -> new ArrayList<>()).add(column(table, rs.getString(2), rs.getString(3),
              rs.getBoolean(4)));
        }
      }
    }
    return out;
  }

  /** A column as the engine defines one from DuckDB's CREATE TABLE: numeric keeps (p,s), other modifiers go. */
  private static ColumnDef column(String table, String name, String pgType, boolean notNull) {
    ColumnType type = ColumnType.fromSql(pgType).orElseThrow(() -> new MigrationException("column " + table + "."
        + name + " has type " + pgType + ", which no DuckLake catalog table has and RockLake cannot hold"));
    int paren = pgType.indexOf('(');
    String modifier = type == ColumnType.DECIMAL && paren > 0 ? pgType.substring(paren).replace(" ", "") : null;
    return new ColumnDef(name, type, notNull, modifier);
  }
}
