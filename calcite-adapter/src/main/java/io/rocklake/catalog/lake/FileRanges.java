package io.rocklake.catalog.lake;

import io.rocklake.catalog.ScanBounds;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Ranges a query's filter confines a column's values to ({@code id BETWEEN 10 AND 20}, {@code k = 5},
 * {@code s >= 'm'}, {@code d < DATE '2024-01-01'}), by {@code column_id}: a data file whose
 * {@code ducklake_file_column_stats} show all of a column's values outside its range holds no row the
 * query keeps, and is not read. Each range is kept in its column's own ordering — integers and decimals
 * as numbers, {@code float32}/{@code float64} as doubles, {@code varchar} as DuckDB orders strings
 * (by code point), {@code date} and {@code timestamp} as dates and times.
 *
 * <p>Safe by construction: a file without statistics for the column, or with a bound this class cannot
 * read as the column's type, is kept; a float column whose statistics contain a NaN
 * ({@code contains_nan}, or a NaN bound) is taken to have no maximum, since NaN is greater than every
 * number in PostgreSQL's order (only a numeric minimum above the range leaves it out); a string bound with a character at or above U+D800 adds no range (there
 * UTF-16 and code point order differ); a timestamp statistic is cut to the microsecond, as the
 * values are presented ({@code timestamp_ns}).
 */
public final class FileRanges {
  /** No ranges: every file is read. */
  public static final FileRanges NONE = new FileRanges(Map.of());

  private final Map<Long, Range> ranges;

  private FileRanges(Map<Long, Range> ranges) {
    this.ranges = ranges;
  }

  /** How a column's values and statistics are ordered, and read from a constant or a statistic's text. */
  private enum Domain {
    NUMBER, FLOAT32, FLOAT64, TEXT, DATE, TIMESTAMP;

    static Domain of(String lakeType) {
      String t = lakeType.trim().toLowerCase(Locale.ROOT);
      if (t.startsWith("decimal(")) {
        return NUMBER;
      }
      return switch (t) {
        case "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "int128", "uint128",
            "hugeint", "uhugeint" -> NUMBER;
        case "float32" -> FLOAT32;
        case "float64" -> FLOAT64;
        case "varchar" -> TEXT;
        case "date" -> DATE;
        case "timestamp", "timestamp_us", "timestamp_ms", "timestamp_s", "timestamp_ns" -> TIMESTAMP;
        default -> null;
      };
    }

    /** A query's constant as a value of the column, or null when it has no such reading. */
    Comparable<?> constant(Object v, boolean integerColumn) {
      try {
        switch (this) {
          case NUMBER:
            if (v instanceof String s) {
              // A quoted constant takes the column's type: an integer column's must be an integer.
              return integerColumn ? new BigDecimal(new BigInteger(s.trim())) : new BigDecimal(s.trim());
            }
            if (v instanceof Double || v instanceof Float) {
              double d = ((Number) v).doubleValue();
              return Double.isFinite(d) ? new BigDecimal(d) : null;
            }
            if (v instanceof BigDecimal d) return d;
            if (v instanceof BigInteger i) return new BigDecimal(i);
            if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
              return BigDecimal.valueOf(((Number) v).longValue());
            }
            return null;
          case FLOAT32: case FLOAT64: {
            double d = v instanceof Number n ? n.doubleValue() : v instanceof String s ? Double.parseDouble(s.trim()) : Double.NaN;
            return Double.isNaN(d) ? null : d;
          }
          case TEXT:
            return v instanceof String s && s.chars().allMatch(c -> c < 0xD800) ? s : null;
          case DATE:
            if (v instanceof LocalDate d) return d;
            return v instanceof String s ? LocalDate.parse(s.trim()) : null;
          case TIMESTAMP:
            if (v instanceof LocalDateTime t) return t;
            if (v instanceof LocalDate d) return d.atStartOfDay();
            // A constant keeps its digits: between two microseconds it admits exactly the values the rounded one does.
            return v instanceof String s ? LocalDateTime.parse(s.trim(), TIMESTAMP_TEXT) : null;
          default:
            return null;
        }
      } catch (RuntimeException notOfTheType) {
        return null;
      }
    }

