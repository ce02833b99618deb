package io.rocklake.engine;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.ColumnType;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import io.rocklake.catalog.pg.PgOids;
import io.rocklake.pgwire.types.PgType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * The plan of a single-relation scan: {@code SELECT col | NULL | ctid [::VARCHAR], ... FROM rel
 * [WHERE filter] [LIMIT n] [OFFSET m]} — exactly what a Calcite {@code ProjectableFilterableTable}
 * is handed, and the shape of every table scan DuckDB's postgres extension sends. It runs straight
 * on the transaction's view: the rows its filter's bounds select ({@link WhereBounds}), the filter
 * evaluated per row, the projection, then offset and limit. Anything richer is planned by Calcite.
 */
final class ScanPlan {
  private final RelationDef relation;
  private final String alias;
  private final List<SqlNode> items;
  private final List<Field> fields;
  private final SqlNode where;
  private final SqlNode fetch;
  private final SqlNode offset;
  /** The filter includes {@code key = (SELECT MAX(key) FROM relation)}, answered by the last row. */
  private final boolean lastKey;
  /** Per item, the column it reads when it is a plain column reference (read straight from the row), else -1. */
  private final int[] columns;
  /**
   * Per item, true when it is a plain column whose stored values are already its wire values (all
   * types but BYTEA and INTERVAL, whose Java forms differ on the wire): copied without conversion.
   */
  private final boolean[] asStored;
  /** Where a lake table's rows come from, in the lake database; null for the catalog's relations. */
  private final LakeSource lake;

  /** The lake database's tables, for a scan of one: found by name, read from their files. */
  interface LakeSource {
    Optional<RelationDef> find(SqlIdentifier table);

    /**
     * The table's rows, with only {@code columns} read (the others null), leaving out files whose
     * statistics show no row within {@code bounds}.
     */
    Iterator<CatalogRow> rows(CatalogTransaction tx, RelationDef relation, java.util.BitSet columns, ScanBounds bounds,
        List<WhereBounds.ColumnComparison> comparisons);
  }

  private ScanPlan(RelationDef relation, String alias, List<SqlNode> items, List<Field> fields, SqlNode where,
      SqlNode fetch, SqlNode offset, boolean lastKey, LakeSource lake) {
    this.lake = lake;
    this.relation = relation;
    this.alias = alias;
    this.items = items;
    this.fields = fields;
    this.where = where;
    this.fetch = fetch;
    this.offset = offset;
    this.lastKey = lastKey;
    this.columns = new int[items.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = items.get(i) instanceof SqlIdentifier id && !id.names.get(id.names.size() - 1).equals("ctid")
          ? relation.columnIndex(id.names.get(id.names.size() - 1)).orElse(-1) : -1;
    }
    this.asStored = new boolean[columns.length];
    for (int i = 0; i < columns.length; i++) {
      ColumnType t = columns[i] < 0 ? null : relation.columns().get(columns[i]).type();
      asStored[i] = t != null && t != ColumnType.BYTEA && t != ColumnType.INTERVAL
          && fields.get(i).type() == Coercions.pgType(t);
    }
  }

  RelationDef relation() {
    return relation;
  }

  List<Field> fields() {
    return fields;
  }

  /** The plan, or null when the query is not a plain scan of one catalog relation. */
  static ScanPlan of(SqlNode query, CatalogTransaction tx) {
    return of(query, tx, null);
  }

