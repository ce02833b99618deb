/**
 * The kv-store's public API, an LSM key-value store in object storage: {@code Db} (the single fenced writer, group
 * commit into WAL objects, flush and compaction published by the next manifest), {@code DbReader} (a reader that never
 * writes an object), {@code KvReader} (gets, and scans in both directions), {@code WriteBatch}, {@code KeyValue},
 * {@code Snapshot}, {@code DbOptions}, {@code GarbageCollector}, {@code StoreVerifier} (proves every object a reader
 * reads whole, without writing), {@code FencedException} and {@code KvException}.
 * Callers in other modules should need only this package and io.rocklake.kv.store (io.rocklake.catalog and
 * io.rocklake.engine reach further; their package notes say where).
 *
 * <p>Inside, package-private, the writer is split by protocol and {@code Db} only composes the parts: {@code Fence}
 * (epoch and fencing objects), {@code Recovery} (the takeover), {@code GroupCommit} (WAL append and the durability
 * ack), {@code Flush}, {@code CompactionScheduler}, {@code Checkpoints}, {@code BackgroundCollector} and
 * {@code SnapshotRegistry}, over {@code WriterState} (the shared state and its two locks) and {@code WriterStatus}
 * (failed or closed). docs/kv-store.md, "Code layout", lists the invariant each owns.
 *
 * <p>Depends on its own subpackages only; nothing in the kv-store knows about the catalog, SQL or the wire protocol.
 * The layering inside is not one-way: kv.format, kv.lsm and kv.manifest import {@code KvException} or
 * {@code KeyValue} back from here.
 */
package io.rocklake.kv;
