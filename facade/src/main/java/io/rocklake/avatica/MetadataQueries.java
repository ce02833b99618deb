package io.rocklake.avatica;

import io.rocklake.pgwire.types.PgType;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;

/**
 * JDBC's DatabaseMetaData answers, from SQL run on the connection's own engine session against
 * {@code pg_catalog} — the questions pgjdbc asks — so whatever relations a database shows (the
 * catalog's, or a lake's) are described the way their queries describe them. Type codes, sizes and
 * digits come from {@link ColumnTypes}, the same mapping result columns use.
 */
final class MetadataQueries {
  /** Every TABLE_TYPE {@link #tableType} can answer, as getTableTypes lists them. */
  static final List<String> TABLE_TYPES = List.of("FOREIGN TABLE", "INDEX", "MATERIALIZED VIEW",
      "PARTITIONED INDEX", "PARTITIONED TABLE", "SEQUENCE", "SYSTEM INDEX", "SYSTEM TABLE", "SYSTEM TOAST INDEX",
      "SYSTEM TOAST TABLE", "SYSTEM VIEW", "TABLE", "TEMPORARY INDEX", "TEMPORARY SEQUENCE", "TEMPORARY TABLE",
      "TEMPORARY VIEW", "TYPE", "VIEW");

  private final Function<String, List<Object[]>> query;

  /** @param query runs one statement on the connection's session and returns its rows */
  MetadataQueries(Function<String, List<Object[]>> query) {
    this.query = query;
  }

  List<MetaImpl.MetaCatalog> catalogs() {
    List<MetaImpl.MetaCatalog> out = new ArrayList<>();
    for (Object[] r : query.apply("SELECT datname FROM pg_catalog.pg_database WHERE datallowconn ORDER BY datname")) {
      out.add(new MetaImpl.MetaCatalog((String) r[0]));
    }
    return out;
  }

  List<MetaImpl.MetaSchema> schemas(Meta.Pat schema) {
    List<MetaImpl.MetaSchema> out = new ArrayList<>();
    for (Object[] r : query.apply("SELECT nspname, current_database() FROM pg_catalog.pg_namespace"
        + " WHERE nspname <> 'pg_toast' AND nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'"
        + like("nspname", schema) + " ORDER BY nspname")) {
      out.add(new MetaImpl.MetaSchema((String) r[1], (String) r[0]));
    }
    return out;
  }

  List<MetaImpl.MetaTable> tables(Meta.Pat schema, Meta.Pat table, List<String> types) {
    Set<String> wanted = types == null ? null : Set.copyOf(types);
    List<MetaImpl.MetaTable> out = new ArrayList<>();
    for (Object[] r : query.apply("SELECT current_database(), n.nspname, c.relname, c.relkind"
        + " FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid WHERE true"
        + like("n.nspname", schema) + like("c.relname", table))) {
      String type = tableType((String) r[1], (String) r[3]);
      if (type != null && (wanted == null || wanted.contains(type))) {
        out.add(new MetaImpl.MetaTable((String) r[0], (String) r[1], (String) r[2], type));
      }
    }
    // JDBC's order: TABLE_TYPE, TABLE_CAT, TABLE_SCHEM, TABLE_NAME
    out.sort(Comparator.comparing((MetaImpl.MetaTable t) -> t.tableType).thenComparing(t -> t.tableSchem)
        .thenComparing(t -> t.tableName));
    return out;
  }

  /** pgjdbc's names for a relation kind in a schema; null for kinds JDBC has no name for. */
  static String tableType(String schema, String relkind) {
    boolean system = schema.startsWith("pg_") || schema.equals("information_schema");
    if (system && (schema.equals("pg_catalog") || schema.equals("information_schema"))) {
      return switch (relkind) {
        case "r" -> "SYSTEM TABLE";
        case "v" -> "SYSTEM VIEW";
        case "i" -> "SYSTEM INDEX";
        default -> null;
      };
    }
    if (system && schema.equals("pg_toast")) {
      return switch (relkind) {
        case "r" -> "SYSTEM TOAST TABLE";
        case "i" -> "SYSTEM TOAST INDEX";
        default -> null;
      };
    }
    if (system) {
      return switch (relkind) {
        case "r", "p" -> "TEMPORARY TABLE";
        case "i" -> "TEMPORARY INDEX";
        case "S" -> "TEMPORARY SEQUENCE";
        case "v" -> "TEMPORARY VIEW";
        default -> null;
      };
    }
    return switch (relkind) {
      case "r" -> "TABLE";
      case "p" -> "PARTITIONED TABLE";
      case "i" -> "INDEX";
      case "I" -> "PARTITIONED INDEX";
      case "S" -> "SEQUENCE";
      case "v" -> "VIEW";
      case "c" -> "TYPE";
      case "f" -> "FOREIGN TABLE";
      case "m" -> "MATERIALIZED VIEW";
      default -> null;
    };
  }

