package io.rocklake.engine;

import io.rocklake.catalog.calcite.CalciteTypes;
import io.rocklake.pgwire.types.PgBytes;
import io.rocklake.pgwire.types.PgType;
import java.time.LocalTime;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Where Calcite's runtime semantics are not PostgreSQL's, and {@link ScanPlan} (through
 * {@link Eval} and the codecs) already has PostgreSQL's, the Calcite-planned query is rewritten
 * after conversion to relational algebra to call the functions below:
 * <ul>
 *   <li>casts to VARCHAR: Calcite writes {@code TRUE}, {@code 1.0E-12}, {@code .000},
 *       {@code 2025-01-04 00:00:00} and {@code 00ff} where PostgreSQL writes {@code true},
 *       {@code 1e-12}, {@code 0.000}, {@code 2025-01-04 00:00:00.369+00} and {@code \x00ff} (a lake
 *       table's {@code timestamp} column without the offset, as DuckDB and PostgreSQL print it);</li>
 *   <li>comparisons of floats: PostgreSQL orders NaN above every number and equal to itself.</li>
 * </ul>
 */
public final class PostgresSemantics {
  private PostgresSemantics() {}

  public static String bool(Boolean v) {
    return v == null ? null : v ? "true" : "false"; // the cast spells the word, unlike boolout's t/f
  }

  public static String float4(Float v) {
    return v == null ? null : PgType.FLOAT4.codec().encodeTextObject(v);
  }

  public static String float8(Double v) {
    return v == null ? null : PgType.FLOAT8.codec().encodeTextObject(v);
  }

  public static String bytea(ByteString v) {
    return v == null ? null : PgType.BYTEA.codec().encodeTextObject(PgBytes.copyOf(v.getBytes()));
  }

  public static String numeric(java.math.BigDecimal v) {
    return v == null ? null : PgType.NUMERIC.codec().encodeTextObject(v); // 0.000, where Calcite writes .000
  }

  /**
   * PostgreSQL's float order: NaN equals NaN and is greater than every other value, -0 equals 0.
   * (Java's and Calcite's {@code <}, {@code =} on doubles are IEEE's: every comparison with NaN false.)
   */
  public static Integer floatCompare(Double a, Double b) {
    if (a == null || b == null) {
      return null;
    }
    return a.doubleValue() == b.doubleValue() ? 0 : Double.compare(a, b);
  }

  /** A TIMESTAMP in a plan: epoch microseconds ({@link MicrosecondTimestamps}). */
  public static String timestamptz(Long micros) {
    return micros == null ? null : PgType.TIMESTAMPTZ.codec().encodeTextObject(CalciteTypes.instantOfMicros(micros));
  }

  /** A lake table's {@code timestamp} (without time zone) in a plan: epoch microseconds, printed without an offset. */
  public static String timestamp(Long micros) {
    return micros == null ? null : PgType.TIMESTAMP.codec().encodeTextObject(
        java.time.LocalDateTime.ofInstant(CalciteTypes.instantOfMicros(micros), java.time.ZoneOffset.UTC));
  }

  /** Calcite's TIME: milliseconds of the day. */
  public static String time(Integer millis) {
    return millis == null ? null : PgType.TIME.codec().encodeTextObject(LocalTime.ofNanoOfDay(millis * 1_000_000L));
  }

  /** A public static method of {@code owner} as a function a rewritten plan calls, named {@code name}. */
  static SqlUserDefinedFunction planFunction(String name, org.apache.calcite.sql.type.SqlReturnTypeInference type,
      Class<?> owner, String method) {
    return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, type, null,
        null, ScalarFunctionImpl.create(owner, method));
  }

  private static SqlUserDefinedFunction function(String method) {
    return planFunction("pg_text_" + method, ReturnTypes.VARCHAR_NULLABLE, PostgresSemantics.class, method);
  }

  private static final SqlUserDefinedFunction BOOL = function("bool");
  private static final SqlUserDefinedFunction FLOAT4 = function("float4");
  private static final SqlUserDefinedFunction FLOAT8 = function("float8");
  private static final SqlUserDefinedFunction BYTEA = function("bytea");
  /** Prints the microseconds it is given: {@link MicrosecondTimestamps} leaves its operand raw. */
  static final SqlUserDefinedFunction TIMESTAMP_TEXT = function("timestamptz");
  /** The same for a lake table's {@code timestamp}: no offset. */
  static final SqlUserDefinedFunction LOCAL_TIMESTAMP_TEXT = function("timestamp");
  private static final SqlUserDefinedFunction TIME = function("time");
  private static final SqlUserDefinedFunction NUMERIC = function("numeric");
  private static final SqlUserDefinedFunction FLOAT_COMPARE =
      planFunction("pg_float_compare", ReturnTypes.INTEGER_NULLABLE, PostgresSemantics.class, "floatCompare");

  private static boolean isFloat(RexNode n) {
    SqlTypeName t = n.getType().getSqlTypeName();
    return t == SqlTypeName.REAL || t == SqlTypeName.DOUBLE || t == SqlTypeName.FLOAT;
  }

  private static boolean isNumber(RexNode n) {
    return SqlTypeName.NUMERIC_TYPES.contains(n.getType().getSqlTypeName());
  }

  /** The plan with its float comparisons and casts to VARCHAR of booleans, floats, numerics, bytea and times replaced. */
  static RelNode rewrite(RelNode plan, RexBuilder rex) {
    return plan.accept(new RelHomogeneousShuttle() {
      @Override public RelNode visit(RelNode other) {
        RelNode visited = super.visit(other);
        return visited.accept(casts(visited, rex));
      }
    });
  }

  /**
   * Whether the timestamp an expression of {@code node} reads is a lake table's {@code timestamp}
   * (without time zone): a column of its one input that comes straight from such a column. Every
   * other timestamp in a plan (the catalog's, a computed one) is printed as a timestamptz.
   */
  private static boolean isLocalTimestamp(RelNode node, RexNode operand) {
    if (!(operand instanceof org.apache.calcite.rex.RexInputRef ref) || node.getInputs().size() != 1) {
      return false;
    }
    org.apache.calcite.rel.metadata.RelColumnOrigin origin =
        node.getCluster().getMetadataQuery().getColumnOrigin(node.getInput(0), ref.getIndex());
    if (origin == null || origin.isDerived()) {
      return false;
    }
    io.rocklake.catalog.calcite.LakeTable lake = origin.getOriginTable().unwrap(io.rocklake.catalog.calcite.LakeTable.class);
    return lake != null && lake.presentedColumns().get(origin.getOriginColumnOrdinal()).type()
        == io.rocklake.catalog.ColumnType.TIMESTAMP;
  }

  private static RexShuttle casts(RelNode node, RexBuilder rex) {
    return new RexShuttle() {
      private RexNode asDouble(RexNode n) {
        RelDataType dbl = rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE);
        return rex.makeCast(rex.getTypeFactory().createTypeWithNullability(dbl, n.getType().isNullable()), n);
      }

      @Override public RexNode visitCall(RexCall call) {
        RexNode visited = super.visitCall(call);
        if (visited instanceof RexCall cmp && cmp.getKind().belongsTo(SqlKind.COMPARISON)
            && cmp.getOperands().size() == 2 && cmp.getOperands().stream().anyMatch(PostgresSemantics::isFloat)
            && cmp.getOperands().stream().allMatch(PostgresSemantics::isNumber)) {
          RexNode compared = rex.makeCall(FLOAT_COMPARE,
              java.util.List.of(asDouble(cmp.getOperands().get(0)), asDouble(cmp.getOperands().get(1))));
          return rex.makeCall(cmp.getOperator(), compared, rex.makeExactLiteral(java.math.BigDecimal.ZERO));
        }
        if (!(visited instanceof RexCall c) || c.getKind() != SqlKind.CAST
            || c.getType().getSqlTypeName() != SqlTypeName.VARCHAR) {
          return visited;
        }
        RexNode operand = c.getOperands().get(0);
        RelDataType from = operand.getType();
        switch (from.getSqlTypeName()) {
          case BOOLEAN: return rex.makeCall(c.getType(), BOOL, java.util.List.of(operand));
          case REAL: return rex.makeCall(c.getType(), FLOAT4, java.util.List.of(operand));
          case DOUBLE: case FLOAT: return rex.makeCall(c.getType(), FLOAT8, java.util.List.of(operand));
          case VARBINARY: case BINARY: return rex.makeCall(c.getType(), BYTEA, java.util.List.of(operand));
          case DECIMAL: return rex.makeCall(c.getType(), NUMERIC, java.util.List.of(operand));
          case TIMESTAMP: return rex.makeCall(c.getType(), isLocalTimestamp(node, operand) ? LOCAL_TIMESTAMP_TEXT
              : TIMESTAMP_TEXT, java.util.List.of(
              rex.makeReinterpretCast(rex.getTypeFactory().createTypeWithNullability(
                  rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT), from.isNullable()), operand,
                  rex.makeLiteral(false))));
          case TIME: return rex.makeCall(c.getType(), TIME, java.util.List.of(
              rex.makeReinterpretCast(rex.getTypeFactory().createTypeWithNullability(
                  rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER), from.isNullable()), operand,
                  rex.makeLiteral(false))));
          default: return visited;
        }
      }
    };
  }
}
