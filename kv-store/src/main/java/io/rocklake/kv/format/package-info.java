/**
 * The byte-level building blocks of every object the kv-store writes: {@code ByteReader} and {@code ByteWriter}
 * (bounds-checked big-endian encoding), {@code Checksums} (CRC32C), {@code ObjectKeys} (names of numbered manifest
 * and WAL objects), {@code Ulid} (SST names that carry their creation time) and {@code CorruptObjectException}. It is
 * its own package because the WAL, SST and manifest formats all share it and none should own it. Depends only on
 * io.rocklake.kv, for {@code KvException} as the base of {@code CorruptObjectException}, which makes a cycle with that
 * package; it knows nothing of the LSM or the object store.
 */
package io.rocklake.kv.format;
