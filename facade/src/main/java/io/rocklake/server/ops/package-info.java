/**
 * The operator's commands on a catalog at rest or in service: {@code rocklake snapshots} (DuckLake's
 * snapshots with the RockLake commit of each), {@code rocklake inspect} (what the catalog holds and
 * what its kv-store is made of), both read-only through a kv-store reader that never writes a byte;
 * {@code rocklake gc} (raise the visibility floor, deleting nothing) and {@code rocklake excise}
 * (remove what no readable commit needs, audited), which open the writer. {@code OpsCommand} holds
 * what they share: {@code --catalog}, {@code --json}, exit codes, one-line errors and the catalog's
 * opening. It depends on io.rocklake.catalog, io.rocklake.kv, io.rocklake.server (catalog locations),
 * picocli and jackson-databind.
 */
package io.rocklake.server.ops;
