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

/** Converts column values to their protobuf form in facts; {@link StoredFact} reads them back. */
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
}
