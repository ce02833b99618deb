package io.rocklake.catalog.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Calcite's type rules where PostgreSQL's differ and clients can tell: {@code AVG} of an integer
 * column is a {@code numeric} in PostgreSQL (23.5, not 23); {@code CASE} and {@code UNION} branches of
 * string literals of different lengths are {@code text}, not blank-padded {@code CHAR(n)}.
 */
public final class PostgresTypeSystem extends RelDataTypeSystemImpl {
  public static final PostgresTypeSystem INSTANCE = new PostgresTypeSystem();

  /** PostgreSQL's numeric has no practical precision limit; Calcite's default of 19 digits is too small. */
  @Override public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxPrecision(typeName);
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
