package io.rocklake.engine;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.SqlState;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlTypeNameSpec;

/** Turns a parsed type ({@code BIGINT}, {@code DECIMAL(18,3)}, {@code TIMESTAMP WITH TIME ZONE}, ...) into a column type. */
final class TypeSpecs {
  private TypeSpecs() {}

  /** A type a cast or column may name: a catalog column type, or {@code tid}. */
  record Resolved(ColumnType type, String modifier, boolean tid) {}

  static Resolved resolve(SqlDataTypeSpec spec) {
    SqlTypeNameSpec n = spec.getTypeNameSpec();
    String name = n.getTypeName().names.get(n.getTypeName().names.size() - 1).toUpperCase(Locale.ROOT);
    String modifier = null;
    if (n instanceof SqlBasicTypeNameSpec b && b.getPrecision() >= 0) {
      modifier = b.getScale() >= 0 ? "(" + b.getPrecision() + "," + b.getScale() + ")" : "(" + b.getPrecision() + ")";
    }
    if (name.equals("TID")) {
      return new Resolved(null, null, true);
    }
    ColumnType t = byName(name);
    if (t == null) {
      throw new EngineException(SqlState.UNDEFINED_OBJECT, "type \"" + name.toLowerCase(Locale.ROOT) + "\" does not exist");
    }
    if (t != ColumnType.DECIMAL) {
      modifier = null; // VARCHAR(n) lengths are not enforced; the catalog's tables never declare one
    }
    return new Resolved(t, modifier, false);
  }

  static ColumnDef column(String name, SqlDataTypeSpec spec, boolean notNull) {
    Resolved r = resolve(spec);
    if (r.tid()) {
      throw EngineException.unsupported("columns of type tid are not supported");
    }
    return new ColumnDef(name, r.type(), notNull, r.modifier());
  }

  private static ColumnType byName(String name) {
    switch (name) {
      case "BIGINT": case "INT8": return ColumnType.BIGINT;
      case "INTEGER": case "INT": case "INT4": return ColumnType.INTEGER;
      case "SMALLINT": case "INT2": case "TINYINT": return ColumnType.SMALLINT;
      case "VARCHAR": case "CHAR": case "CHARACTER": return ColumnType.VARCHAR;
      case "TEXT": return ColumnType.TEXT;
      case "BOOLEAN": case "BOOL": return ColumnType.BOOLEAN;
      case "TIMESTAMP_TZ": case "TIMESTAMP_WITH_LOCAL_TIME_ZONE": case "TIMESTAMPTZ": return ColumnType.TIMESTAMPTZ;
      case "UUID": return ColumnType.UUID;
      case "REAL": case "FLOAT4": return ColumnType.REAL;
      case "DOUBLE": case "FLOAT": case "FLOAT8": return ColumnType.DOUBLE;
      case "DECIMAL": case "NUMERIC": return ColumnType.DECIMAL;
      case "BYTEA": case "VARBINARY": case "BINARY": return ColumnType.BYTEA;
      case "TIME": return ColumnType.TIME;
      // DuckLake inlines a DuckDB TIMETZ column as TIME WITH TIME ZONE; Calcite names that TIME_TZ.
      case "TIME_TZ": case "TIMETZ": return ColumnType.TIMETZ;
      case "INTERVAL": return ColumnType.INTERVAL;
      case "DATE": return ColumnType.DATE;
      default: return null;
    }
  }
}
