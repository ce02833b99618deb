/**
 * The SQL engine, where a statement meets a catalog transaction, in named steps (docs/engine.md, "Statement
 * pipeline"): {@code SqlEngine} (one per catalog, owning the steps sessions share and the plan cache),
 * {@code EngineSession} (one client's session state, and the order of the steps), {@code LiveSessions},
 * {@code SessionActivity} and {@code ClientOrigin} (the engine's live sessions, what pg_stat_activity lists), {@code Parser} and
 * {@code ParseTemplates} (parse), {@code Authorizer} (classify and authorize), {@code TransactionBlock} and
 * {@code TransactionState} (the transaction block), {@code Settings}, {@code Reads}, {@code Describer},
 * {@code CopyOptions} and {@code CopyIntoTable}, {@code CalcitePlanner} and
 * {@code CalcitePlan} (reads compiled once by Calcite and run in any later transaction), {@code ScanPlan}, {@code Eval}
 * and {@code Writes} (single-relation scans and DuckLake's writes executed directly), PostgreSQL semantics on top of
 * Calcite ({@code Coercions}, {@code Unknown}, {@code PostgresSemantics}, {@code PgCompat}, {@code PgFunctions},
 * {@code MicrosecondTimestamps}: timestamps in plans to the microsecond),
 * the shape whitelist ({@code ShapePolicy}, {@code ShapeKey}), {@code PlanArchive}, the statement limits, and what a
 * caller gets back ({@code Outcome}, {@code Field}, {@code EngineException}). Depends on io.rocklake.catalog and its
 * calcite and pg subpackages, io.rocklake.sql.ast, .parser and .fingerprint, io.rocklake.pgwire.types, Calcite and
 * Janino; nothing here knows about Netty or message framing. One violation: {@code CorruptData} imports
 * io.rocklake.kv.format.CorruptObjectException, reaching below the catalog into a kv-store internal package.
 */
package io.rocklake.engine;