  /** The plan of a scan of one lake table, or null (then Calcite plans it). */
  static ScanPlan of(SqlNode query, CatalogTransaction tx, LakeSource lake) {
    SqlNode fetch = null;
    SqlNode offset = null;
    if (query instanceof SqlOrderBy ob) {
      if (!ob.orderList.isEmpty()) {
        return null;
      }
      fetch = ob.fetch;
      offset = ob.offset;
      query = ob.query;
    }
    if (!(query instanceof SqlSelect select) || select.isDistinct() || select.getGroup() != null
        || select.getHaving() != null || (select.getOrderList() != null && !select.getOrderList().isEmpty())
        || select.getWindowList() != null && !select.getWindowList().isEmpty() || select.getQualify() != null) {
      return null;
    }
    fetch = fetch != null ? fetch : select.getFetch();
    offset = offset != null ? offset : select.getOffset();
    if (!isConstant(fetch) || !isConstant(offset)) {
      return null;
    }
    SqlNode from = select.getFrom();
    String alias = null;
    if (from instanceof SqlCall as && as.getKind() == SqlKind.AS) {
      if (as.operandCount() != 2) {
        return null;
      }
      alias = ((SqlIdentifier) as.operand(1)).getSimple();
      from = as.operand(0);
    }
    if (from instanceof SqlSelect || from instanceof SqlOrderBy) {
      return select.getWhere() == null && fetch == null && offset == null ? projected(of(from, tx, lake), select) : null;
    }
    if (!(from instanceof SqlIdentifier table) || table.names.size() == 2 && table.names.get(0).equals("pg_catalog")) {
      return null;
    }
    RelationDef relation = (lake == null ? Relations.find(tx, table) : lake.find(table)).orElse(null);
    if (relation == null) {
      return null;
    }
    SqlNode where = select.getWhere();
    if (lake != null && !(select.getSelectList().getList().stream().allMatch(ScanPlan::isPlainColumn)
        && (where == null || isSimpleFilter(where)))) {
      return null; // in the lake database only plain columns under a simple filter run here: Calcite plans the rest
    }
    boolean lastKey = false;
    if (where != null && hasSubquery(where)) {
      List<SqlNode> rest = new ArrayList<>();
      for (SqlNode conjunct : conjuncts(where)) {
        if (isLastKeyTest(conjunct, relation, tx)) {
          lastKey = true;
        } else if (hasSubquery(conjunct)) {
          return null;
        } else {
          rest.add(conjunct);
        }
      }
      where = rest.isEmpty() ? null : rest.size() == 1 ? rest.get(0)
          : SqlStdOperatorTable.AND.createCall(where.getParserPosition(), rest);
    }
    if (where != null && !Eval.evaluates(where)) {
      return null; // an operator the per-row evaluation does not know (LIKE, say): Calcite plans the scan
    }
    List<SqlNode> items = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      if (item instanceof SqlIdentifier id && id.isStar()) {
        for (int i = 0; i < relation.columns().size(); i++) {
          items.add(new SqlIdentifier(relation.columns().get(i).name(), id.getParserPosition()));
          fields.add(columnField(relation, i, relation.columns().get(i).name()));
        }
        continue;
      }
      String name = null;
      SqlNode e = item;
      if (e.getKind() == SqlKind.AS) {
        name = ((SqlIdentifier) ((SqlCall) e).operand(1)).getSimple();
        e = ((SqlCall) e).operand(0);
      }
      Field f = field(relation, e, name);
      if (f == null) {
        return null;
      }
      items.add(e);
      fields.add(f);
    }
    return new ScanPlan(relation, alias, items, fields, where, fetch, offset, lastKey, lake);
  }

  /**
   * {@code SELECT a, b FROM (scan) AS alias}: the inner scan with the outer columns picked by name, as
   * DuckDB wraps the queries it pushes to PostgreSQL. Null unless every outer item names one inner column.
   */
  private static ScanPlan projected(ScanPlan inner, SqlSelect outer) {
    if (inner == null) {
      return null;
    }
    List<SqlNode> items = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    for (SqlNode item : outer.getSelectList()) {
      if (item instanceof SqlIdentifier id && id.isStar()) {
        items.addAll(inner.items);
        fields.addAll(inner.fields);
        continue;
      }
      if (!(item instanceof SqlIdentifier id)) {
        return null;
      }
      String name = id.names.get(id.names.size() - 1);
      int found = -1;
      for (int i = 0; i < inner.fields.size(); i++) {
        if (inner.fields.get(i).name().equals(name)) {
          if (found >= 0) {
            return null; // ambiguous: left for Calcite to report
          }
          found = i;
        }
      }
      if (found < 0) {
        return null;
      }
      items.add(inner.items.get(found));
      fields.add(inner.fields.get(found));
    }
    return new ScanPlan(inner.relation, inner.alias, items, fields, inner.where, inner.fetch, inner.offset,
        inner.lastKey, inner.lake);
  }

  /** A column, {@code *} or {@code alias.column}, optionally renamed; never {@code ctid}. */
  private static boolean isPlainColumn(SqlNode item) {
    SqlNode e = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
    return e instanceof SqlIdentifier id && !id.names.get(id.names.size() - 1).equalsIgnoreCase("ctid");
  }

  /**
   * A filter of comparisons, null tests, BETWEEN and IN lists of columns, literals and parameters,
   * joined by AND, OR and NOT: what Spark, BI tools and psql users push to a table scan. Narrower than
   * {@link Eval#evaluates}, which also admits casts, arithmetic and functions: those are written for the
   * catalog's column types, and a lake table has others (timestamp, unsigned integers as numeric).
   */
  private static boolean isSimpleFilter(SqlNode n) {
    if (n instanceof SqlIdentifier || n instanceof SqlLiteral || n instanceof SqlDynamicParam) {
      return true;
    }
    if (n instanceof SqlNodeList list) {
      return list.getList().stream().allMatch(ScanPlan::isSimpleFilter);
    }
    if (!(n instanceof SqlCall c)) {
      return false;
    }
    switch (c.getKind()) {
      case AND: case OR: case NOT: case EQUALS: case NOT_EQUALS: case LESS_THAN: case LESS_THAN_OR_EQUAL:
      case GREATER_THAN: case GREATER_THAN_OR_EQUAL: case IS_NULL: case IS_NOT_NULL: case IS_TRUE: case IS_FALSE:
      case BETWEEN: case IN: case NOT_IN:
        return c.getOperandList().stream().allMatch(o -> o == null || isSimpleFilter(o));
      default:
        return false;
    }
  }

  private static List<SqlNode> conjuncts(SqlNode n) {
    if (n.getKind() != SqlKind.AND) {
      return List.of(n);
    }
    List<SqlNode> out = new ArrayList<>();
    for (SqlNode o : ((SqlCall) n).getOperandList()) {
      out.addAll(conjuncts(o));
    }
    return out;
  }

  /**
   * {@code key = (SELECT MAX(key) FROM relation)} on the relation's own integer key: DuckDB's lookup of
   * its latest snapshot, answered by reading the relation's last row rather than all of it.
   */
  private static boolean isLastKeyTest(SqlNode n, RelationDef relation, CatalogTransaction tx) {
    if (n.getKind() != SqlKind.EQUALS || relation.integerKeyColumn().isEmpty()) {
      return false;
    }
    String key = relation.columns().get(relation.integerKeyColumn().getAsInt()).name();
    SqlCall eq = (SqlCall) n;
    if (!(eq.operand(0) instanceof SqlIdentifier col) || !col.names.get(col.names.size() - 1).equals(key)
        || !(eq.operand(1) instanceof SqlSelect sub)) {
      return false;
    }
    if (sub.isDistinct() || sub.getWhere() != null || sub.getGroup() != null || sub.getHaving() != null
        || sub.getFetch() != null || sub.getOffset() != null || sub.getOrderList() != null && !sub.getOrderList().isEmpty()
        || sub.getSelectList().size() != 1 || !(sub.getFrom() instanceof SqlIdentifier subTable)
        || Relations.find(tx, subTable).filter(r -> r.id() == relation.id()).isEmpty()) {
      return false;
    }
    SqlNode item = sub.getSelectList().get(0);
    // The parser leaves aggregate names unresolved for the validator: MAX is known by name here.
    return item instanceof SqlCall max && max.getOperator().getName().equalsIgnoreCase("max") && max.operandCount() == 1
        && max.getFunctionQuantifier() == null
        && max.operand(0) instanceof SqlIdentifier arg && arg.names.get(arg.names.size() - 1).equals(key);
  }

  private static boolean isConstant(SqlNode n) {
    return n == null || n instanceof SqlLiteral || n instanceof SqlDynamicParam;
  }

  private static Field field(RelationDef relation, SqlNode e, String alias) {
    if (e instanceof SqlLiteral lit && lit.getTypeName() == SqlTypeName.NULL) {
      return Field.computed(alias == null ? "?column?" : alias, PgType.TEXT);
    }
    if (e instanceof SqlIdentifier id) {
      String col = id.names.get(id.names.size() - 1);
      if (col.equals("ctid")) {
        return new Field(alias == null ? "ctid" : alias, PgType.TID, -1, (int) PgOids.relation(relation), (short) -1);
      }
      int i = relation.columnIndex(col).orElse(-1);
      return i < 0 ? null : columnField(relation, i, alias == null ? col : alias);
    }
    if (e.getKind() == SqlKind.CAST) {
      SqlCall cast = (SqlCall) e;
      Field inner = field(relation, cast.operand(0), alias);
      TypeSpecs.Resolved t = TypeSpecs.resolve((SqlDataTypeSpec) cast.operand(1));
      if (inner == null || t.tid() || (t.type() != ColumnType.VARCHAR && t.type() != ColumnType.TEXT)) {
        return null;
      }
      return Field.computed(inner.name(), Coercions.pgType(t.type()));
    }
    return null;
  }

  private static Field columnField(RelationDef relation, int i, String name) {
    ColumnDef c = relation.columns().get(i);
    return new Field(name, Coercions.pgType(c.type()), c.typmod(), (int) PgOids.relation(relation), (short) (i + 1));
  }

  private static boolean hasSubquery(SqlNode n) {
    boolean[] found = {false};
    n.accept(new SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlCall call) {
        if (call instanceof SqlSelect || call.getKind() == SqlKind.EXISTS) {
          found[0] = true;
          return null;
        }
        return super.visit(call);
      }
    });
    return found[0];
  }

  /** This scan with the statement's parameter values: the read the session runs. */
  Reads.Plan with(List<Object> params) {
    return new Reads.Plan() {
      @Override public Reads.Result run(CatalogTransaction tx, Instant now, String user, Runnable cancelCheck) {
        return new Reads.Result(fields, ScanPlan.this.run(tx, new Eval(now, params), cancelCheck), false);
      }

      @Override public Reads.Streamed stream(CatalogTransaction tx, Instant now, String user, Runnable cancelCheck) {
        return new Reads.Streamed(fields, rows(tx, new Eval(now, params), cancelCheck));
      }
    };
  }

  /** Runs the scan in a transaction; the rows are in the fields' wire types. */
  List<Object[]> run(CatalogTransaction tx, Eval eval, Runnable cancelCheck) {
    List<Object[]> out = new ArrayList<>();
    rows(tx, eval, cancelCheck).forEachRemaining(out::add);
    return out;
  }

  /**
   * The scan's rows as the caller consumes them. LIMIT, OFFSET and the bounds of the WHERE are
   * evaluated now, so a bad one fails before any row is sent, as in PostgreSQL; the filter and the
   * projection run per row as it is read.
   */
  Iterator<Object[]> rows(CatalogTransaction tx, Eval eval, Runnable cancelCheck) {
    long limit = fetch == null ? Long.MAX_VALUE : (Long) Coercions.to(eval.value(fetch, Scope.NONE), ColumnType.BIGINT, "LIMIT");
    long skip = offset == null ? 0 : (Long) Coercions.to(eval.value(offset, Scope.NONE), ColumnType.BIGINT, "OFFSET");
    WhereBounds.Translation bounds = WhereBounds.translate(relation, alias, where, eval, Scope.NONE);
    // Bounds that state the whole WHERE left only rows it is true for: it is not evaluated again.
    return new Rows(candidates(tx, bounds.bounds(), bounds.comparisons()), bounds.whole() ? null : where, eval, limit, skip, cancelCheck);
  }

  /** The filter, offset, limit and projection over the candidate rows, one row at a time. */
  private final class Rows implements Iterator<Object[]>, AutoCloseable {
    private final Iterator<CatalogRow> candidates;
    private final SqlNode filter;
    private final Eval eval;
    private final RelationScope scope = new RelationScope(relation, alias, null);
    private final Runnable cancelCheck;
    private long remaining;
    private long skip;
    private int seen;
    private Object[] next;

    Rows(Iterator<CatalogRow> candidates, SqlNode filter, Eval eval, long limit, long skip, Runnable cancelCheck) {
      this.candidates = candidates;
      this.filter = filter;
      this.eval = eval;
      this.remaining = limit;
      this.skip = skip;
      this.cancelCheck = cancelCheck;
    }

    @Override public boolean hasNext() {
      while (next == null && remaining > 0 && candidates.hasNext()) {
        if ((++seen & 1023) == 0) {
          cancelCheck.run();
        }
        CatalogRow row = candidates.next();
        scope.at(row);
        if (filter != null && !Boolean.TRUE.equals(eval.truth(filter, scope))) {
          continue;
        }
        if (skip > 0) {
          skip--;
          continue;
        }
        next = project(row);
        remaining--;
      }
      return next != null;
    }

    @Override public Object[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Object[] row = next;
      next = null;
      return row;
    }

    @Override public void close() {
      Closing.close(candidates);
    }

    private Object[] project(CatalogRow row) {
      Object[] values = new Object[items.size()];
      for (int i = 0; i < values.length; i++) {
        if (asStored[i]) {
          values[i] = row.get(columns[i]);
          continue;
        }
        Object v = columns[i] >= 0 ? row.get(columns[i]) : eval.value(items.get(i), scope);
        values[i] = v == null ? null : fields.get(i).type() == PgType.VARCHAR && !(v instanceof String)
            ? Coercions.text(v) : Coercions.toWire(v);
      }
      return values;
    }
  }

  /** The rows the filter can match, read along the access path its bounds allow. */
  private Iterator<CatalogRow> candidates(CatalogTransaction tx, ScanBounds bounds,
      List<WhereBounds.ColumnComparison> comparisons) {
    if (lake != null) {
      Iterator<CatalogRow> rows = lake.rows(tx, relation, usedColumns(), bounds, comparisons);
      return new CloseableRows() {
        private CatalogRow next;

        @Override public void close() {
          Closing.close(rows);
        }

        @Override public boolean hasNext() {
          while (next == null && rows.hasNext()) {
            CatalogRow r = rows.next();
            if (bounds.admits(r.values())) {
              next = r;
            }
          }
          return next != null;
        }

        @Override public CatalogRow next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          CatalogRow r = next;
          next = null;
          return r;
        }
      };
    }
    if (lastKey) {
      return tx.lastRow(relation).filter(r -> bounds.admits(r.values())).map(List::of).orElse(List.of()).iterator();
    }
    return tx.stream(relation, bounds);
  }

  /** Candidate rows that hold a lake scan open until read to the end or closed. */
  private interface CloseableRows extends Iterator<CatalogRow>, AutoCloseable {
    @Override void close();
  }

  /** The columns the items and the filter name: all a lake scan needs to read. */
  private java.util.BitSet usedColumns() {
    java.util.BitSet used = new java.util.BitSet();
    SqlBasicVisitor<Void> names = new SqlBasicVisitor<>() {
      @Override public Void visit(SqlIdentifier id) {
        relation.columnIndex(id.names.get(id.names.size() - 1)).ifPresent(used::set);
        return null;
      }
    };
    for (SqlNode item : items) {
      item.accept(names);
    }
    if (where != null) {
      where.accept(names);
    }
    return used;
  }
}
