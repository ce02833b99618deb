package io.rocklake.catalog.calcite;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RockLakeRelations;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import io.rocklake.sql.parser.impl.RockLakeSqlParserImpl;
import org.apache.calcite.jdbc.CalciteConnection;

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
      root.add(schema, new ScopedSchema(tx, catalog.registry(), schema, context -> tx, false));
    }
    calcite.setSchema(DuckLakeRelations.SCHEMA);
    return connection;
  }
}
