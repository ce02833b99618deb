package io.rocklake.catalog.calcite;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RockLakeRelations;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import io.rocklake.sql.parser.impl.RockLakeSqlParserImpl;
import org.apache.calcite.DataContext;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Plain SQL over the catalog relations through Calcite: a JDBC connection whose schemas
 * {@code public} and {@code rocklake} are the relations as the given transaction sees them (any
 * commit at or above the floor, via {@link Catalog#beginAt}), and whose {@code pg_catalog} schema
 * describes them the way PostgreSQL's system catalog would.
 */
public final class CatalogSql {
  private CatalogSql() {}

  public static Connection connect(Catalog catalog, CatalogTransaction tx) throws SQLException {
    Properties info = new Properties();
    // PostgreSQL's lexical rules, through RockLake's own grammar (key, value, scope, ... are column
    // names, not reserved words): double-quoted identifiers, unquoted ones folded to lower case.
    info.setProperty("parserFactory", RockLakeSqlParserImpl.class.getName() + "#FACTORY");
    info.setProperty("quoting", "DOUBLE_QUOTE");
    info.setProperty("unquotedCasing", "TO_LOWER");
    info.setProperty("quotedCasing", "UNCHANGED");
    info.setProperty("caseSensitive", "true");
    // Of Calcite's conformances, BIG_QUERY is one that types CASE / UNION branches of different
    // lengths as VARCHAR (not blank-padded CHAR), allows ORDER BY a select alias and SELECT without
    // FROM — all as in PostgreSQL; the differential tests against PostgreSQL hold it to that.
    info.setProperty("conformance", "BIG_QUERY");
    info.setProperty("typeSystem", PostgresTypeSystem.class.getName() + "#INSTANCE");
    Connection connection = DriverManager.getConnection("jdbc:calcite:", info);
    CalciteConnection calcite = connection.unwrap(CalciteConnection.class);
    org.apache.calcite.schema.SchemaPlus root = calcite.getRootSchema();
    for (String schema : new String[] {DuckLakeRelations.SCHEMA, RockLakeRelations.SCHEMA, "pg_catalog"}) {
      root.add(schema, new MillisecondSchema(new ScopedSchema(tx, catalog.registry(), schema, context -> tx, false)));
    }
    calcite.setSchema(DuckLakeRelations.SCHEMA);
    return connection;
  }

  /**
   * The relations with their timestamps in Calcite's own unit. Calcite's JDBC driver runs its plans
   * as Calcite compiles them, without the engine's rewrite to microseconds
   * ({@code io.rocklake.engine.MicrosecondTimestamps}), so here a TIMESTAMP is epoch milliseconds
   * (rounded down), as everywhere in Calcite.
   */
  private static final class MillisecondSchema extends AbstractSchema {
    private final ScopedSchema relations;

    MillisecondSchema(ScopedSchema relations) {
      this.relations = relations;
    }

    @Override protected Map<String, Table> getTableMap() {
      Map<String, Table> tables = new HashMap<>();
      relations.getTableMap().forEach((name, t) -> tables.put(name,
          t instanceof ScannableTable scannable ? new MillisecondTable(scannable) : t));
      return tables;
    }
  }

  private static final class MillisecondTable extends AbstractTable implements ScannableTable {
    private final ScannableTable relation;

    MillisecondTable(ScannableTable relation) {
      this.relation = relation;
    }

    @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
      return relation.getRowType(typeFactory);
    }

    @Override public Enumerable<@Nullable Object[]> scan(DataContext root) {
      List<RelDataTypeField> fields = getRowType(root.getTypeFactory()).getFieldList();
      return relation.scan(root).select(row -> {
        @Nullable Object[] out = row.clone(); // a relation may hand the same arrays to every enumeration
        for (int i = 0; i < fields.size(); i++) {
          if (fields.get(i).getType().getSqlTypeName() == SqlTypeName.TIMESTAMP && out[i] instanceof Long micros) {
            out[i] = Math.floorDiv(micros, 1000L);
          }
        }
        return out;
      });
    }
  }
}
