package io.rocklake.kv.wal;

import io.rocklake.kv.lsm.Entry;
import java.util.List;

/** One committed write batch as logged: every entry carries the batch's sequence number. */
public record WalBatch(long seq, List<Entry> entries) {}
