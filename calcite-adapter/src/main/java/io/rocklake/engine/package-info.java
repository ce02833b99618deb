/**
 * The SQL engine, where a parsed statement meets a catalog transaction: {@code SqlEngine} (one per catalog, owning the
 * plan cache), {@code EngineSession} (one client's transaction state and settings), {@code CalcitePlanner} and
 * {@code CalcitePlan} (reads compiled once by Calcite and run in any later transaction), {@code ScanPlan}, {@code Eval}
 * and {@code Writes} (single-relation scans and DuckLake's writes executed directly), PostgreSQL semantics on top of
 * Calcite ({@code Coercions}, {@code Unknown}, {@code PostgresSemantics}, {@code PgCompat}, {@code PgFunctions}),
 * the shape whitelist ({@code ShapePolicy}, {@code ShapeKey}), {@code PlanArchive}, the statement limits, and what a
 * caller gets back ({@code Outcome}, {@code Field}, {@code EngineException}). Depends on io.rocklake.catalog and its
 * calcite and pg subpackages, io.rocklake.sql.ast, .parser and .fingerprint, io.rocklake.pgwire.types, Calcite and
 * Janino; nothing here knows about Netty or message framing. One violation: {@code CorruptData} imports
 * io.rocklake.kv.format.CorruptObjectException, reaching below the catalog into a kv-store internal package.
 */
package io.rocklake.engine;
