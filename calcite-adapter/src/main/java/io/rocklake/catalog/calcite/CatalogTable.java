package io.rocklake.catalog.calcite;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Sarg;
import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import java.math.BigDecimal;

/**
 * One catalog relation as a Calcite table, read through a transaction's view. Projections are
 * applied at the source; comparisons of a single-column integer primary key with literals
 * ({@code =, <, <=, >, >=}) become a key-range scan and are removed from the filter list; every
 * other filter is left for Calcite to evaluate.
 */
final class CatalogTable extends AbstractTable implements ProjectableFilterableTable {
  private final CatalogTransaction tx;
  private final RelationDef relation;

  CatalogTable(CatalogTransaction tx, RelationDef relation) {
    this.tx = tx;
    this.relation = relation;
  }

  @Override public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    return CalciteTypes.rowType(relation, typeFactory);
  }

  @Override public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
    Long low = null;
    Long high = null;
    boolean keyed = relation.primaryKey().size() == 1
        && relation.columns().get(relation.primaryKeyIndexes()[0]).type() == ColumnType.BIGINT;
    if (keyed) {
      int key = relation.primaryKeyIndexes()[0];
      for (Iterator<RexNode> it = filters.iterator(); it.hasNext(); ) {
        Bound b = bound(it.next(), key);
        if (b == null) {
          continue;
        }
        if (b.low != null) {
          low = low == null ? b.low : Math.max(low, b.low);
        }
        if (b.high != null) {
          high = high == null ? b.high : Math.min(high, b.high);
        }
        it.remove();
      }
    }
    List<CatalogRow> rows = (low != null || high != null) ? tx.scanKeyRange(relation, low, high) : tx.scan(relation);
    List<Object[]> out = new ArrayList<>(rows.size());
    for (CatalogRow r : rows) {
      if (projects == null) {
        Object[] v = r.values();
        for (int i = 0; i < v.length; i++) {
          v[i] = CalciteTypes.toCalcite(v[i]);
        }
        out.add(v);
      } else {
        Object[] v = new Object[projects.length];
        for (int i = 0; i < projects.length; i++) {
          v[i] = CalciteTypes.toCalcite(r.get(projects[i]));
        }
        out.add(v);
      }
    }
    return Linq4j.asEnumerable(out);
  }

  private record Bound(Long low, Long high) {}

  /** The key range a filter {@code key op literal} (or {@code literal op key}) allows, or null. */
  private static Bound bound(RexNode filter, int keyColumn) {
    if (!(filter instanceof RexCall)) {
      return null;
    }
    RexCall call = (RexCall) filter;
    if (call.getOperands().size() != 2) {
      return null;
    }
    if (call.getKind() == SqlKind.SEARCH) {
      return searchBound(call, keyColumn);
    }
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    SqlKind kind = call.getKind();
    if (b instanceof RexInputRef && a instanceof RexLiteral) {
      RexNode t = a;
      a = b;
      b = t;
      kind = kind.reverse();
    }
    if (!(a instanceof RexInputRef) || ((RexInputRef) a).getIndex() != keyColumn || !(b instanceof RexLiteral)
        || !SqlTypeName.EXACT_TYPES.contains(((RexLiteral) b).getTypeName())) {
      return null;
    }
    Long v = ((RexLiteral) b).getValueAs(Long.class);
    if (v == null) {
      return null;
    }
    switch (kind) {
      case EQUALS: return new Bound(v, v);
      case GREATER_THAN: return v == Long.MAX_VALUE ? null : new Bound(v + 1, null);
      case GREATER_THAN_OR_EQUAL: return new Bound(v, null);
      case LESS_THAN: return v == Long.MIN_VALUE ? null : new Bound(null, v - 1);
      case LESS_THAN_OR_EQUAL: return new Bound(null, v);
      default: return null;
    }
  }

  /** {@code SEARCH(key, Sarg[...])}, Calcite's form of range predicates: handled if it is one range. */
  private static Bound searchBound(RexCall call, int keyColumn) {
    try {
      return integralSearchBound(call, keyColumn);
    } catch (ArithmeticException notIntegral) {
      return null; // e.g. key > 2.5: left for Calcite to evaluate
    }
  }

  private static Bound integralSearchBound(RexCall call, int keyColumn) {
    RexNode a = call.getOperands().get(0);
    RexNode b = call.getOperands().get(1);
    if (!(a instanceof RexInputRef) || ((RexInputRef) a).getIndex() != keyColumn || !(b instanceof RexLiteral)) {
      return null;
    }
    Sarg<?> sarg = ((RexLiteral) b).getValueAs(Sarg.class);
    if (sarg == null || sarg.rangeSet.asRanges().size() != 1 || sarg.nullAs == RexUnknownAs.TRUE) {
      return null;
    }
    Range<?> range = sarg.rangeSet.asRanges().iterator().next();
    Long low = null;
    Long high = null;
    if (range.hasLowerBound()) {
      if (!(range.lowerEndpoint() instanceof BigDecimal)) {
        return null;
      }
      long v = ((BigDecimal) range.lowerEndpoint()).longValueExact();
      low = range.lowerBoundType() == BoundType.CLOSED ? v : v + 1;
    }
    if (range.hasUpperBound()) {
      if (!(range.upperEndpoint() instanceof BigDecimal)) {
        return null;
      }
      long v = ((BigDecimal) range.upperEndpoint()).longValueExact();
      high = range.upperBoundType() == BoundType.CLOSED ? v : v - 1;
    }
    return new Bound(low, high);
  }
}
