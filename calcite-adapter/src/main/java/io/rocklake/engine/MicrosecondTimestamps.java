package io.rocklake.engine;

import com.google.common.collect.ImmutableList;
import io.rocklake.catalog.SqlState;
import io.rocklake.catalog.calcite.CalciteTypes;
import io.rocklake.catalog.calcite.PostgresTypeSystem;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.util.TimestampString;

/**
 * Timestamps in compiled plans are epoch <em>microseconds</em>, as PostgreSQL, DuckDB and the
 * catalog keep them. Calcite's generated code holds a TIMESTAMP as a {@code long} too, but of
 * milliseconds, and every operator of its runtime that reads the number (literals, casts,
 * {@code EXTRACT}, {@code FLOOR(ts TO DAY)}, interval arithmetic) assumes so. Instead of teaching
 * each of those a new unit, the optimized plan is rewritten once before code is generated:
 * <ul>
 *   <li>operators that only move, compare or order values ({@code =}, {@code <}, {@code CASE},
 *       {@code COALESCE}, sorts, joins, {@code MIN}/{@code MAX}, grouping) take microseconds as they
 *       are: exact, whatever the sub-millisecond digits;</li>
 *   <li>a TIMESTAMP literal becomes its microseconds ({@code REINTERPRET} of a BIGINT literal), so a
 *       filter on {@code '2024-02-29 12:34:56.789012'} matches that microsecond;</li>
 *   <li>{@code ts ± interval} keeps the microseconds below the millisecond that Calcite's
 *       arithmetic cannot see; a cast to text prints all six digits (PostgresSemantics), a cast
 *       from text reads them (a literal's before validation: {@link #literalOfText});</li>
 *   <li>every other operator is handed milliseconds (rounded down, as {@code Instant.toEpochMilli})
 *       and its TIMESTAMP result is turned back into microseconds: it answers as exactly as Calcite
 *       can, never off by a factor of a thousand.</li>
 * </ul>
 * Values enter plans as microseconds (CalciteTypes, parameters) and leave them as such
 * ({@link CalcitePlan#fromCalcite}). A plan whose unit could not be kept straight (a window
 * constant or an aggregate of a timestamp that is neither a pick nor a count) is refused with
 * 0A000 rather than answered wrong.
 *
 * <p><em>Rejected:</em> a Java object type for timestamps in plans ({@code java.sql.Timestamp}
 * with nanos): Calcite converts it to milliseconds at every operator that computes, through the
 * JVM's time zone; declaring {@code TIMESTAMP(6)} alone changes nothing at run time.
 */
public final class MicrosecondTimestamps {
  private MicrosecondTimestamps() {}

  /** The millisecond a microsecond lies in, rounded down (before 1970 too). */
  public static Long millisOfMicros(Long micros) {
    return micros == null ? null : Math.floorDiv(micros, 1000L);
  }

  /** A millisecond as microseconds. */
  public static Long microsOfMillis(Long millis) {
    return millis == null ? null : millis * 1000L;
  }

  /** A computed millisecond with the microseconds below the millisecond of the value it came from. */
  public static Long withMicrosOf(Long millis, Long micros) {
    return millis == null || micros == null ? null : millis * 1000L + Math.floorMod(micros, 1000L);
  }

  /** Text cast to a timestamp, read as PostgreSQL reads timestamptz input (its offset, else UTC). */
  public static Long microsOfText(String text) {
    return text == null ? null
        : CalciteTypes.epochMicros((java.time.Instant) Coercions.to(text,
            io.rocklake.catalog.ColumnType.TIMESTAMPTZ, "timestamp"));
  }

  private static SqlUserDefinedFunction function(String method) {
    return PostgresSemantics.planFunction("rocklake_" + method, ReturnTypes.BIGINT_NULLABLE, MicrosecondTimestamps.class,
        method);
  }

  private static final SqlUserDefinedFunction MILLIS_OF_MICROS = function("millisOfMicros");
  private static final SqlUserDefinedFunction MICROS_OF_MILLIS = function("microsOfMillis");
  private static final SqlUserDefinedFunction WITH_MICROS_OF = function("withMicrosOf");
  private static final SqlUserDefinedFunction MICROS_OF_TEXT = function("microsOfText");

