/**
 * The DuckLake catalog as immutable facts in the kv-store: {@code Catalog} (open, commit, read at any commit above the
 * floor), {@code CatalogTransaction} (a fixed read view plus a private write set; first committer wins),
 * {@code RelationRegistry}, {@code RelationDef}, {@code ColumnDef} and {@code ColumnType} (relation shapes),
 * {@code FactKeys} and {@code Values} (how a row becomes a key and a protobuf {@code RowFact}), {@code LiveIndex},
 * {@code Retention} (gc and excise, the only code that deletes facts), {@code CatalogVerifier} (every fact's key
 * against its values, the indexes against the facts), and the PostgreSQL SQLSTATEs of its errors
 * ({@code SqlState}, {@code CatalogException}, {@code StoreFailureErrors}). It is its own package because it is the
 * one place that knows how rows map onto keys; everything SQL sits above it. Depends on io.rocklake.kv, on
 * io.rocklake.kv.store's failure types and on the generated io.rocklake.catalog.proto; nothing here knows about
 * Calcite, SQL or the wire protocol. It does reach past the kv-store's API into its internals:
 * io.rocklake.kv.lsm.Keys for key order and prefix ends, and io.rocklake.kv.sst.SstInfo for the store's size.
 */
package io.rocklake.catalog;
