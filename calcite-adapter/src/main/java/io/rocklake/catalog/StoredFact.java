package io.rocklake.catalog;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import io.rocklake.kv.KeyValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * One stored version of a row, read back: a deletion, or the row's values in column order, with its
 * stable row id either way.
 *
 * <p>Every read of a catalog row passes through {@link #decode}, so it reads the protobuf wire
 * format ({@code RowFact} and {@code Value} in catalog.proto, written by {@link Values}) field by field
 * straight into the Java values, instead of building the generated messages first: a whole-relation
 * read decodes a million facts, and the generated parser's message and builder objects for every
 * value were a third of its time. The proto rules it keeps: fields in any order, unknown fields
 * skipped, the last member of a {@code oneof} wins, an absent value is NULL. Columns added after the
 * fact was written read as NULL; values beyond the relation's columns are ignored.
 *
 * @param values null for a deletion
 */
record StoredFact(boolean deleted, long rowId, Object[] values) {
  private static final int ROW_VALUES = 1;
  private static final int ROW_DELETED = 2;
  private static final int ROW_ID = 3;

  static StoredFact decode(KeyValue kv, List<ColumnDef> columns) {
    try {
      return decode(CodedInputStream.newInstance(kv.value()), columns);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      throw new CatalogException(SqlState.INTERNAL_ERROR, "corrupt catalog fact at key "
          + HexFormat.of().formatHex(kv.key()) + ": " + e.getMessage());
    } catch (IOException e) {
      throw new IllegalStateException("reading a byte array cannot fail with I/O", e);
    }
  }

  private static StoredFact decode(CodedInputStream in, List<ColumnDef> columns) throws IOException {
    Object[] values = new Object[columns.size()];
    int column = 0;
    boolean deleted = false;
    long rowId = 0;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (tag) {
        case ROW_VALUES << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: {
          int limit = in.pushLimit(in.readRawVarint32());
          if (column < values.length) {
            values[column] = value(in, columns.get(column).type());
          } else {
            in.skipMessage();
          }
          column++;
          in.popLimit(limit);
          break;
        }
        case ROW_DELETED << 3 | WireFormat.WIRETYPE_VARINT:
          deleted = in.readBool();
          break;
        case ROW_ID << 3 | WireFormat.WIRETYPE_VARINT:
          rowId = in.readInt64();
          break;
        default:
          if (!in.skipField(tag)) {
            return new StoredFact(deleted, rowId, deleted ? null : values);
          }
      }
    }
    return new StoredFact(deleted, rowId, deleted ? null : values);
  }

  /** One {@code Value} message, up to the current limit: its last kind wins; none is NULL. */
  private static Object value(CodedInputStream in, ColumnType type) throws IOException {
    Object v = null;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      switch (tag) {
        case 1 << 3 | WireFormat.WIRETYPE_VARINT: v = ofInt(in.readInt64(), type); break;
        case 2 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: v = ofText(in.readStringRequireUtf8(), type); break;
        case 3 << 3 | WireFormat.WIRETYPE_VARINT: v = in.readBool(); break;
        case 4 << 3 | WireFormat.WIRETYPE_FIXED64: v = in.readDouble(); break;
        case 5 << 3 | WireFormat.WIRETYPE_FIXED32: v = in.readFloat(); break;
        case 6 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: v = in.readByteArray(); break;
        case 7 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: v = ofUuid(in.readByteArray()); break;
        case 8 << 3 | WireFormat.WIRETYPE_VARINT: v = ofMicros(in.readInt64(), type); break;
        case 9 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: v = new BigDecimal(in.readStringRequireUtf8()); break;
        case 10 << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED: v = interval(in); break;
        case 11 << 3 | WireFormat.WIRETYPE_VARINT: v = LocalDate.ofEpochDay(in.readInt32()); break;
        default:
          if (!in.skipField(tag)) {
            return v;
          }
      }
    }
    return v;
  }

  private static Object ofInt(long n, ColumnType type) {
    return type == ColumnType.INTEGER ? (Object) (int) n : type == ColumnType.SMALLINT ? (Object) (short) n : n;
  }

  private static Object ofText(String text, ColumnType type) {
    return type == ColumnType.TIMETZ ? OffsetTime.parse(text) : text;
  }

  private static UUID ofUuid(byte[] b) {
    if (b.length != 16) {
      throw new IllegalArgumentException("a UUID value of " + b.length + " bytes");
    }
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 8; i++) {
      hi = hi << 8 | (b[i] & 0xff);
      lo = lo << 8 | (b[i + 8] & 0xff);
    }
    return new UUID(hi, lo);
  }

  private static Object ofMicros(long micros, ColumnType type) {
    if (type == ColumnType.TIME) {
      return LocalTime.ofNanoOfDay(micros * 1000);
    }
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }

  private static ColumnType.Interval interval(CodedInputStream in) throws IOException {
    int limit = in.pushLimit(in.readRawVarint32());
    int months = 0;
    int days = 0;
    long micros = 0;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      if (tag == (1 << 3 | WireFormat.WIRETYPE_VARINT)) {
        months = in.readInt32();
      } else if (tag == (2 << 3 | WireFormat.WIRETYPE_VARINT)) {
        days = in.readInt32();
      } else if (tag == (3 << 3 | WireFormat.WIRETYPE_VARINT)) {
        micros = in.readInt64();
      } else if (!in.skipField(tag)) {
        break;
      }
    }
    in.popLimit(limit);
    return new ColumnType.Interval(months, days, micros);
  }
}
