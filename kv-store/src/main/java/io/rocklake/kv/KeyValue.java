package io.rocklake.kv;

/** A live key and its value as of some sequence number. */
public record KeyValue(byte[] key, byte[] value) {}
