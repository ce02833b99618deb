/**
 * The join between the wire server and the SQL engine: {@code CatalogQueryEngine} implements the wire server's
 * {@code QueryEngine} by opening {@code EngineSession}s of one {@code SqlEngine} over one catalog. It is its own
 * package so that exactly one class wires the protocol layer to the engine. Depends on io.rocklake.pgwire.server,
 * io.rocklake.engine and io.rocklake.catalog; nothing here touches bytes, sockets or the kv-store.
 */
package io.rocklake.facade;
