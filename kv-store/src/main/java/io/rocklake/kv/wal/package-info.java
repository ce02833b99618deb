/**
 * The write-ahead log: {@code WalObject} (one object per group commit: the writer epoch and its batches; a new writer's
 * empty one fences the old), {@code WalBatch} (one committed batch, every entry at its sequence number) and
 * {@code WalStore} (read by id and written by create-if-absent; deliberately never listed). It is its own package
 * because the WAL's layout and its role in fencing are one concept apart from SSTs and manifests. Depends on
 * io.rocklake.kv.format, io.rocklake.kv.store and io.rocklake.kv.lsm ({@code Entry}); nothing here knows about
 * memtables, SSTs or manifests.
 */
package io.rocklake.kv.wal;
