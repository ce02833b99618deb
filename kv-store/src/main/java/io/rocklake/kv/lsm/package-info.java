/**
 * The log-structured merge tree in memory: {@code Entry} (one version of one key; a null value is a tombstone),
 * {@code Keys} (unsigned byte order, newest version first), {@code Memtable}, {@code LsmView} and {@code ReadState}
 * (where data lives, and the sequence number it is read at), the iterators that merge and filter versions
 * ({@code MergingIterator}, {@code VisibleIterator} and for descending scans {@code DescendingVisibleIterator},
 * {@code EntryIterator}, {@code ReadAheadEntryIterator}, {@code ListEntryIterator}, and {@code KeyValueIterator}, which
 * hands a scan's live entries out as key-values) and
 * {@code Compaction}. It is its own package because version order and visibility are one concept that the WAL, SSTs
 * and reads all rely on. Depends on io.rocklake.kv ({@code KeyValue}) and io.rocklake.kv.sst ({@code SstReader},
 * {@code SstWriter}), while kv.sst imports {@code Entry} and {@code Keys} from here: kv.lsm and kv.sst form a cycle.
 */
package io.rocklake.kv.lsm;
