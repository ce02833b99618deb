/**
 * Lake data read through the catalog's scan plan and arrow-scan, compared with DuckDB's own Parquet
 * exports of the same tables at the same snapshots (the captured sessions' {@code expected/} files).
 */
package io.rocklake.conformance.lake;