  /** Operators that move, compare or order values without reading their unit. */
  private static final Set<SqlKind> UNIT_BLIND = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
      SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_DISTINCT_FROM,
      SqlKind.IS_NOT_DISTINCT_FROM, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.CASE, SqlKind.COALESCE,
      SqlKind.NULLIF, SqlKind.GREATEST, SqlKind.LEAST);

  /** Aggregates that return one of their inputs' values, or count them. */
  private static final Set<SqlKind> PICKS = EnumSet.of(SqlKind.MIN, SqlKind.MAX, SqlKind.ANY_VALUE,
      SqlKind.SINGLE_VALUE, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE, SqlKind.NTH_VALUE, SqlKind.LAG, SqlKind.LEAD,
      SqlKind.COUNT, SqlKind.ARG_MAX, SqlKind.ARG_MIN);

  static boolean isTimestamp(RelDataType t) {
    return PostgresTypeSystem.isTimestamp(t.getSqlTypeName());
  }

  /** The plan with every TIMESTAMP value held as epoch microseconds. */
  static RelNode rewrite(RelNode plan, RexBuilder rex) {
    return new Rewriter(rex).rel(plan);
  }

  private static final class Rewriter extends RexShuttle {
    private final RexBuilder rex;
    private final RelDataTypeFactory types;

    Rewriter(RexBuilder rex) {
      this.rex = rex;
      this.types = rex.getTypeFactory();
    }

    RelNode rel(RelNode node) {
      List<RelNode> inputs = new ArrayList<>();
      boolean changed = false;
      for (RelNode input : node.getInputs()) {
        RelNode done = rel(input);
        changed |= done != input;
        inputs.add(done);
      }
      if (changed) {
        node = node.copy(node.getTraitSet(), inputs);
      }
      if (node instanceof EnumerableValues values) {
        return values(values);
      }
      if (node instanceof EnumerableCalc calc) {
        return calc(calc);
      }
      if (node instanceof Window window) {
        for (RexLiteral constant : window.constants) {
          if (isTimestamp(constant.getType())) {
            throw refused("a timestamp constant in a window");
          }
        }
      }
      if (node instanceof Aggregate aggregate) {
        for (AggregateCall call : aggregate.getAggCallList()) {
          boolean readsTimestamps = isTimestamp(call.getType()) || call.getArgList().stream()
              .anyMatch(i -> isTimestamp(aggregate.getInput().getRowType().getFieldList().get(i).getType()));
          if (readsTimestamps && !PICKS.contains(call.getAggregation().getKind())) {
            throw refused("the aggregate " + call.getAggregation().getName() + " of a timestamp");
          }
        }
      }
      return node.accept(this);
    }

    private static EngineException refused(String what) {
      return new EngineException(SqlState.FEATURE_NOT_SUPPORTED,
          what + " is not supported: timestamps are computed to the microsecond, and this would not be");
    }

    /** A Calc's expressions rewritten as trees (its program shares sub-expressions by reference). */
    private RelNode calc(EnumerableCalc calc) {
      RexProgram p = calc.getProgram();
      List<RexNode> projects = new ArrayList<>();
      for (RexNode e : p.getProjectList()) {
        projects.add(p.expandLocalRef((org.apache.calcite.rex.RexLocalRef) e).accept(this));
      }
      RexNode condition = p.getCondition() == null ? null : p.expandLocalRef(p.getCondition()).accept(this);
      RexProgram rewritten = RexProgram.create(calc.getInput().getRowType(), projects, condition, calc.getRowType(), rex);
      return EnumerableCalc.create(calc.getInput(), rewritten);
    }

    /** VALUES holding timestamp literals: the literals' microseconds as BIGINTs, reinterpreted above. */
    private RelNode values(EnumerableValues values) {
      List<RelDataTypeField> fields = values.getRowType().getFieldList();
      if (fields.stream().noneMatch(f -> isTimestamp(f.getType()))) {
        return values;
      }
      RelDataTypeFactory.Builder stored = types.builder();
      for (RelDataTypeField f : fields) {
        stored.add(f.getName(), isTimestamp(f.getType()) ? bigint(f.getType().isNullable()) : f.getType());
      }
      RelDataType storedType = stored.build();
      ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
      for (List<RexLiteral> tuple : values.getTuples()) {
        ImmutableList.Builder<RexLiteral> row = ImmutableList.builder();
        for (int i = 0; i < tuple.size(); i++) {
          RexLiteral lit = tuple.get(i);
          boolean ts = isTimestamp(fields.get(i).getType());
          row.add(!ts ? lit : lit.isNull() ? (RexLiteral) rex.makeNullLiteral(storedType.getFieldList().get(i).getType())
              : (RexLiteral) rex.makeLiteral(BigDecimal.valueOf(micros(lit)), storedType.getFieldList().get(i).getType()));
        }
        tuples.add(row.build());
      }
      EnumerableValues input = EnumerableValues.create(values.getCluster(), storedType, tuples.build());
      List<RexNode> projects = new ArrayList<>();
      for (int i = 0; i < fields.size(); i++) {
        RexNode ref = rex.makeInputRef(storedType.getFieldList().get(i).getType(), i);
        projects.add(isTimestamp(fields.get(i).getType()) ? reinterpret(fields.get(i).getType(), ref) : ref);
      }
      return EnumerableCalc.create(input,
          RexProgram.create(storedType, projects, null, values.getRowType(), rex));
    }

    @Override public RexNode visitLiteral(RexLiteral literal) {
      if (!isTimestamp(literal.getType()) || literal.isNull()) {
        return literal;
      }
      return reinterpret(literal.getType(), rex.makeLiteral(BigDecimal.valueOf(micros(literal)),
          bigint(false)));
    }

    @Override public RexNode visitCall(RexCall call) {
      if (call.getKind() == SqlKind.SEARCH && isTimestamp(call.getOperands().get(0).getType())) {
        return RexUtil.expandSearch(rex, null, call).accept(this); // its ranges' bounds are literals to rewrite
      }
      SqlOperator op = call.getOperator();
      if ((op == PostgresSemantics.TIMESTAMP_TEXT || op == PostgresSemantics.LOCAL_TIMESTAMP_TEXT)
          && call.getOperands().get(0) instanceof RexCall raw
          && raw.getKind() == SqlKind.REINTERPRET && isTimestamp(raw.getOperands().get(0).getType())) {
        // Prints the microseconds it is given: the reinterpreted timestamp is passed through as it is.
        return call.clone(call.getType(), List.of(raw.clone(raw.getType(), List.of(raw.getOperands().get(0).accept(this)))));
      }
      if (call.getKind() == SqlKind.CAST && call.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP) {
        SqlTypeName from = call.getOperands().get(0).getType().getSqlTypeName();
        if (from == SqlTypeName.TIMESTAMP) {
          return super.visitCall(call);
        }
        if (from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR) {
          return reinterpret(call.getType(), call(MICROS_OF_TEXT, call.getType().isNullable(),
              call.getOperands().get(0).accept(this)));
        }
      }
      if (UNIT_BLIND.contains(call.getKind())) {
        return super.visitCall(call);
      }
      List<RexNode> operands = new ArrayList<>();
      RexNode dated = null; // the timestamp an interval is added to or taken from
      for (RexNode o : call.getOperands()) {
        RexNode visited = o.accept(this);
        if (isTimestamp(o.getType())) {
          dated = dated == null ? visited : dated;
          visited = reinterpret(o.getType(), call(MILLIS_OF_MICROS, o.getType().isNullable(), raw(visited)));
        }
        operands.add(visited);
      }
      RexNode computed = call.clone(call.getType(), operands);
      if (!isTimestamp(call.getType())) {
        return computed;
      }
      boolean nullable = call.getType().isNullable();
      if (dated != null && isIntervalArithmetic(call)) {
        return reinterpret(call.getType(), call(WITH_MICROS_OF, nullable, raw(computed), raw(dated)));
      }
      return reinterpret(call.getType(), call(MICROS_OF_MILLIS, nullable, raw(computed)));
    }

    /** {@code ts + interval}, {@code interval + ts}, {@code ts - interval}: the sub-millisecond part carries over. */
    private static boolean isIntervalArithmetic(RexCall call) {
      return (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)
          && call.getOperands().size() == 2
          && call.getOperands().stream().anyMatch(o -> SqlTypeName.INTERVAL_TYPES.contains(o.getType().getSqlTypeName()));
    }

    private RelDataType bigint(boolean nullable) {
      return types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), nullable);
    }

    private RexNode raw(RexNode timestamp) {
      return rex.makeReinterpretCast(bigint(timestamp.getType().isNullable()), timestamp, rex.makeLiteral(false));
    }

    private RexNode reinterpret(RelDataType type, RexNode bigint) {
      return rex.makeReinterpretCast(type, bigint, rex.makeLiteral(false));
    }

    private RexNode call(SqlUserDefinedFunction f, boolean nullable, RexNode... operands) {
      return rex.makeCall(bigint(nullable), f, List.of(operands));
    }
  }

  /**
   * A text literal cast to a timestamp, read now as PostgreSQL reads it: the timestamp at UTC to the
   * microsecond, or empty if the text is no timestamp (the cast then fails as it runs, with 22007).
   * Calcite would fold such a cast while converting the query by running its own code, in
   * milliseconds ({@code CAST('… .789012' AS TIMESTAMP)} a literal of .789).
   *
   * @param zoned whether the text is {@code timestamptz} input (its offset applied) or
   *     {@code timestamp} input (an offset ignored, as PostgreSQL ignores it)
   */
  static java.util.Optional<TimestampString> literalOfText(String text, boolean zoned) {
    LocalDateTime t;
    try {
      t = zoned
          ? LocalDateTime.ofInstant((java.time.Instant) Coercions.to(text, io.rocklake.catalog.ColumnType.TIMESTAMPTZ,
              "timestamp"), ZoneOffset.UTC)
          : (LocalDateTime) io.rocklake.pgwire.types.PgType.TIMESTAMP.codec().decodeText(text.trim());
    } catch (RuntimeException notATimestamp) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(),
        t.getMinute(), t.getSecond()).withNanos(t.getNano() / 1000 * 1000));
  }

  /** A TIMESTAMP literal's epoch microseconds, from its text (Calcite's own value keeps only milliseconds). */
  static long micros(RexLiteral literal) {
    TimestampString s = literal.getValueAs(TimestampString.class);
    if (s == null) {
      return literal.getValueAs(Long.class) * 1000L;
    }
    return CalciteTypes.epochMicros(LocalDateTime.parse(s.toString().replace(' ', 'T')).toInstant(ZoneOffset.UTC));
  }
}
