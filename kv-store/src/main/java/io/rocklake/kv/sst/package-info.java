/**
 * Sorted string tables, the immutable objects data settles in: {@code SstWriter} and {@code SstReader} (ranged GETs:
 * footer, then index and bloom filter, then data blocks on demand, read forwards or backwards), {@code Block}, {@code BlockCache},
 * {@code BloomFilter}, {@code SstFormat} (the layout's constants, docs/formats.md) and {@code SstInfo} (what the
 * manifest records of one SST). It is its own package because the SST byte format is one concept with its own
 * checksums and caching. Depends on io.rocklake.kv.format, io.rocklake.kv.store and io.rocklake.kv.lsm
 * ({@code Entry}, {@code EntryIterator}, {@code Keys}), which itself imports this package: the two form a cycle.
 */
package io.rocklake.kv.sst;
