package io.rocklake.catalog.calcite;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RockLakeRelations;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Plain SQL over the catalog relations through Calcite: a JDBC connection whose schemas
 * {@code public} and {@code rocklake} are the relations as the given transaction sees them (any
 * commit at or above the floor, via {@link Catalog#beginAt}).
 */
public final class CatalogSql {
  private CatalogSql() {}

  public static Connection connect(Catalog catalog, CatalogTransaction tx) throws SQLException {
    Properties info = new Properties();
    info.setProperty("lex", "JAVA"); // identifiers case-sensitive as stored (lower case)
    info.setProperty("caseSensitive", "true");
    info.setProperty("unquotedCasing", "UNCHANGED");
    Connection connection = DriverManager.getConnection("jdbc:calcite:", info);
    CalciteConnection calcite = connection.unwrap(CalciteConnection.class);
    SchemaPlus root = calcite.getRootSchema();
    root.add(DuckLakeRelations.SCHEMA, new CatalogSchema(tx, catalog.registry(), DuckLakeRelations.SCHEMA));
    root.add(RockLakeRelations.SCHEMA, new CatalogSchema(tx, catalog.registry(), RockLakeRelations.SCHEMA));
    calcite.setSchema(DuckLakeRelations.SCHEMA);
    return connection;
  }
}
