/**
 * The catalog relations as Calcite sees them: {@code ScopedSchema} and {@code ScopedTable}, the one table abstraction
 * (each execution's transaction read from the DataContext, so one cached plan serves every session);
 * {@code BoundedScanRule}, {@code BoundedScan}, {@code RexBounds} and {@code BoundsTemplate}, which hand a filter's
 * integer bounds to the catalog's access paths ({@code io.rocklake.catalog.ScanBounds});
 * {@code LakeTable}, {@code LakeProjectionRule}, {@code LakeProjectedScan}, {@code LakePruningRule} and
 * {@code LakePruningTerms}, a DuckLake table at a snapshot reading only the columns a plan uses and only the files
 * its filter's comparisons admit by their statistics;
 * {@code CalciteTypes} (column types and values in Calcite's representation), {@code PostgresTypeSystem} (PostgreSQL's
 * type rules where Calcite's differ) and {@code CatalogSql} (plain JDBC SQL over the catalog). It is its own package
 * so that io.rocklake.catalog stays free of Calcite. Depends on io.rocklake.catalog, io.rocklake.catalog.pg,
 * io.rocklake.pgwire.types and Calcite, and names the generated parser (io.rocklake.sql.parser.impl) only as
 * Calcite's parser factory; it knows nothing of the engine, the kv-store or the wire protocol.
 */
package io.rocklake.catalog.calcite;