    /** A statistic's text (DuckDB's spelling of a value of the column) as a value, or null when unreadable. */
    Comparable<?> statistic(String text) {
      if (text == null) {
        return null;
      }
      try {
        switch (this) {
          case NUMBER: return new BigDecimal(text.trim());
          case FLOAT32: case FLOAT64: {
            String t = text.trim().toLowerCase(Locale.ROOT);
            double d = switch (t) {
              case "inf", "infinity", "+inf", "+infinity" -> Double.POSITIVE_INFINITY;
              case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
              // A float32 statistic is DuckDB's shortest spelling of a float: read it as that float.
              default -> this == FLOAT32 ? (double) Float.parseFloat(t) : Double.parseDouble(t);
            };
            return Double.isNaN(d) ? null : d;
          }
          case TEXT: return text;
          case DATE: return LocalDate.parse(text.trim());
          case TIMESTAMP: return timestamp(text);
          default: return null;
        }
      } catch (RuntimeException unreadable) {
        return null;
      }
    }
  }

  private static final DateTimeFormatter TIMESTAMP_TEXT = new DateTimeFormatterBuilder()
      .appendPattern("uuuu-MM-dd").optionalStart().appendLiteral(' ').optionalEnd()
      .optionalStart().appendLiteral('T').optionalEnd()
      .optionalStart().appendPattern("HH:mm").optionalStart().appendPattern(":ss").optionalEnd()
      .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().optionalEnd()
      .parseDefaulting(ChronoField.HOUR_OF_DAY, 0).toFormatter(Locale.ROOT);

  /** DuckDB's text of a timestamp, cut to the microsecond as the values are presented. */
  private static LocalDateTime timestamp(String text) {
    try {
      return LocalDateTime.parse(text.trim(), TIMESTAMP_TEXT).truncatedTo(ChronoUnit.MICROS);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** One column's range: each end null (unbounded) or a value, inclusive or not. */
  private record Range(Domain domain, Comparable<?> low, boolean lowInclusive, Comparable<?> high, boolean highInclusive) {
    Range intersect(Range o) {
      Comparable<?> lo = low;
      boolean loIn = lowInclusive;
      if (o.low != null && (lo == null || compare(o.low, lo) > 0 || compare(o.low, lo) == 0 && !o.lowInclusive)) {
        lo = o.low;
        loIn = o.lowInclusive;
      }
      Comparable<?> hi = high;
      boolean hiIn = highInclusive;
      if (o.high != null && (hi == null || compare(o.high, hi) < 0 || compare(o.high, hi) == 0 && !o.highInclusive)) {
        hi = o.high;
        hiIn = o.highInclusive;
      }
      return new Range(domain, lo, loIn, hi, hiIn);
    }

    /** Whether no value in {@code [min, max]} lies in the range. */
    boolean excludes(Comparable<?> min, Comparable<?> max) {
      if (max != null && low != null) {
        int c = compare(max, low);
        if (c < 0 || c == 0 && !lowInclusive) {
          return true;
        }
      }
      if (min != null && high != null) {
        int c = compare(min, high);
        return c > 0 || c == 0 && !highInclusive;
      }
      return false;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Comparable a, Comparable b) {
    return a.compareTo(b);
  }

  /** Builds ranges column by column. */
  public static final class Builder {
    private final Map<Long, Range> ranges = new HashMap<>();

    /** The integer column's values lie in {@code [low, high]} (inclusive) for every row the query keeps. */
    public Builder range(long columnId, long low, long high) {
      put(columnId, new Range(Domain.NUMBER, BigDecimal.valueOf(low), true, BigDecimal.valueOf(high), true));
      return this;
    }

    /**
     * The column of DuckLake type {@code lakeType} satisfies {@code column op value} for every row the
     * query keeps; the value is a constant of the query (a quoted one is read as the column's type).
     * Returns false, adding nothing, when the type's statistics are not used or the value has no
     * reading as the column's type.
     */
    public boolean compare(long columnId, String lakeType, ScanBounds.Comparison op, Object value) {
      Domain domain = Domain.of(lakeType);
      if (domain == null || value == null) {
        return false;
      }
      boolean integer = !lakeType.trim().toLowerCase(Locale.ROOT).startsWith("decimal");
      Comparable<?> v = domain.constant(value, integer);
      if (v == null) {
        return false;
      }
      put(columnId, switch (op) {
        case EQUAL -> new Range(domain, v, true, v, true);
        case LESS -> new Range(domain, null, false, v, false);
        case LESS_OR_EQUAL -> new Range(domain, null, false, v, true);
        case GREATER -> new Range(domain, v, false, null, false);
        case GREATER_OR_EQUAL -> new Range(domain, v, true, null, false);
      });
      return true;
    }

    private void put(long columnId, Range r) {
      Range old = ranges.get(columnId);
      ranges.put(columnId, old == null ? r : old.domain() == r.domain() ? old.intersect(r) : old);
    }

    public FileRanges build() {
      return ranges.isEmpty() ? NONE : new FileRanges(Map.copyOf(ranges));
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  boolean isEmpty() {
    return ranges.isEmpty();
  }

  /** Whether the filter confines the column, so its statistics are worth reading. */
  boolean constrains(long columnId) {
    return ranges.containsKey(columnId);
  }

  /** The integer range of a column, or null when the filter does not confine it to integers. */
  long[] bounds(long columnId) {
    Range r = ranges.get(columnId);
    if (r == null || r.domain() != Domain.NUMBER) {
      return null;
    }
    return new long[] {r.low() == null ? Long.MIN_VALUE : clamp((BigDecimal) r.low(), true),
        r.high() == null ? Long.MAX_VALUE : clamp((BigDecimal) r.high(), false)};
  }

  /**
   * Whether a column every row of a file has {@code value} in (an identity partition value, DuckDB's
   * text of a value of the column) holds no row in the column's range. False when the filter does not
   * confine the column or the text is no value of its type (NULL, NaN, {@code __HIVE_DEFAULT_PARTITION__}).
   */
  boolean excludesValue(long columnId, String value) {
    Range r = ranges.get(columnId);
    if (r == null || value == null || value.trim().equals(TemporalPartitionSpan.HIVE_NULL)) {
      return false;
    }
    Comparable<?> v = r.domain().statistic(value);
    return v != null && r.excludes(v, v);
  }

  /**
   * Whether a date or timestamp column whose values in a file all lie in {@code span} holds no row in
   * the column's range. False for a column of another type or one the filter does not confine.
   */
  boolean excludesSpan(long columnId, TemporalPartitionSpan span) {
    Range r = ranges.get(columnId);
    if (r == null || span == null) {
      return false;
    }
    return switch (r.domain()) {
      // Values are presented to the microsecond: the last one a span holds is a microsecond before its end.
      case DATE -> r.excludes(span.start().toLocalDate(), span.end().minus(1, ChronoUnit.MICROS).toLocalDate());
      case TIMESTAMP -> r.excludes(span.start(), span.end().minus(1, ChronoUnit.MICROS));
      default -> false;
    };
  }

  private static long clamp(BigDecimal d, boolean low) {
    BigDecimal whole = d.setScale(0, low ? java.math.RoundingMode.CEILING : java.math.RoundingMode.FLOOR);
    return whole.max(BigDecimal.valueOf(Long.MIN_VALUE)).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
  }

  /**
   * True when a file with these statistics ({@code column_id → [min_value, max_value]} or
   * {@code [min_value, max_value, contains_nan]}) holds no row in the ranges.
   */
  boolean excludes(Map<Long, String[]> stats) {
    for (Map.Entry<Long, Range> e : ranges.entrySet()) {
      String[] minMax = stats.get(e.getKey());
      if (minMax == null) {
        continue;
      }
      Range range = e.getValue();
      boolean floating = range.domain() == Domain.FLOAT32 || range.domain() == Domain.FLOAT64;
      Comparable<?> max = range.domain().statistic(minMax[1]);
      if (floating && (minMax.length > 2 && "true".equalsIgnoreCase(minMax[2]) || isNaN(minMax[0]) || isNaN(minMax[1]))) {
        // A NaN is above every number in PostgreSQL's order: the file's largest value is unbounded,
        // while a numeric minimum still bounds it from below.
        max = null;
        if (isNaN(minMax[0])) {
          continue;
        }
      }
      if (range.excludes(range.domain().statistic(minMax[0]), max)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isNaN(String text) {
    return text != null && text.trim().equalsIgnoreCase("nan");
  }

  @Override public String toString() {
    StringBuilder b = new StringBuilder("FileRanges{");
    ranges.forEach((id, r) -> b.append(id).append(": ").append(r.lowInclusive() ? '[' : '(').append(r.low()).append(", ")
        .append(r.high()).append(r.highInclusive() ? ']' : ')').append(' '));
    return b.append('}').toString();
  }
}
