package io.rocklake.sql.ast;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.ReturnTypes;

/** Operators the RockLake grammar adds to Calcite's. */
public final class RockLakeOperators {
  private RockLakeOperators() {
  }

  /**
   * PostgreSQL's postfix {@code expr COLLATE "C"}; the right operand is the collation name as an
   * identifier. Binds as tightly as {@code ::} so that {@code a = 'x' COLLATE "C"} collates the
   * literal, as in PostgreSQL.
   */
  public static final SqlBinaryOperator COLLATE =
      new SqlBinaryOperator("COLLATE", SqlKind.OTHER, 94, true, ReturnTypes.ARG0, null, null);
}
