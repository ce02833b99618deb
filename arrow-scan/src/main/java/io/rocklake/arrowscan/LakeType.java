package io.rocklake.arrowscan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column type as DuckLake stores it in {@code ducklake_column.column_type} ({@code int64},
 * {@code decimal(18,3)}, ...), restricted to the types this reader supports.
 *
 * @param kind the type without parameters
 * @param precision decimal precision, 0 for other kinds
 * @param scale decimal scale, 0 for other kinds
 */
public record LakeType(Kind kind, int precision, int scale) {

  /** The DuckLake type names this reader reads, by their spelling in the catalog. */
  public enum Kind {
    BOOLEAN("boolean"),
    INT8("int8"),
    INT16("int16"),
    INT32("int32"),
    INT64("int64"),
    UINT8("uint8"),
    UINT16("uint16"),
    UINT32("uint32"),
    UINT64("uint64"),
    FLOAT32("float32"),
    FLOAT64("float64"),
    DECIMAL("decimal"),
    DATE("date"),
    TIMESTAMP("timestamp"),
    TIMESTAMPTZ("timestamptz"),
    VARCHAR("varchar"),
    BLOB("blob"),
    UUID("uuid"),
    TIME("time"),
    TIMETZ("timetz"),
    INTERVAL("interval"),
    TIMESTAMP_S("timestamp_s"),
    TIMESTAMP_MS("timestamp_ms"),
    TIMESTAMP_NS("timestamp_ns"),
    INT128("int128"),
    UINT128("uint128"),
    JSON("json"),
    // Nested: their fields are child columns of the plan column (PlanColumn.children).
    STRUCT("struct"),
    LIST("list"),
    MAP("map");

    private final String spelling;

    Kind(String spelling) {
      this.spelling = spelling;
    }

    /** The name as DuckLake writes it. */
    public String spelling() {
      return spelling;
    }
  }

  private static final Pattern DECIMAL = Pattern.compile("decimal\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");

  public LakeType {
    if (kind == Kind.DECIMAL) {
      if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal(" + precision + "," + scale + ") is not a valid decimal type: need 1 <= precision <= 38 and 0 <= scale <= precision");
      }
    } else if (precision != 0 || scale != 0) {
      throw new IllegalArgumentException(kind.spelling + " takes no precision or scale");
    }
  }

  /** The type of that kind, which must not be {@link Kind#DECIMAL}. */
  public static LakeType of(Kind kind) {
    return new LakeType(kind, 0, 0);
  }

  public static LakeType decimal(int precision, int scale) {
    return new LakeType(Kind.DECIMAL, precision, scale);
  }

  /**
   * Parses DuckLake's spelling of a type.
   *
   * @throws UnsupportedLakeTypeException for a type DuckLake has but this reader does not read
   *     (geometry, variant, ...): the reader never guesses bytes.
   */
  public static LakeType parse(String columnName, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = DECIMAL.matcher(t);
    if (m.matches()) {
      return decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
    if (t.equals("timestamp_us")) {
      // DuckLake's parser accepts this spelling of timestamp too.
      return of(Kind.TIMESTAMP);
    }
    for (Kind k : Kind.values()) {
      if (k != Kind.DECIMAL && k.spelling.equals(t)) {
        return of(k);
      }
    }
    throw new UnsupportedLakeTypeException(columnName, text);
  }

  /** True for struct, list and map, whose values are made of their child columns' values. */
  public boolean isNested() {
    return kind == Kind.STRUCT || kind == Kind.LIST || kind == Kind.MAP;
  }

  /** True for the signed and unsigned integer kinds. */
  public boolean isInteger() {
    return switch (kind) {
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> true;
      default -> false;
    };
  }

  /** True for the unsigned integer kinds. */
  public boolean isUnsigned() {
    return switch (kind) {
      case UINT8, UINT16, UINT32, UINT64 -> true;
      default -> false;
    };
  }

  /** Width in bits of an integer kind. */
  public int bitWidth() {
    return switch (kind) {
      case INT8, UINT8 -> 8;
      case INT16, UINT16 -> 16;
      case INT32, UINT32 -> 32;
      case INT64, UINT64 -> 64;
      default -> throw new IllegalStateException(this + " is not an integer type");
    };
  }

  /**
   * Whether a file written with {@code this} type may be read as {@code wider}: the promotions
   * DuckLake allows by ALTER COLUMN ... SET TYPE (same type, integer widening that keeps every
   * value, float32 to float64).
   */
  public boolean promotesTo(LakeType wider) {
    if (this.equals(wider)) {
      return true;
    }
    if (isInteger() && wider.isInteger()) {
      if (isUnsigned() == wider.isUnsigned()) {
        return bitWidth() < wider.bitWidth();
      }
      // An unsigned value fits a signed type of twice its width; a signed one never fits unsigned.
      return isUnsigned() && bitWidth() < wider.bitWidth();
    }
    return kind == Kind.FLOAT32 && wider.kind == Kind.FLOAT64;
  }

  /** DuckLake's spelling. */
  @Override
  public String toString() {
    return kind == Kind.DECIMAL ? "decimal(" + precision + "," + scale + ")" : kind.spelling;
  }
}
