package io.rocklake.server.migrate;

import io.rocklake.catalog.ColumnType;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgCodec;
import io.rocklake.pgwire.types.PgInterval;
import io.rocklake.pgwire.types.PgType;

/**
 * A catalog column's values to and from PostgreSQL's binary form, through the engine's own codecs
 * ({@link PgType#codec()}): the catalog holds {@code byte[]} and {@link ColumnType.Interval} where the
 * codecs speak {@link PgBytes} and {@link PgInterval}; every other type is the same Java value.
 */
final class ValueCodecs {
  private ValueCodecs() {}

  /** The PostgreSQL type a catalog column of this type is, on either side. */
  static PgType pgType(ColumnType type) {
    return switch (type) {
      case BIGINT -> PgType.INT8;
      case INTEGER -> PgType.INT4;
      case SMALLINT -> PgType.INT2;
      case VARCHAR -> PgType.VARCHAR;
      case TEXT -> PgType.TEXT;
      case BOOLEAN -> PgType.BOOL;
      case TIMESTAMPTZ -> PgType.TIMESTAMPTZ;
      case UUID -> PgType.UUID;
      case REAL -> PgType.FLOAT4;
      case DOUBLE -> PgType.FLOAT8;
      case DECIMAL -> PgType.NUMERIC;
      case BYTEA -> PgType.BYTEA;
      case TIME -> PgType.TIME;
      case TIMETZ -> PgType.TIMETZ;
      case INTERVAL -> PgType.INTERVAL;
      case DATE -> PgType.DATE;
      case TIMESTAMP -> PgType.TIMESTAMP;
    };
  }

  /** The catalog value of one binary field of a column of this type (null stays null). */
  static Object decode(ColumnType type, byte[] field) {
    if (field == null) {
      return null;
    }
    Object v = pgType(type).codec().decodeBinary(field);
    if (v instanceof PgBytes b) {
      return b.toByteArray();
    }
    if (v instanceof PgInterval i) {
      return new ColumnType.Interval(i.months(), i.days(), i.micros());
    }
    return type.coerce(v);
  }

  /** The binary field of one catalog value of a column of this type (null stays null). */
  static byte[] encode(ColumnType type, Object value) {
    if (value == null) {
      return null;
    }
    Object v = value;
    if (v instanceof byte[] b) {
      v = PgBytes.copyOf(b);
    } else if (v instanceof ColumnType.Interval i) {
      v = new PgInterval(i.months(), i.days(), i.micros());
    }
    PgCodec<?> codec = pgType(type).codec();
    return codec.encodeBinaryObject(v);
  }
}
