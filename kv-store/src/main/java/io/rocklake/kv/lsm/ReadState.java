package io.rocklake.kv.lsm;

/**
 * A view and the sequence number it is read at, published together so a read never pairs a new
 * view (perhaps compacted) with an older sequence number.
 */
public record ReadState(LsmView view, long seq) {}
