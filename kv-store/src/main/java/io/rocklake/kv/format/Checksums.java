package io.rocklake.kv.format;

import java.util.zip.CRC32C;

/** CRC32C, the checksum of every block and object the kv-store writes. */
public final class Checksums {
  private Checksums() {}

  public static int crc32c(byte[] data, int offset, int length) {
    CRC32C crc = new CRC32C();
    crc.update(data, offset, length);
    return (int) crc.getValue();
  }
}
