package io.rocklake.pgwire.types;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The PostgreSQL types RockLake speaks, with their fixed OIDs (from {@code pg_type.dat}), wire
 * length ({@code typlen}, -1 = variable) and codec. The OIDs are part of the protocol: clients
 * such as DuckDB's postgres extension map RowDescription type OIDs to their own types.
 */
public enum PgType {
  BOOL(16, "bool", 1, new BoolCodec()),
  BYTEA(17, "bytea", -1, new ByteaCodec()),
  CHAR(18, "char", 1, new CharCodec()),
  NAME(19, "name", 64, new TextCodec()),
  INT8(20, "int8", 8, new Int8Codec()),
  INT2(21, "int2", 2, new Int2Codec()),
  INT4(23, "int4", 4, new Int4Codec()),
  TEXT(25, "text", -1, new TextCodec()),
  OID(26, "oid", 4, new OidCodec("oid")),
  TID(27, "tid", 6, new TidCodec()),
  /** A transaction id (pg_stat_activity's backend_xid): an unsigned 32-bit integer, as oid is. */
  XID(28, "xid", 4, new OidCodec("xid")),
  FLOAT4(700, "float4", 4, new Float4Codec()),
  FLOAT8(701, "float8", 8, new Float8Codec()),
  INET(869, "inet", -1, new InetCodec()),
  INT2_ARRAY(1005, "_int2", -1, new ArrayCodec<>(new Int2Codec(), 21)),
  INT4_ARRAY(1007, "_int4", -1, new ArrayCodec<>(new Int4Codec(), 23)),
  TEXT_ARRAY(1009, "_text", -1, new ArrayCodec<>(new TextCodec(), 25)),
  BPCHAR(1042, "bpchar", -1, new TextCodec()),
  VARCHAR(1043, "varchar", -1, new TextCodec()),
  DATE(1082, "date", 4, new DateCodec()),
  TIME(1083, "time", 8, new TimeCodec()),
  TIMESTAMP(1114, "timestamp", 8, new TimestampCodec()),
  TIMESTAMPTZ(1184, "timestamptz", 8, new TimestampTzCodec()),
  INTERVAL(1186, "interval", 16, new IntervalCodec()),
  TIMETZ(1266, "timetz", 12, new TimeTzCodec()),
  NUMERIC(1700, "numeric", -1, new NumericCodec()),
  REGCLASS(2205, "regclass", 4, new OidCodec("regclass")),
  UUID(2950, "uuid", 16, new UuidCodec());

  private static final Map<Integer, PgType> BY_OID =
      Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(PgType::oid, Function.identity()));

  private final int oid;
  private final String typname;
  private final int typlen;
  private final PgCodec<?> codec;

  PgType(int oid, String typname, int typlen, PgCodec<?> codec) {
    this.oid = oid;
    this.typname = typname;
    this.typlen = typlen;
    this.codec = codec;
  }

  public int oid() { return oid; }

  public String typname() { return typname; }

  public int typlen() { return typlen; }

  public PgCodec<?> codec() { return codec; }

  /** True for types whose values are object identifiers, which differ from server to server. */
  public boolean isObjectIdentifier() {
    return this == OID || this == REGCLASS;
  }

  public static Optional<PgType> byOid(int oid) {
    return Optional.ofNullable(BY_OID.get(oid));
  }

  /**
   * Resolves a type as spelled in SQL DDL ({@code BIGINT}, {@code TIMESTAMP WITH TIME ZONE},
   * {@code DECIMAL(18,3)}, {@code DOUBLE PRECISION}, ...). Modifiers in parentheses are ignored.
   */
  public static Optional<PgType> bySqlName(String sqlName) {
    String n = sqlName.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    int paren = n.indexOf('(');
    if (paren >= 0) {
      n = n.substring(0, paren).trim();
    }
    switch (n) {
      case "bool": case "boolean": return Optional.of(BOOL);
      case "bytea": case "blob": return Optional.of(BYTEA);
      case "int8": case "bigint": return Optional.of(INT8);
      case "int2": case "smallint": return Optional.of(INT2);
      case "int4": case "int": case "integer": return Optional.of(INT4);
      case "text": return Optional.of(TEXT);
      case "oid": return Optional.of(OID);
      case "tid": return Optional.of(TID);
      case "float4": case "real": return Optional.of(FLOAT4);
      case "float8": case "float": case "double precision": return Optional.of(FLOAT8);
      case "varchar": case "character varying": case "string": return Optional.of(VARCHAR);
      case "bpchar": case "character": return Optional.of(BPCHAR);
      case "date": return Optional.of(DATE);
      case "time": case "time without time zone": return Optional.of(TIME);
      case "timetz": case "time with time zone": return Optional.of(TIMETZ);
      case "timestamp": case "timestamp without time zone": return Optional.of(TIMESTAMP);
      case "timestamptz": case "timestamp with time zone": return Optional.of(TIMESTAMPTZ);
      case "interval": return Optional.of(INTERVAL);
      case "numeric": case "decimal": return Optional.of(NUMERIC);
      case "uuid": return Optional.of(UUID);
      case "name": return Optional.of(NAME);
      default: return Optional.empty();
    }
  }
}
