package io.rocklake.arrowscan;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder;

/**
 * What a scan yields, as rows of the same canonical values {@link DuckDb} returns: integers of every
 * width (unsigned included, int128 and uint128 too) as BigInteger, dates as days, timestamps as their
 * unit (seconds to nanoseconds) since the epoch and times as microseconds of the day (BigInteger),
 * intervals as {@code "<months> months <days> days <micros> us"}, blobs as upper-case hex, uuids as text;
 * lists as List, structs as LinkedHashMap of field name to value, maps as List of [key, value]; floats, decimals, booleans and strings
 * as they are (so NaN, -0.0 and a decimal's scale count). Public for the oracle suites of other
 * modules (this module's test jar).
 */
public final class ArrowRows {
  private ArrowRows() {}

  public static List<List<Object>> scan(ScanPlan plan) {
    return scan(plan, ScanOptions.defaults());
  }

  public static List<List<Object>> scan(ScanPlan plan, ScanOptions options) {
    try (BufferAllocator allocator = new RootAllocator();
        LakeScan scan = LakeScan.open(plan, allocator, options)) {
      List<List<Object>> rows = new ArrayList<>();
      while (scan.loadNextBatch()) {
        rows.addAll(rows(scan.root()));
      }
      return rows;
    }
  }

  static List<List<Object>> rows(VectorSchemaRoot root) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      List<Object> row = new ArrayList<>();
      for (FieldVector v : root.getFieldVectors()) {
        row.add(v.isNull(i) ? null : value(v, i));
      }
      rows.add(row);
    }
    return rows;
  }

  static Object value(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    if (v instanceof MapVector m) {
      StructVector entries = (StructVector) m.getDataVector();
      List<Object> pairs = new ArrayList<>();
      for (int j = m.getElementStartIndex(i); j < m.getElementEndIndex(i); j++) {
        pairs.add(Arrays.asList(value(entries.getChildrenFromFields().get(0), j), value(entries.getChildrenFromFields().get(1), j)));
      }
      return pairs;
    } else if (v instanceof ListVector l) {
      List<Object> elements = new ArrayList<>();
      for (int j = l.getElementStartIndex(i); j < l.getElementEndIndex(i); j++) {
        elements.add(value(l.getDataVector(), j));
      }
      return elements;
    } else if (v instanceof StructVector s) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (FieldVector child : s.getChildrenFromFields()) {
        fields.put(child.getName(), value(child, i));
      }
      return fields;
    } else if (v instanceof BitVector b) {
      return b.get(i) == 1;
    } else if (v instanceof TinyIntVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof SmallIntVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof IntVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof BigIntVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof UInt1Vector x) {
      return BigInteger.valueOf(x.get(i) & 0xFF);
    } else if (v instanceof UInt2Vector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof UInt4Vector x) {
      return BigInteger.valueOf(Integer.toUnsignedLong(x.get(i)));
    } else if (v instanceof UInt8Vector x) {
      return new BigInteger(Long.toUnsignedString(x.get(i)));
    } else if (v instanceof Float4Vector x) {
      return x.get(i);
    } else if (v instanceof Float8Vector x) {
      return x.get(i);
    } else if (v instanceof DecimalVector x) {
      return x.getObject(i);
    } else if (v instanceof Decimal256Vector x) {
      return x.getObject(i).toBigIntegerExact(); // int128 and uint128, scale 0
    } else if (v instanceof TimeMicroVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof IntervalMonthDayNanoVector x) {
      NullableIntervalMonthDayNanoHolder h = new NullableIntervalMonthDayNanoHolder();
      x.get(i, h);
      return h.months + " months " + h.days + " days " + (h.nanoseconds % 1000 == 0 ? h.nanoseconds / 1000 + " us" : h.nanoseconds + " ns");
    } else if (v instanceof DateDayVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof TimeStampVector x) {
      return BigInteger.valueOf(x.get(i));
    } else if (v instanceof VarCharVector x) {
      return new String(x.get(i), java.nio.charset.StandardCharsets.UTF_8);
    } else if (v instanceof VarBinaryVector x) {
      return HexFormat.of().withUpperCase().formatHex(x.get(i));
    } else if (v instanceof UuidVector x) {
      return x.getObject(i).toString();
    }
    throw new IllegalArgumentException("no canonical form for " + v.getClass().getSimpleName());
  }
}
