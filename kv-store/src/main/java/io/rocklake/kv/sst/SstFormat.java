package io.rocklake.kv.sst;

/** Constants of the SST byte layout (see docs/formats.md). */
final class SstFormat {
  private SstFormat() {}

  static final int MAGIC = 0x524c4b53; // "RLKS"
  static final int VERSION = 1;
  /** indexOffset u64, indexLength u32, bloomOffset u64, bloomLength u32, entryCount u64, maxSeq u64, crc u32, version u32, magic u32. */
  static final int FOOTER_SIZE = 8 + 4 + 8 + 4 + 8 + 8 + 4 + 4 + 4;
  static final int TOMBSTONE = 1;
  static final int VALUE = 0;
}
