/**
 * {@code bin/rocklake-conformance}: {@code ConformanceCli} and its picocli commands {@code ReplayCommand},
 * {@code BenchCommand}, {@code TrainCommand}, {@code InventoryCommand} and {@code WhitelistCommand}, with
 * {@code Targets} turning {@code --target}/{@code --baseline} values into servers to replay against. It is its own
 * package so that argument parsing stays out of the harness. It is the top of the tool and may depend on every other
 * conformance package and picocli; beyond those it reaches into the server only for file locations and artefacts it
 * produces: io.rocklake.engine.ShapePolicy (where the whitelist resource goes) and io.rocklake.server.WarmUp (writing
 * the warm-up file).
 */
package io.rocklake.conformance.cli;
