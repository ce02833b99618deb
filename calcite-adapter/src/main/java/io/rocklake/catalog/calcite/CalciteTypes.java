package io.rocklake.catalog.calcite;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.util.UUID;
import io.rocklake.pgwire.types.PgInterval;
import io.rocklake.pgwire.types.PgType;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * How catalog columns look to Calcite, and their values in Calcite's runtime representation.
 * A TIMESTAMP is held as epoch microseconds, as RockLake's plans keep it (Calcite's runtime would
 * keep milliseconds: see {@code io.rocklake.engine.MicrosecondTimestamps}); a TIME as milliseconds
 * of the day, Calcite's own unit; UUIDs appear as their canonical text; intervals as PostgreSQL text.
 */
public final class CalciteTypes {
  private CalciteTypes() {}

  static RelDataType rowType(RelationDef relation, RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (ColumnDef c : relation.columns()) {
      RelDataType t = sqlType(c.type(), f);
      b.add(c.name(), f.createTypeWithNullability(t, !c.notNull() && !relation.primaryKey().contains(c.name())));
    }
    return b.build();
  }

  static RelDataType sqlType(ColumnType type, RelDataTypeFactory f) {
    switch (type) {
      case BIGINT: return f.createSqlType(SqlTypeName.BIGINT);
      case INTEGER: return f.createSqlType(SqlTypeName.INTEGER);
      case SMALLINT: return f.createSqlType(SqlTypeName.SMALLINT);
      case BOOLEAN: return f.createSqlType(SqlTypeName.BOOLEAN);
      case REAL: return f.createSqlType(SqlTypeName.REAL);
      case DOUBLE: return f.createSqlType(SqlTypeName.DOUBLE);
      case DECIMAL: return f.createSqlType(SqlTypeName.DECIMAL, 38, 10);
      case BYTEA: return f.createSqlType(SqlTypeName.VARBINARY);
      case TIMESTAMPTZ: case TIMESTAMP: return f.createSqlType(SqlTypeName.TIMESTAMP, PostgresTypeSystem.MICROSECONDS);
      case TIME: return f.createSqlType(SqlTypeName.TIME, 3);
      case DATE: return f.createSqlType(SqlTypeName.DATE);
      default: return f.createSqlType(SqlTypeName.VARCHAR);
    }
  }

  /** An instant as a plan holds it: epoch microseconds (a nanosecond part is cut, as DuckDB's cast cuts it). */
  public static long epochMicros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000L);
  }

  /** The instant of a plan's epoch microseconds. */
  public static Instant instantOfMicros(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  static Object toCalcite(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof byte[]) {
      return new ByteString((byte[]) v);
    }
    if (v instanceof Instant t) {
      return epochMicros(t);
    }
    if (v instanceof java.time.LocalDateTime t) {
      return epochMicros(t.toInstant(java.time.ZoneOffset.UTC));
    }
    if (v instanceof LocalTime) {
      return (int) (((LocalTime) v).toNanoOfDay() / 1_000_000L);
    }
    if (v instanceof LocalDate) {
      return (int) ((LocalDate) v).toEpochDay();
    }
    if (v instanceof ColumnType.Interval i) {
      // PostgreSQL's text, as documented above: the record's own toString is no interval syntax.
      return PgType.INTERVAL.codec().encodeTextObject(new PgInterval(i.months(), i.days(), i.micros()));
    }
    if (v instanceof OffsetTime t) {
      return PgType.TIMETZ.codec().encodeTextObject(t);
    }
    if (v instanceof UUID) {
      return v.toString();
    }
    if (v instanceof BigDecimal) {
      return v;
    }
    return v;
  }
}
