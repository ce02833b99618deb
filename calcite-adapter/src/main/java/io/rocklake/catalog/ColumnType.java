package io.rocklake.catalog;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.Locale;
import java.util.Optional;

/**
 * The SQL types catalog columns can have, with the PostgreSQL type OID each is reported as and the
 * Java class of its values. DuckLake's own tables use only a few; inlined-data tables use the rest.
 */
public enum ColumnType {
  BIGINT(20, "BIGINT", Long.class),
  INTEGER(23, "INTEGER", Integer.class),
  SMALLINT(21, "SMALLINT", Short.class),
  VARCHAR(1043, "VARCHAR", String.class),
  TEXT(25, "TEXT", String.class),
  BOOLEAN(16, "BOOLEAN", Boolean.class),
  TIMESTAMPTZ(1184, "TIMESTAMP WITH TIME ZONE", Instant.class),
  UUID(2950, "UUID", java.util.UUID.class),
  REAL(700, "REAL", Float.class),
  DOUBLE(701, "DOUBLE PRECISION", Double.class),
  DECIMAL(1700, "DECIMAL", BigDecimal.class),
  BYTEA(17, "BYTEA", byte[].class),
  TIME(1083, "TIME", LocalTime.class),
  TIMETZ(1266, "TIME WITH TIME ZONE", OffsetTime.class),
  INTERVAL(1186, "INTERVAL", Interval.class),
  DATE(1082, "DATE", LocalDate.class),
  /**
   * {@code timestamp} without time zone: no catalog relation has one (DuckDB's CREATE TABLEs never
   * use it, so {@link #fromSql} does not resolve it); DuckLake tables do, and pg_catalog describes them.
   */
  TIMESTAMP(1114, "TIMESTAMP", java.time.LocalDateTime.class);

  /** An {@code interval} value: months, days and microseconds kept apart as PostgreSQL does. */
  public record Interval(int months, int days, long micros) {}

  private final int pgOid;
  private final String sqlName;
  private final Class<?> javaClass;

  ColumnType(int pgOid, String sqlName, Class<?> javaClass) {
    this.pgOid = pgOid;
    this.sqlName = sqlName;
    this.javaClass = javaClass;
  }

  public int pgOid() { return pgOid; }

  /** The types a catalog relation's column can have, and so a stored fact can hold: all but {@link #TIMESTAMP}. */
  public static java.util.List<ColumnType> stored() {
    return java.util.Arrays.stream(values()).filter(t -> t != TIMESTAMP).toList();
  }

  /** The spelling DuckDB's postgres extension uses in CREATE TABLE. */
  public String sqlName() { return sqlName; }

  public Class<?> javaClass() { return javaClass; }

  /**
   * Converts a value to this type's Java class where the conversion is exact (an {@code Integer}
   * into a BIGINT column, a UUID string into a UUID column); anything else is a type error.
   */
  public Object coerce(Object value) {
    if (value == null || javaClass.isInstance(value)) {
      return value;
    }
    switch (this) {
      case BIGINT:
        if (value instanceof Integer || value instanceof Short) {
          return ((Number) value).longValue();
        }
        break;
      case INTEGER:
        if (value instanceof Short) {
          return ((Short) value).intValue();
        }
        if (value instanceof Long && (Long) value == ((Long) value).intValue()) {
          return ((Long) value).intValue();
        }
        break;
      case UUID:
        if (value instanceof String) {
          try {
            return java.util.UUID.fromString((String) value);
          } catch (IllegalArgumentException e) {
            throw CatalogException.invalidText("uuid", (String) value);
          }
        }
        break;
      case DOUBLE:
        if (value instanceof Float || value instanceof Integer || value instanceof Long) {
          return ((Number) value).doubleValue();
        }
        break;
      case DECIMAL:
        if (value instanceof Long || value instanceof Integer) {
          return BigDecimal.valueOf(((Number) value).longValue());
        }
        break;
      case TEXT: case VARCHAR:
        break;
      default:
        break;
    }
    throw new CatalogException(SqlState.DATATYPE_MISMATCH, "value " + value + " of type "
        + value.getClass().getSimpleName() + " does not fit a column of type " + sqlName.toLowerCase(Locale.ROOT));
  }

  /** Resolves a DDL type spelling ({@code BIGINT}, {@code TIMESTAMP WITH TIME ZONE}, {@code DECIMAL(18,3)}). */
  public static Optional<ColumnType> fromSql(String spelling) {
    String s = spelling.trim().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    int paren = s.indexOf('(');
    String base = paren < 0 ? s : s.substring(0, paren).trim();
    switch (base) {
      case "BIGINT": case "INT8": return Optional.of(BIGINT);
      case "INTEGER": case "INT": case "INT4": return Optional.of(INTEGER);
      case "SMALLINT": case "INT2": return Optional.of(SMALLINT);
      case "VARCHAR": case "CHARACTER VARYING": return Optional.of(VARCHAR);
      case "TEXT": return Optional.of(TEXT);
      case "BOOLEAN": case "BOOL": return Optional.of(BOOLEAN);
      case "TIMESTAMP WITH TIME ZONE": case "TIMESTAMPTZ": return Optional.of(TIMESTAMPTZ);
      case "UUID": return Optional.of(UUID);
      case "REAL": case "FLOAT4": return Optional.of(REAL);
      case "DOUBLE PRECISION": case "FLOAT8": case "FLOAT": return Optional.of(DOUBLE);
      case "DECIMAL": case "NUMERIC": return Optional.of(DECIMAL);
      case "BYTEA": return Optional.of(BYTEA);
      case "TIME": case "TIME WITHOUT TIME ZONE": return Optional.of(TIME);
      case "TIME WITH TIME ZONE": case "TIMETZ": return Optional.of(TIMETZ);
      case "INTERVAL": return Optional.of(INTERVAL);
      case "DATE": return Optional.of(DATE);
      default: return Optional.empty();
    }
  }

}
