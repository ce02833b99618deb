/**
 * One RockLake process's serving stack, assembled bottom up: {@code RockLakeServer} (object store, the fenced kv-store
 * writer, the catalog, the SQL engine, the wire endpoint; closing ends sessions, then the store), {@code ServerConfig},
 * {@code CatalogLocation} (a local folder or {@code s3://bucket/prefix} as an object store), {@code TlsFiles} and
 * {@code WarmUp} (DuckDB's ATTACH reads run once before listening). It is its own package because it is the
 * composition root, the one place allowed to know every layer: it depends on io.rocklake.kv and io.rocklake.kv.store,
 * io.rocklake.catalog, io.rocklake.engine, io.rocklake.sql.statement, io.rocklake.facade, io.rocklake.pgwire.server
 * and its auth package, and Calcite. It parses no command line; that is io.rocklake.server.cli.
 */
package io.rocklake.server;
