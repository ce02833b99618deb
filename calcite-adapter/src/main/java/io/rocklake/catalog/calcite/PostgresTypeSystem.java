package io.rocklake.catalog.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type rules where PostgreSQL's differ and clients can tell: {@code AVG} of an integer
 * column is a {@code numeric} in PostgreSQL (23.5, not 23); {@code CASE} and {@code UNION} branches of
 * string literals of different lengths are {@code text}, not blank-padded {@code CHAR(n)}; timestamps
 * are to the microsecond.
 */
public final class PostgresTypeSystem extends RelDataTypeSystemImpl {
  public static final PostgresTypeSystem INSTANCE = new PostgresTypeSystem();

  /**
   * PostgreSQL's numeric has no practical precision limit; Calcite's default of 19 digits is too small.
   * Timestamps keep microseconds, as in PostgreSQL and DuckDB: Calcite's default of 3 rounds a
   * literal's fraction to the millisecond before any plan sees it.
   */
  @Override public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? 38 : isTimestamp(typeName) ? MICROSECONDS : super.getMaxPrecision(typeName);
  }

  /** {@code timestamp} without a precision is to the microsecond, as PostgreSQL's is (Calcite's is to the second). */
  @Override public int getDefaultPrecision(SqlTypeName typeName) {
    return isTimestamp(typeName) ? MICROSECONDS : super.getDefaultPrecision(typeName);
  }

  /** The fractional digits of a timestamp. */
  public static final int MICROSECONDS = 6;

  /** The timestamp types, which plans hold as epoch microseconds. */
  public static boolean isTimestamp(SqlTypeName t) {
    return t == SqlTypeName.TIMESTAMP || t == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
  }

  @Override public int getMaxScale(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxScale(typeName);
  }

  /**
   * {@code CASE WHEN .. THEN 'TABLE' ELSE 'SYSTEM TABLE' END} is {@code 'TABLE'} unpadded in PostgreSQL.
   * A Calcite JDBC connection with BIG_QUERY conformance wraps its type system to say so; the engine's
   * planner uses this type system directly, so it must say so itself.
   */
  @Override public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  @Override public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    if (SqlTypeUtil.isExactNumeric(argumentType) && argumentType.getScale() <= 0) {
      RelDataType decimal = typeFactory.createSqlType(SqlTypeName.DECIMAL, 38, 16);
      return typeFactory.createTypeWithNullability(decimal, argumentType.isNullable());
    }
    return super.deriveAvgAggType(typeFactory, argumentType);
  }
}
