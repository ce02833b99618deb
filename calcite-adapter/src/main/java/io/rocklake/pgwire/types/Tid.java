package io.rocklake.pgwire.types;

/** A row locator ({@code tid}, the type of {@code ctid}): block number and item offset. */
public record Tid(long block, int offset) {
  public Tid {
    if (block < 0 || block > 0xFFFF_FFFFL || offset < 0 || offset > 0xFFFF) {
      throw new PgCodecException("tid out of range: (" + block + "," + offset + ")");
    }
  }

  @Override public String toString() {
    return "(" + block + "," + offset + ")";
  }
}
