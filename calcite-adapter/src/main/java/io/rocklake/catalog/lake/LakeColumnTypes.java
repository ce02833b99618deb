package io.rocklake.catalog.lake;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a DuckLake column type is presented to PostgreSQL clients: the PostgreSQL type (and
 * {@code numeric} modifier) pg_catalog describes and the wire carries. Each type gets the narrowest
 * PostgreSQL type that holds every value exactly — PostgreSQL has no unsigned or one-byte integers,
 * so {@code int8}/{@code uint8} are {@code int2}, {@code uint16} is {@code int4}, {@code uint32} is
 * {@code int8}, {@code uint64} is {@code numeric(20,0)} and the 128-bit integers
 * {@code numeric(39,0)} (2^127 has 39 digits). Types PostgreSQL spells differently or lacks ({@code json}, nested
 * {@code struct}/{@code list}/{@code map}) are {@code text}: a nested value is sent as DuckDB's own text of
 * it ({@code [1, 2, NULL]}, {@code {'p': 1, 'q': [a, NULL]}}, {@code {1=one, 2=NULL}}), on the direct scan
 * and through Calcite alike, since PostgreSQL's arrays and composite types cannot hold a map, and a
 * client reading DuckDB's text can paste it back into DuckDB.
 */
public final class LakeColumnTypes {
  private static final Pattern DECIMAL = Pattern.compile("decimal\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");

  private LakeColumnTypes() {}

  /** The column as pg_catalog describes it: name, PostgreSQL type, NOT NULL, numeric modifier. */
  public static ColumnDef presented(LakeTableDef.Column c) {
    String t = c.columnType().trim().toLowerCase(Locale.ROOT);
    Matcher m = DECIMAL.matcher(t);
    if (m.matches()) {
      return new ColumnDef(c.name(), ColumnType.DECIMAL, !c.nullable(), "(" + m.group(1) + "," + m.group(2) + ")");
    }
    switch (t) {
      case "boolean": return column(c, ColumnType.BOOLEAN);
      case "int8": case "int16": case "uint8": return column(c, ColumnType.SMALLINT);
      case "int32": case "uint16": return column(c, ColumnType.INTEGER);
      case "int64": case "uint32": return column(c, ColumnType.BIGINT);
      case "uint64": return new ColumnDef(c.name(), ColumnType.DECIMAL, !c.nullable(), "(20,0)");
      case "int128": case "hugeint": return new ColumnDef(c.name(), ColumnType.DECIMAL, !c.nullable(), "(39,0)");
      case "uint128": case "uhugeint": return new ColumnDef(c.name(), ColumnType.DECIMAL, !c.nullable(), "(39,0)");
      case "float32": return column(c, ColumnType.REAL);
      case "float64": return column(c, ColumnType.DOUBLE);
      case "varchar": return column(c, ColumnType.VARCHAR);
      case "blob": return column(c, ColumnType.BYTEA);
      case "date": return column(c, ColumnType.DATE);
      case "timestamp": case "timestamp_us": case "timestamp_s": case "timestamp_ms": case "timestamp_ns":
        return column(c, ColumnType.TIMESTAMP);
      case "timestamptz": return column(c, ColumnType.TIMESTAMPTZ);
      case "time": return column(c, ColumnType.TIME);
      case "timetz": return column(c, ColumnType.TIMETZ);
      case "interval": return column(c, ColumnType.INTERVAL);
      case "uuid": return column(c, ColumnType.UUID);
      default: return column(c, ColumnType.TEXT);
    }
  }

  private static ColumnDef column(LakeTableDef.Column c, ColumnType type) {
    return new ColumnDef(c.name(), type, !c.nullable(), null);
  }
}
