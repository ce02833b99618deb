package io.rocklake.engine;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * What PostgreSQL clients' SQL (pgjdbc's metadata queries, psql) needs beyond Calcite's dialect:
 * <ul>
 *   <li>PostgreSQL's type names that Calcite does not know, as written in casts ({@code relname::text},
 *       {@code oid::oid}): each is the Calcite type its values have in the catalog — names and text
 *       VARCHAR, object identifiers BIGINT;
 *   <li>{@code 'pg_catalog.f'::regproc}: {@code 'f'}, the text pg_type's {@code typinput} and the like hold;
 *   <li>{@code 'name'::regclass}, a lookup of the relation by name: a call of {@link PgFunctions#regclassin};
 *   <li>{@code array_upper(a, d)}: the one dimension of RockLake's arrays has upper bound
 *       {@code cardinality(a)}, NULL for an empty array or another dimension;
 *   <li>{@code unnest(a) x} in FROM: its column is named {@code x}, as PostgreSQL names a scalar function's;
 *   <li>{@code a || ARRAY(...)}: array concatenation, a NULL array counting as empty (PostgreSQL's {@code array_cat});
 *   <li>{@code current_catalog}, which PostgreSQL defines as {@code current_database()} (Calcite's is empty);
 *   <li>{@code current_role}, which PostgreSQL answers with {@code current_user} (Calcite's is empty);
 *   <li>{@code AVG(x)} of integers, which PostgreSQL computes in numeric to a scale that depends on the
 *       values (Calcite's is fixed by the type): {@code pg_avg(SUM(x), COUNT(x))}, see {@link PgFunctions#pg_avg}.
 *       Windowed and filtered averages ({@code OVER}, {@code FILTER}) keep Calcite's.
 * </ul>
 */
final class PgCompat {
  private PgCompat() {}

  private static final Map<String, SqlTypeName> ALIASES = Map.ofEntries(
      Map.entry("text", SqlTypeName.VARCHAR), Map.entry("name", SqlTypeName.VARCHAR),
      Map.entry("bpchar", SqlTypeName.VARCHAR), Map.entry("regproc", SqlTypeName.VARCHAR),
      Map.entry("oid", SqlTypeName.BIGINT), Map.entry("regclass", SqlTypeName.BIGINT),
      Map.entry("regtype", SqlTypeName.BIGINT), Map.entry("regnamespace", SqlTypeName.BIGINT),
      Map.entry("int8", SqlTypeName.BIGINT), Map.entry("int4", SqlTypeName.INTEGER),
      Map.entry("int2", SqlTypeName.SMALLINT), Map.entry("bool", SqlTypeName.BOOLEAN),
      Map.entry("float8", SqlTypeName.DOUBLE), Map.entry("float4", SqlTypeName.REAL),
      // Plans hold every timestamp at UTC (the session's time zone is UTC), so timestamptz is Calcite's TIMESTAMP.
      Map.entry("timestamptz", SqlTypeName.TIMESTAMP));

  /** Makes the names resolvable in casts, bare and qualified by pg_catalog ({@code ::pg_catalog.regtype}). */
  static void register(SchemaPlus root, SchemaPlus pgCatalog) {
    ALIASES.forEach((name, type) -> {
      root.add(name, (RelProtoDataType) f -> f.createSqlType(type));
      pgCatalog.add(name, (RelProtoDataType) f -> f.createSqlType(type));
    });
  }

  /** Rewrites a query in place (see the class comment); run before validation, after the select list was copied. */
  static void rewrite(SqlNode query) {
    SelectListArrayExpansion.rewrite(query);
    query.accept(new SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlCall call) {
        // Of AS, only the expression: the alias is a name, whatever it spells.
        int operands = call.getKind() == SqlKind.AS ? 1 : call.operandCount();
        boolean wrapsAggregate = call.getKind() == SqlKind.OVER || call.getKind() == SqlKind.FILTER
            || call.getKind() == SqlKind.WITHIN_GROUP || call.getKind() == SqlKind.WITHIN_DISTINCT;
        for (int i = 0; i < operands; i++) {
          SqlNode replacement = replacement(call.operand(i));
          if (wrapsAggregate && i == 0 && replacement != null && isAvg(call.operand(0))) {
            replacement = null;
          }
          if (replacement != null) {
            try {
              call.setOperand(i, replacement);
            } catch (UnsupportedOperationException notSettable) {
              // an operand position that holds no expression
            }
          }
        }
        return super.visit(call);
      }

      @Override public Void visit(SqlNodeList list) {
        for (int i = 0; i < list.size(); i++) {
          SqlNode replacement = replacement(list.get(i));
          if (replacement != null) {
            list.set(i, replacement);
          }
        }
        return super.visit(list);
      }
    });
  }

  private static SqlNode replacement(SqlNode n) {
    if (n == null) {
      return null;
    }
    // 'pg_catalog.array_in'::regproc: regproc's text names pg_catalog's functions unqualified, as
    // pg_type.typinput holds them (pgjdbc's type cache tells arrays by typinput = that literal).
    if (isCastOfLiteralTo(n, "regproc") && ((SqlLiteral) ((SqlCall) n).operand(0)).getValueAs(String.class)
        .startsWith("pg_catalog.")) {
      SqlCall cast = (SqlCall) n;
      String name = ((SqlLiteral) cast.operand(0)).getValueAs(String.class).substring("pg_catalog.".length());
      cast.setOperand(0, SqlLiteral.createCharString(name, cast.operand(0).getParserPosition()));
      return null;
    }
    // array_to_string(a, d), bare or pg_catalog's: Calcite's operator of that name (its operator tables
    // answer unqualified names only).
    if (n instanceof SqlCall c && c.getOperator() instanceof SqlUnresolvedFunction f
        && f.getName().equalsIgnoreCase("array_to_string") && (c.operandCount() == 2 || c.operandCount() == 3)
        && isBareOrPgCatalog(f.getSqlIdentifier())) {
      return org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_TO_STRING.createCall(n.getParserPosition(),
          c.getOperandList());
    }
    // x = ANY(array), which Calcite reads as x = SOME of a one-element list: array_contains(array, x).
    if (n instanceof SqlCall c && c.getKind() == SqlKind.SOME
        && c.getOperator() instanceof org.apache.calcite.sql.fun.SqlQuantifyOperator q
        && q.comparisonKind == SqlKind.EQUALS && c.operandCount() == 2 && c.operand(1) instanceof SqlNodeList list
        && list.size() == 1 && !(list.get(0) instanceof org.apache.calcite.sql.SqlSelect)
        && !(list.get(0) instanceof SqlLiteral)) {
      return org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_CONTAINS.createCall(n.getParserPosition(),
          List.of(list.get(0), c.operand(0)));
    }
    // unnest(a) x in FROM: PostgreSQL names the one column of a scalar function's rows after the
    // alias (psql's \d+ reads x); Calcite would call it EXPR$0.
    if (n instanceof SqlCall as && as.getKind() == SqlKind.AS && as.operandCount() == 2
        && as.operand(0) instanceof SqlCall unnest && unnest.getOperator() == SqlStdOperatorTable.UNNEST
        && unnest.operandCount() == 1 && as.operand(1) instanceof SqlIdentifier alias && alias.isSimple()) {
      return SqlStdOperatorTable.AS.createCall(n.getParserPosition(), unnest, alias,
          new SqlIdentifier(alias.getSimple(), alias.getParserPosition()));
    }
    // a || ARRAY(SELECT ...): PostgreSQL's array concatenation (array_cat), where a NULL array counts
    // as empty; an ARRAY(...) sub-query is never NULL. Calcite's || concatenates strings only.
    if (n instanceof SqlBasicCall c && c.getOperator() == SqlStdOperatorTable.CONCAT && c.operandCount() == 2
        && (isArrayConstructor(c.operand(0)) || isArrayConstructor(c.operand(1)))) {
      SqlParserPos pos = n.getParserPosition();
      SqlNode a = c.operand(0);
      SqlNode b = c.operand(1);
      SqlNode maybeNull = isArrayConstructor(a) ? b : a;
      SqlNode other = maybeNull == a ? b : a;
      SqlNode concat = org.apache.calcite.sql.fun.SqlLibraryOperators.ARRAY_CONCAT.createCall(pos, a, b);
      return new org.apache.calcite.sql.fun.SqlCase(pos, null,
          SqlNodeList.of(SqlStdOperatorTable.IS_NULL.createCall(pos, SqlTreeCopy.of(maybeNull))),
          SqlNodeList.of(SqlTreeCopy.of(other)), concat);
    }
    // CAST(x AS TIMESTAMP WITH TIME ZONE): Calcite's own zoned types have runtimes of their own (a
    // text literal fails to cast); plans hold every timestamp at UTC, as Calcite's TIMESTAMP: the
    // alias timestamptz, which the result's description still calls timestamptz. A text literal
    // cast to a timestamp is read here, to the microsecond (MicrosecondTimestamps.literalOfText).
    if (n instanceof SqlCall cast && cast.getKind() == SqlKind.CAST && cast.operandCount() == 2
        && cast.operand(1) instanceof SqlDataTypeSpec spec && timestampCast(spec) != null) {
      SqlParserPos pos = spec.getParserPosition();
      boolean zoned = timestampCast(spec);
      SqlDataTypeSpec target = !zoned ? spec : new SqlDataTypeSpec(
          new org.apache.calcite.sql.SqlUserDefinedTypeNameSpec(new SqlIdentifier("timestamptz", pos), pos), pos);
      SqlNode operand = cast.operand(0);
      if (operand instanceof SqlLiteral text && text.getTypeName() == SqlTypeName.CHAR) {
        operand = MicrosecondTimestamps.literalOfText(text.getValueAs(String.class), zoned)
            .<SqlNode>map(t -> SqlLiteral.createTimestamp(SqlTypeName.TIMESTAMP, t,
                io.rocklake.catalog.calcite.PostgresTypeSystem.MICROSECONDS, text.getParserPosition()))
            .orElse(operand);
      }
      if (operand != cast.operand(0) || target != spec) {
        return SqlStdOperatorTable.CAST.createCall(n.getParserPosition(), operand, target);
      }
    }
    if (isRegclassLiteral(n)) {
      return call("regclassin", n.getParserPosition(), ((SqlCall) n).operand(0));
    }
    if (isAvg(n) && n instanceof SqlBasicCall avg && avg.operandCount() == 1) {
      SqlParserPos pos = n.getParserPosition();
      SqlNode sum = new SqlBasicCall(SqlStdOperatorTable.SUM, List.of(avg.operand(0)), pos, avg.getFunctionQuantifier());
      SqlNode count = new SqlBasicCall(SqlStdOperatorTable.COUNT, List.of(avg.operand(0)), pos,
          avg.getFunctionQuantifier());
      return call("pg_avg", pos, sum, count);
    }
    // array_upper(a, 1) of a one-dimensional array: its length, NULL when empty (as PostgreSQL answers).
    if (n instanceof SqlCall c && c.operandCount() == 2 && c.getOperator() instanceof SqlUnresolvedFunction f
        && f.getName().equalsIgnoreCase("array_upper") && c.operand(1) instanceof SqlLiteral dim
        && dim.getTypeName() == SqlTypeName.DECIMAL) {
      SqlParserPos pos = n.getParserPosition();
      SqlNode length = SqlStdOperatorTable.CARDINALITY.createCall(pos, List.<SqlNode>of(c.operand(0)));
      boolean first = dim.intValue(true) == 1;
      SqlNode when = SqlStdOperatorTable.GREATER_THAN.createCall(pos,
          List.<SqlNode>of(length, SqlLiteral.createExactNumeric("0", pos)));
      return new org.apache.calcite.sql.fun.SqlCase(pos, null,
          SqlNodeList.of(first ? when : SqlLiteral.createBoolean(false, pos)),
          SqlNodeList.of(SqlStdOperatorTable.CARDINALITY.createCall(pos, List.<SqlNode>of(c.operand(0)))),
          SqlLiteral.createNull(pos));
    }
    // now(): the transaction's start, which is what CURRENT_TIMESTAMP reads here (as in PostgreSQL).
    if (n instanceof SqlCall c && c.operandCount() == 0 && c.getOperator() instanceof SqlUnresolvedFunction f
        && f.getName().equalsIgnoreCase("now")) {
      return new SqlBasicCall(SqlStdOperatorTable.CURRENT_TIMESTAMP, List.of(), n.getParserPosition());
    }
    // The parser reads current_role as an identifier too, which the validator would make Calcite's.
    if (n instanceof SqlIdentifier id && id.isSimple() && !id.isComponentQuoted(0)
        && id.getSimple().equalsIgnoreCase("current_role")) {
      return new SqlBasicCall(SqlStdOperatorTable.CURRENT_USER, List.of(), n.getParserPosition());
    }
    // The parser reads current_catalog as an identifier; Calcite's validator would make it its own function.
    if (n instanceof SqlIdentifier id && id.isSimple() && id.getSimple().equals("current_catalog")) {
      return call("current_database", n.getParserPosition());
    }
    return null;
  }

  /** For a cast to a timestamp type: whether it is zoned (timestamptz); null for any other type. */
  static Boolean timestampCast(SqlDataTypeSpec spec) {
    List<String> names = spec.getTypeNameSpec().getTypeName().names;
    String name = names.get(names.size() - 1).toUpperCase(Locale.ROOT);
    return name.equals("TIMESTAMP") ? Boolean.FALSE
        : List.of("TIMESTAMP_TZ", "TIMESTAMP_WITH_LOCAL_TIME_ZONE", "TIMESTAMPTZ").contains(name) ? Boolean.TRUE : null;
  }

  private static boolean isArrayConstructor(SqlNode n) {
    return n != null && (n.getKind() == SqlKind.ARRAY_QUERY_CONSTRUCTOR || n.getKind() == SqlKind.ARRAY_VALUE_CONSTRUCTOR);
  }

  private static boolean isBareOrPgCatalog(SqlIdentifier name) {
    return name == null || name.names.size() == 1
        || name.names.size() == 2 && name.names.get(0).equalsIgnoreCase("pg_catalog");
  }

  /** An {@code avg(x)} call: the parser leaves function names unresolved until validation. */
  private static boolean isAvg(SqlNode n) {
    return n instanceof SqlCall c && (c.getKind() == SqlKind.AVG
        || c.getOperator() instanceof SqlUnresolvedFunction f && f.getName().equalsIgnoreCase("avg"));
  }

  private static boolean isRegclassLiteral(SqlNode n) {
    return isCastOfLiteralTo(n, "regclass");
  }

  /** {@code 'text'::type}: a cast of a character literal to the type of that name. */
  private static boolean isCastOfLiteralTo(SqlNode n, String typeName) {
    if (!(n instanceof SqlCall c) || c.getKind() != SqlKind.CAST || c.operandCount() != 2
        || !(c.operand(0) instanceof SqlLiteral lit) || lit.getTypeName() != SqlTypeName.CHAR
        || !(c.operand(1) instanceof SqlDataTypeSpec spec)) {
      return false;
    }
    SqlIdentifier type = spec.getTypeNameSpec().getTypeName();
    return type.names.get(type.names.size() - 1).toLowerCase(Locale.ROOT).equals(typeName);
  }

  private static SqlNode call(String function, SqlParserPos pos, SqlNode... operands) {
    SqlIdentifier fn = new SqlIdentifier(function, pos);
    return new SqlBasicCall(new SqlUnresolvedFunction(fn, null, null, null, null,
        SqlFunctionCategory.USER_DEFINED_FUNCTION), operands, pos);
  }
}
