/**
 * Spark 4 (local mode, test scope only) as a client of RockLake's PostgreSQL endpoint: its JDBC data
 * source over pgjdbc reading a catalog relation, and the lake database's tables of a replayed capture,
 * each answer compared with an oracle (PostgreSQL 15 holding the same rows; DuckDB reading its own
 * export of the table), and what Spark sent and got seen on the wire.
 */
package io.rocklake.conformance.spark;
