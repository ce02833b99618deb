package io.rocklake.catalog;

import com.google.protobuf.ByteString;
import io.rocklake.catalog.proto.Interval;
import io.rocklake.catalog.proto.RowFact;
import io.rocklake.catalog.proto.Value;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.List;
import java.util.UUID;

/** Converts column values to and from their protobuf form in facts. */
final class Values {
  private Values() {}

  static RowFact rowFact(long rowId, Object[] values) {
    RowFact.Builder b = RowFact.newBuilder().setRowId(rowId);
    for (Object v : values) {
      b.addValues(toProto(v));
    }
    return b.build();
  }

  static RowFact tombstone(long rowId) {
    return RowFact.newBuilder().setRowId(rowId).setDeleted(true).build();
  }

  static Object[] fromFact(RowFact fact, List<ColumnDef> columns) {
    Object[] out = new Object[columns.size()];
    for (int i = 0; i < columns.size() && i < fact.getValuesCount(); i++) {
      out[i] = fromProto(fact.getValues(i), columns.get(i).type());
    }
    return out; // columns added after the fact was written read as NULL
  }

  static Value toProto(Object v) {
    Value.Builder b = Value.newBuilder();
    if (v == null) {
      return b.build();
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short) {
      b.setIntValue(((Number) v).longValue());
    } else if (v instanceof String) {
      b.setTextValue((String) v);
    } else if (v instanceof Boolean) {
      b.setBoolValue((Boolean) v);
    } else if (v instanceof Double) {
      b.setDoubleValue((Double) v);
    } else if (v instanceof Float) {
      b.setFloatValue((Float) v);
    } else if (v instanceof byte[]) {
      b.setBytesValue(ByteString.copyFrom((byte[]) v));
    } else if (v instanceof UUID) {
      UUID u = (UUID) v;
      b.setUuidValue(ByteString.copyFrom(ByteBuffer.allocate(16).putLong(u.getMostSignificantBits())
          .putLong(u.getLeastSignificantBits()).array()));
    } else if (v instanceof Instant) {
      Instant t = (Instant) v;
      b.setMicrosValue(Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000));
    } else if (v instanceof LocalTime) {
      b.setMicrosValue(((LocalTime) v).toNanoOfDay() / 1000);
    } else if (v instanceof OffsetTime) {
      // The fact format has no kind for a time with its offset; ISO text keeps both exactly.
      b.setTextValue(v.toString());
    } else if (v instanceof BigDecimal) {
      b.setDecimalValue(((BigDecimal) v).toPlainString());
    } else if (v instanceof ColumnType.Interval) {
      ColumnType.Interval i = (ColumnType.Interval) v;
      b.setIntervalValue(Interval.newBuilder().setMonths(i.months()).setDays(i.days()).setMicros(i.micros()));
    } else if (v instanceof LocalDate) {
      b.setDateValue(Math.toIntExact(((LocalDate) v).toEpochDay()));
    } else {
      throw new IllegalArgumentException("no fact encoding for " + v.getClass());
    }
    return b.build();
  }

  static Object fromProto(Value v, ColumnType type) {
    switch (v.getKindCase()) {
      case KIND_NOT_SET: return null;
      case INT_VALUE:
        long n = v.getIntValue();
        return type == ColumnType.INTEGER ? (Object) (int) n : type == ColumnType.SMALLINT ? (Object) (short) n : n;
      case TEXT_VALUE: return type == ColumnType.TIMETZ ? OffsetTime.parse(v.getTextValue()) : v.getTextValue();
      case BOOL_VALUE: return v.getBoolValue();
      case DOUBLE_VALUE: return v.getDoubleValue();
      case FLOAT_VALUE: return v.getFloatValue();
      case BYTES_VALUE: return v.getBytesValue().toByteArray();
      case UUID_VALUE: {
        ByteBuffer b = v.getUuidValue().asReadOnlyByteBuffer();
        return new UUID(b.getLong(), b.getLong());
      }
      case MICROS_VALUE:
        if (type == ColumnType.TIME) {
          return LocalTime.ofNanoOfDay(v.getMicrosValue() * 1000);
        }
        return Instant.ofEpochSecond(Math.floorDiv(v.getMicrosValue(), 1_000_000L),
            Math.floorMod(v.getMicrosValue(), 1_000_000L) * 1000);
      case DECIMAL_VALUE: return new BigDecimal(v.getDecimalValue());
      case INTERVAL_VALUE: {
        Interval i = v.getIntervalValue();
        return new ColumnType.Interval(i.getMonths(), i.getDays(), i.getMicros());
      }
      case DATE_VALUE: return LocalDate.ofEpochDay(v.getDateValue());
      default: throw new IllegalStateException("unknown value kind " + v.getKindCase());
    }
  }
}
