/**
 * Replaying captures: {@code Replayer} (every captured connection on its own socket, each run of frontend messages sent
 * after the answer that preceded it), {@code ReplayTarget} and its servers ({@code PostgresTarget},
 * {@code RockLakeTarget} in this process, {@code ProcessRockLakeTarget} with {@code ServerProcess} in a child JVM
 * that can be killed, {@code LaunchedRockLakeTarget} as {@code bin/rocklake serve}, {@code ExternalTarget}),
 * {@code Endpoint}, {@code Run}, {@code ScenarioResult} and {@code ConnectionBoundaryListener}. Depends on
 * io.rocklake.conformance.corpus, .compare, .wire, .pg and .sql, and on io.rocklake.server ({@code RockLakeServer},
 * {@code ServerConfig}, {@code CatalogLocation}) to start RockLake; {@code ServerProcess} also drives
 * io.rocklake.engine.SqlEngine's static plan-archive switches, process-wide state outside {@code ServerConfig}.
 */
package io.rocklake.conformance.replay;