  List<MetaImpl.MetaColumn> columns(Meta.Pat schema, Meta.Pat table, Meta.Pat column) {
    List<MetaImpl.MetaColumn> out = new ArrayList<>();
    for (Object[] r : query.apply("SELECT current_database(), n.nspname, c.relname, a.attname, a.atttypid,"
        + " a.atttypmod, a.attnotnull, a.attnum, t.typname"
        + " FROM pg_catalog.pg_namespace n JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid JOIN pg_catalog.pg_type t ON a.atttypid = t.oid"
        + " WHERE c.relkind IN ('r', 'p', 'v', 'f', 'm') AND a.attnum > 0 AND NOT a.attisdropped"
        + like("n.nspname", schema) + like("c.relname", table) + like("a.attname", column)
        + " ORDER BY n.nspname, c.relname, a.attnum")) {
      PgType type = PgType.byOid(((Number) r[4]).intValue()).orElse(null);
      int typmod = ((Number) r[5]).intValue();
      boolean notNull = (Boolean) r[6];
      ColumnTypes.Kind kind = ColumnTypes.kind(type);
      int size = ColumnTypes.precision(type, typmod);
      Integer octets = kind.sqlType() == Types.CHAR || kind.sqlType() == Types.VARCHAR && type != null
          && type != PgType.NAME ? Integer.valueOf(size) : null;
      out.add(new MetaImpl.MetaColumn((String) r[0], (String) r[1], (String) r[2], (String) r[3], kind.sqlType(),
          ColumnTypes.typeName(type, (String) r[8]), size, ColumnTypes.scale(type, typmod), 10,
          notNull ? DatabaseMetaData.columnNoNulls : DatabaseMetaData.columnNullable, octets,
          ((Number) r[7]).intValue(), notNull ? "NO" : "YES", "NO", "NO"));
    }
    return out;
  }

  List<MetaImpl.MetaTypeInfo> typeInfo() {
    List<MetaImpl.MetaTypeInfo> out = new ArrayList<>();
    for (Object[] r : query.apply("SELECT t.typname, t.oid FROM pg_catalog.pg_type t")) {
      PgType type = PgType.byOid(((Number) r[1]).intValue()).orElse(null);
      if (type == null) {
        continue; // a type no result of this engine has
      }
      ColumnTypes.Kind kind = ColumnTypes.kind(type);
      boolean number = ColumnTypes.numeric(type);
      boolean quoted = kind.rep() == org.apache.calcite.avatica.ColumnMetaData.Rep.STRING || type == PgType.DATE
          || type == PgType.BYTEA;
      Integer scale = ColumnTypes.scale(type, -1);
      short maxScale = type == PgType.NUMERIC ? (short) 1000 : scale == null ? 0 : scale.shortValue();
      out.add(new MetaImpl.MetaTypeInfo((String) r[0], kind.sqlType(), ColumnTypes.precision(type, -1),
          quoted ? "'" : null, quoted ? "'" : null, (short) DatabaseMetaData.typeNullable,
          kind.rep() == org.apache.calcite.avatica.ColumnMetaData.Rep.STRING,
          (short) DatabaseMetaData.typeSearchable, number && !kind.signed(), false, false, (short) 0, maxScale,
          10));
    }
    // JDBC's order: DATA_TYPE, then how closely the type maps to it (here: its name)
    out.sort(Comparator.comparingInt((MetaImpl.MetaTypeInfo t) -> t.dataType).thenComparing(t -> t.typeName));
    return out;
  }

  /** A JDBC search pattern as a LIKE condition (% and _ with backslash escapes, as PostgreSQL's LIKE takes them). */
  private static String like(String column, Meta.Pat pattern) {
    if (pattern == null || pattern.s == null) {
      return "";
    }
    return " AND " + column + " LIKE '" + pattern.s.replace("'", "''") + "'";
  }
}
