package io.rocklake.catalog;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;

/**
 * The catalog's key layout in the kv-store (docs/formats.md, "Catalog keys"):
 *
 * <pre>
 *   'f' | relation id (u32) | row key | ~commit id (u64)   → RowFact (protobuf)
 *   'm' | name                                              → meta value (derived, rebuildable)
 * </pre>
 *
 * The commit id is stored inverted (bitwise NOT, big-endian), so the versions of one row sort
 * newest first and "the newest version at or before commit C" is the first key at or after
 * {@code ~C}. Row keys are prefix-free, so one row's versions are never interleaved with another's.
 */
public final class FactKeys {
  static final byte FACT = 'f';
  static final byte META = 'm';

  private FactKeys() {}

  public static byte[] relationPrefix(int relationId) {
    return ByteBuffer.allocate(5).put(FACT).putInt(relationId).array();
  }

  public static byte[] fact(int relationId, byte[] rowKey, long commitId) {
    return ByteBuffer.allocate(5 + rowKey.length + 8).put(FACT).putInt(relationId).put(rowKey)
        .putLong(~commitId).array();
  }

  /** The first key of {@code rowKey}'s versions visible at {@code commitId}. */
  public static byte[] versionsFrom(int relationId, byte[] rowKey, long commitId) {
    return fact(relationId, rowKey, commitId);
  }

  public static byte[] rowPrefix(int relationId, byte[] rowKey) {
    return ByteBuffer.allocate(5 + rowKey.length).put(FACT).putInt(relationId).put(rowKey).array();
  }

  public static int relationOf(byte[] factKey) {
    return ByteBuffer.wrap(factKey, 1, 4).getInt();
  }

  public static byte[] rowKeyOf(byte[] factKey) {
    return Arrays.copyOfRange(factKey, 5, factKey.length - 8);
  }

  public static long commitOf(byte[] factKey) {
    return ~ByteBuffer.wrap(factKey, factKey.length - 8, 8).getLong();
  }

  /** Whether two version keys (same layout) are versions of the same row. */
  public static boolean sameRow(byte[] a, byte[] b) {
    return a.length == b.length && Arrays.equals(a, 0, a.length - 8, b, 0, b.length - 8);
  }

  public static byte[] meta(String name) {
    byte[] n = name.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(1 + n.length).put(META).put(n).array();
  }

  /** The row key of a relation without a primary key: its row id. */
  public static byte[] rowIdKey(long rowId) {
    return ByteBuffer.allocate(8).putLong(rowId).array();
  }

  /** The row key of a single integer key column (see {@link #primaryKey}). */
  public static byte[] integerKey(long value) {
    return ByteBuffer.allocate(8).putLong(value ^ Long.MIN_VALUE).array();
  }

  /**
   * The row key of a relation with a primary key: the key columns in an order-preserving,
   * prefix-free encoding (integers sign-flipped big-endian; text with 0x00 escaped as 0x00 0xFF and
   * terminated by 0x00 0x00; UUIDs as 16 bytes; booleans as one byte).
   */
  public static byte[] primaryKey(RelationDef relation, Object[] values) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i : relation.primaryKeyIndexes()) {
      Object v = values[i];
      ColumnType type = relation.columns().get(i).type();
      if (v == null) {
        throw new CatalogException(SqlState.NOT_NULL_VIOLATION, "null value in column \""
            + relation.columns().get(i).name() + "\" of relation \"" + relation.name()
            + "\" violates not-null constraint");
      }
      switch (type) {
        case BIGINT: case INTEGER: case SMALLINT:
          out.writeBytes(ByteBuffer.allocate(8).putLong(((Number) v).longValue() ^ Long.MIN_VALUE).array());
          break;
        case BOOLEAN:
          out.write((Boolean) v ? 1 : 0);
          break;
        case UUID:
          UUID u = (UUID) v;
          out.writeBytes(ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
              .putLong(u.getLeastSignificantBits()).array());
          break;
        case VARCHAR: case TEXT:
          for (byte b : ((String) v).getBytes(StandardCharsets.UTF_8)) {
            out.write(b);
            if (b == 0) {
              out.write(0xFF);
            }
          }
          out.write(0);
          out.write(0);
          break;
        default:
          throw new CatalogException(SqlState.DATATYPE_MISMATCH, "type " + type.sqlName()
              + " is not supported in a primary key (relation " + relation.name() + ")");
      }
    }
    return out.toByteArray();
  }
}
