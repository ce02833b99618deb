/**
 * The root of truth: {@code Manifest} (one immutable, numbered object per database state: writer epoch, SSTs, the WAL
 * position they cover, checkpoints), {@code ManifestStore} (reads manifests and writes the next by create-if-absent,
 * so two writers cannot both publish the same state) and {@code Checkpoint} (a pinned manifest garbage collection
 * must keep). It is its own package because every change of database state is published through this one object.
 * Depends on io.rocklake.kv.format, io.rocklake.kv.store, io.rocklake.kv.sst ({@code SstInfo}) and io.rocklake.kv
 * ({@code KvException}); it does not know the LSM's in-memory structures or the WAL.
 */
package io.rocklake.kv.manifest;
