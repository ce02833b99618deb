/**
 * The catalog-scale bench ({@code bin/rocklake-conformance scale-bench}): the same large DuckLake
 * catalog built in RockLake and in PostgreSQL 15 through the wire with DuckDB's own statement
 * shapes ({@code CatalogGenerator}), then DuckDB's reads and commits against it timed on both
 * ({@code ScaleBench}), taken from the captures where DuckDB sent them ({@code CapturedTraffic}).
 * {@code WireSession} is the one client both servers get. docs/benchmarks.md has the method and the
 * figures.
 */
package io.rocklake.conformance.scale;
