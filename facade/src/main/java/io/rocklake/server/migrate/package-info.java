/**
 * Moving a DuckLake catalog between PostgreSQL and RockLake: {@code rocklake import} copies every
 * catalog relation of a DuckLake catalog kept in PostgreSQL (the 28 tables and the inlined-data and
 * inlined-delete tables, every row, so all history) into a new RockLake catalog through the catalog's
 * own insert path; {@code rocklake export} does the reverse into an empty PostgreSQL database. Rows
 * travel as binary COPY, each value through the engine's PostgreSQL type codecs, so nothing is
 * reformatted on the way. It depends on io.rocklake.catalog, io.rocklake.pgwire.types,
 * io.rocklake.kv, io.rocklake.server (catalog locations) and pgjdbc.
 */
package io.rocklake.server.migrate;
