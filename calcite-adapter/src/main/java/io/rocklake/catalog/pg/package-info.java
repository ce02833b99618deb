/**
 * PostgreSQL's system catalog as clients read it, derived rather than stored: {@code PgCatalogTables} (pg_class,
 * pg_attribute, pg_namespace and the rest, computed from the relation registry as one transaction sees it),
 * {@code PgSystemCatalog} (PostgreSQL 15's own relations, read from a resource), {@code PgColumns} (how PostgreSQL
 * describes those columns in RowDescription), {@code PgOids} (stable OIDs derived from relation ids) and
 * {@code PgStatActivity} (the one relation not derived from the catalog: the live sessions its query's
 * {@code DataContext} holds). It is its
 * own package because none of this is a fact in the store: it is a projection for pgjdbc, psql and DuckDB's postgres
 * extension. Depends on io.rocklake.catalog and Calcite only; nothing here knows about the engine, the kv-store or
 * the wire protocol.
 */
package io.rocklake.catalog.pg;
