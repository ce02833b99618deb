package io.rocklake.engine;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.Tid;
import io.rocklake.sql.ast.SqlColumnDefinition;
import io.rocklake.sql.ast.SqlAlterTableAction;
import io.rocklake.sql.ast.SqlPgAlterTable;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.ast.SqlPgDropTable;
import io.rocklake.sql.ast.SqlUpdateFrom;
import io.rocklake.sql.fingerprint.Fingerprint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.ddl.SqlCreateSchema;

/**
 * The write statements of DuckLake's commit batches and of the postgres extension's DML, applied to
 * a catalog transaction: INSERT ... VALUES, UPDATE [... FROM], WITH ... UPDATE ... FROM (VALUES),
 * DELETE (including {@code WHERE ctid IN (...)}), CREATE/DROP TABLE. Values are assigned with
 * PostgreSQL's assignment casts; the transaction enforces NOT NULL and primary keys.
 */
final class Writes {
  private final CatalogTransaction tx;
  private final Eval eval;

  Writes(CatalogTransaction tx, Eval eval) {
    this.tx = tx;
    this.eval = eval;
  }

  /** Runs a write statement the {@link Authorizer} let through. */
  Outcome.Command run(SqlNode statement) {
    if (statement instanceof SqlInsert i) {
      return insert(i);
    }
    if (statement instanceof SqlUpdateFrom u) {
      return updateFrom(u, null);
    }
    if (statement instanceof SqlUpdate u) {
      return update(u);
    }
    if (statement instanceof SqlDelete d) {
      return delete(d);
    }
    if (statement instanceof SqlWith w) {
      return with(w);
    }
    if (statement instanceof SqlPgCreateTable c) {
      return createTable(c);
    }
    if (statement instanceof SqlPgDropTable d) {
      return dropTable(d);
    }
    if (statement instanceof SqlCreateSchema) {
      // Schemas exist as namespaces of the relations created in them; nothing to record.
      return new Outcome.Command("CREATE SCHEMA");
    }
    if (statement instanceof SqlPgAlterTable a) {
      return alterTable(a);
    }
    Fingerprint f = Fingerprint.of(statement);
    throw EngineException.unsupported("statement not supported: " + f.hash() + " " + f.normalizedSql());
  }

  private Outcome.Command insert(SqlInsert insert) {
    RelationDef rel = Relations.require(tx, (SqlIdentifier) insert.getTargetTable());
    int[] targets = targetColumns(rel, insert.getTargetColumnList());
    SqlNode source = insert.getSource();
    if (source.getKind() != SqlKind.VALUES) {
      throw EngineException.unsupported("INSERT ... SELECT is not supported; use INSERT ... VALUES");
    }
    long n = 0;
    for (SqlNode rowNode : ((SqlCall) source).getOperandList()) {
      List<SqlNode> exprs = ((SqlCall) rowNode).getOperandList();
      if (exprs.size() > targets.length) {
        throw new EngineException(SqlState.SYNTAX_ERROR, "INSERT has more expressions than target columns");
      }
      Object[] values = new Object[rel.columns().size()];
      for (int i = 0; i < exprs.size(); i++) {
        ColumnDef c = rel.columns().get(targets[i]);
        values[targets[i]] = Coercions.assign(eval.value(exprs.get(i), Scope.NONE), c);
      }
      tx.insert(rel, values);
      n++;
    }
    return new Outcome.Command("INSERT 0 " + n);
  }

  /** Inserts one row given per target column (COPY FROM). */
  void insertRow(RelationDef rel, int[] targets, Object[] given) {
    Object[] values = new Object[rel.columns().size()];
    for (int i = 0; i < targets.length; i++) {
      values[targets[i]] = Coercions.assign(given[i], rel.columns().get(targets[i]));
    }
    tx.insert(rel, values);
  }

  static int[] targetColumns(RelationDef rel, SqlNodeList columns) {
    if (columns == null || columns.isEmpty()) {
      int[] all = new int[rel.columns().size()];
      for (int i = 0; i < all.length; i++) {
        all[i] = i;
      }
      return all;
    }
    int[] out = new int[columns.size()];
    for (int i = 0; i < out.length; i++) {
      String name = ((SqlIdentifier) columns.get(i)).getSimple();
      out[i] = rel.columnIndex(name).orElseThrow(() -> new EngineException(SqlState.UNDEFINED_COLUMN,
          "column \"" + name + "\" of relation \"" + rel.name() + "\" does not exist"));
    }
    return out;
  }

  private Outcome.Command update(SqlUpdate update) {
    RelationDef rel = Relations.require(tx, (SqlIdentifier) update.getTargetTable());
    SqlIdentifier alias = update.getAlias();
    RelationScope scope = new RelationScope(rel, alias == null ? null : alias.getSimple(), null);
    int[] targets = targetColumns(rel, update.getTargetColumnList());
    long n = 0;
    for (CatalogRow row : candidates(rel, update.getCondition(), alias)) {
      scope.at(row);
      if (update.getCondition() != null && !Boolean.TRUE.equals(eval.truth(update.getCondition(), scope))) {
        continue;
      }
      tx.update(rel, row, assigned(rel, row, targets, update.getSourceExpressionList(), scope));
      n++;
    }
    return new Outcome.Command("UPDATE " + n);
  }

  private Object[] assigned(RelationDef rel, CatalogRow row, int[] targets, SqlNodeList sources, Scope scope) {
    Object[] values = row.values();
    Object[] computed = new Object[targets.length];
    for (int i = 0; i < targets.length; i++) {
      computed[i] = Coercions.assign(eval.value(sources.get(i), scope), rel.columns().get(targets[i]));
    }
    for (int i = 0; i < targets.length; i++) {
      values[targets[i]] = computed[i];
    }
    return values;
  }

  /** UPDATE t SET ... FROM source WHERE ..., with the source a WITH'd VALUES list or a relation. */
  private Outcome.Command updateFrom(SqlUpdateFrom update, SqlNodeList with) {
    RelationDef rel = Relations.require(tx, update.targetTable());
    SqlNode from = update.from();
    String sourceAlias = null;
    if (from.getKind() == SqlKind.AS) {
      sourceAlias = ((SqlIdentifier) ((SqlCall) from).operand(1)).getSimple();
      from = ((SqlCall) from).operand(0);
    }
    if (!(from instanceof SqlIdentifier sourceName)) {
      throw EngineException.unsupported("UPDATE ... FROM supports one table or WITH name only");
    }
    List<Scope> sources = sourceRows(sourceName, sourceAlias, with);
    RelationScope target = null;
    int[] targets = targetColumns(rel, update.targetColumns());
    Map<Long, Boolean> updated = new HashMap<>();
    long n = 0;
    for (Scope source : sources) {
      target = new RelationScope(rel, update.alias() == null ? null : update.alias().getSimple(), source);
      // The condition's constants are the source row's values: WHERE table_id = tid bounds by this tid.
      String targetName = update.alias() == null ? null : update.alias().getSimple();
      for (CatalogRow row : tx.scan(rel, WhereBounds.of(rel, targetName, update.condition(), eval, source))) {
        if (updated.containsKey(row.rowId())) {
          continue; // PostgreSQL updates a row at most once however many source rows match
        }
        target.at(row);
        if (update.condition() != null && !Boolean.TRUE.equals(eval.truth(update.condition(), target))) {
          continue;
        }
        tx.update(rel, row, assigned(rel, row, targets, update.sourceExpressions(), target));
        updated.put(row.rowId(), true);
        n++;
      }
    }
    return new Outcome.Command("UPDATE " + n);
  }

  private List<Scope> sourceRows(SqlIdentifier name, String alias, SqlNodeList with) {
    if (with != null && name.isSimple()) {
      for (SqlNode item : with) {
        SqlWithItem w = (SqlWithItem) item;
        if (w.name.getSimple().equals(name.getSimple())) {
          return valuesRows(w, alias == null ? w.name.getSimple() : alias);
        }
      }
    }
    RelationDef rel = Relations.require(tx, name);
    List<Scope> out = new ArrayList<>();
    for (CatalogRow row : tx.scan(rel)) {
      out.add(new RelationScope(rel, alias, null).at(row));
    }
    return out;
  }

  private List<Scope> valuesRows(SqlWithItem w, String alias) {
    if (w.query.getKind() != SqlKind.VALUES || w.columnList == null) {
      throw EngineException.unsupported("WITH " + w.name + " must be VALUES with a column list");
    }
    List<String> names = new ArrayList<>();
    w.columnList.forEach(c -> names.add(((SqlIdentifier) c).getSimple()));
    List<Scope> out = new ArrayList<>();
    for (SqlNode rowNode : ((SqlCall) w.query).getOperandList()) {
      List<SqlNode> exprs = ((SqlCall) rowNode).getOperandList();
      if (exprs.size() != names.size()) {
        throw new EngineException(SqlState.SYNTAX_ERROR, "VALUES lists must all be the same length");
      }
      Map<String, Object> values = new HashMap<>();
      for (int i = 0; i < exprs.size(); i++) {
        values.put(names.get(i), eval.value(exprs.get(i), Scope.NONE));
      }
      out.add(id -> {
        String col = id.names.get(id.names.size() - 1);
        if (id.names.size() > 1 && !id.names.get(id.names.size() - 2).equals(alias)) {
          throw new EngineException(SqlState.UNDEFINED_TABLE, "missing FROM-clause entry for table \"" + id.names.get(0) + "\"");
        }
        if (!values.containsKey(col)) {
          throw new EngineException(SqlState.UNDEFINED_COLUMN, "column \"" + col + "\" does not exist");
        }
        return values.get(col);
      });
    }
    return out;
  }

  private Outcome.Command delete(SqlDelete delete) {
    RelationDef rel = Relations.require(tx, (SqlIdentifier) delete.getTargetTable());
    SqlIdentifier alias = delete.getAlias();
    RelationScope scope = new RelationScope(rel, alias == null ? null : alias.getSimple(), null);
    long n = 0;
    for (CatalogRow row : candidates(rel, delete.getCondition(), alias)) {
      scope.at(row);
      if (delete.getCondition() != null && !Boolean.TRUE.equals(eval.truth(delete.getCondition(), scope))) {
        continue;
      }
      tx.delete(rel, row);
      n++;
    }
    return new Outcome.Command("DELETE " + n);
  }

  /**
   * Rows a condition can match: {@code ctid IN (...)} / {@code ctid = ...} go straight to those rows
   * of a relation keyed by row id; otherwise the condition's bounds choose the access path, as a scan's do.
   */
  private List<CatalogRow> candidates(RelationDef rel, SqlNode condition, SqlIdentifier alias) {
    List<Tid> tids = ctids(condition);
    if (tids == null) {
      return tx.scan(rel, WhereBounds.of(rel, alias == null ? null : alias.getSimple(), condition, eval));
    }
    java.util.Set<Long> wanted = new java.util.TreeSet<>();
    tids.forEach(t -> wanted.add(Locators.rowId(t)));
    if (!rel.hasPrimaryKey()) {
      return tx.rowsById(rel, wanted);
    }
    return tx.scan(rel).stream().filter(r -> wanted.contains(r.rowId())).toList();
  }

  private List<Tid> ctids(SqlNode condition) {
    if (condition == null || !(condition instanceof SqlCall call)) {
      return null;
    }
    boolean isCtid = call.operandCount() == 2 && call.operand(0) instanceof SqlIdentifier id
        && id.names.get(id.names.size() - 1).equals("ctid");
    if (!isCtid) {
      return null;
    }
    try {
      if (call.getKind() == SqlKind.IN && call.operand(1) instanceof SqlNodeList list) {
        List<Tid> out = new ArrayList<>();
        for (SqlNode e : list) {
          out.add(tid(eval.value(e, Scope.NONE)));
        }
        return out;
      }
      if (call.getKind() == SqlKind.EQUALS) {
        return List.of(tid(eval.value(call.operand(1), Scope.NONE)));
      }
    } catch (EngineException notConstant) {
      return null;
    }
    return null;
  }

  private static Tid tid(Object v) {
    return v instanceof Tid t ? t : Locators.parse(Coercions.text(v));
  }

  private Outcome.Command createTable(SqlPgCreateTable create) {
    List<ColumnDef> columns = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    for (SqlNode e : create.elements()) {
      if (!(e instanceof SqlColumnDefinition c)) {
        throw EngineException.unsupported("table constraints are not supported: " + e);
      }
      columns.add(TypeSpecs.column(c.name().getSimple(), c.type(), c.isNotNull() || c.isPrimaryKey()));
      if (c.isPrimaryKey()) {
        primaryKey.add(c.name().getSimple());
      }
    }
    if (primaryKey.size() > 1) {
      throw new EngineException(SqlState.INVALID_TABLE_DEFINITION, "multiple primary keys for table \""
          + create.name().names.get(create.name().names.size() - 1) + "\" are not allowed");
    }
    SqlIdentifier name = create.name();
    String schema = create.isTemporary() ? "pg_temp" : name.names.size() == 2 ? name.names.get(0) : null;
    String table = name.names.get(name.names.size() - 1);
    if (create.isTemporary() && create.onCommit() != SqlPgCreateTable.OnCommit.DROP) {
      throw EngineException.unsupported("temporary tables must be ON COMMIT DROP");
    }
    if (create.ifNotExists() && tx.relation(schema, table).isPresent()) {
      return new Outcome.Command("CREATE TABLE", new Outcome.Warning(SqlState.DUPLICATE_TABLE,
          "relation \"" + table + "\" already exists, skipping", true));
    }
    tx.createRelation(schema, table, columns, primaryKey,
        create.isTemporary() ? RelationDef.Kind.TEMPORARY : RelationDef.Kind.DYNAMIC, create.ifNotExists());
    return new Outcome.Command("CREATE TABLE");
  }

  private Outcome.Command dropTable(SqlPgDropTable drop) {
    var rel = Relations.find(tx, drop.name());
    if (rel.isEmpty()) {
      if (drop.ifExists()) {
        return new Outcome.Command("DROP TABLE");
      }
      throw new EngineException(SqlState.UNDEFINED_TABLE, "table \"" + drop.name().names.get(drop.name().names.size() - 1)
          + "\" does not exist");
    }
    tx.dropRelation(rel.get());
    return new Outcome.Command("DROP TABLE");
  }

  /**
   * ALTER TABLE as DuckLake 1.1's migration sends it: ADD COLUMN [IF NOT EXISTS] (with at most a
   * DEFAULT NULL, which every row already reads) and RENAME COLUMN of an inlined data table.
   */
  private Outcome.Command alterTable(SqlPgAlterTable alter) {
    var rel = Relations.find(tx, alter.table());
    if (rel.isEmpty()) {
      if (alter.ifExists()) {
        return new Outcome.Command("ALTER TABLE");
      }
      throw new EngineException(SqlState.UNDEFINED_TABLE, "relation \"" + alter.table() + "\" does not exist");
    }
    SqlAlterTableAction action = alter.action();
    switch (action.actionKind()) {
      case ADD_COLUMN -> {
        SqlColumnDefinition c = action.newColumn();
        if (c.defaultValue() != null && c.defaultValue().getKind() != SqlKind.LITERAL
            || c.defaultValue() instanceof org.apache.calcite.sql.SqlLiteral l && l.getValue() != null) {
          throw EngineException.unsupported("a column added to \"" + rel.get().name() + "\" may have DEFAULT NULL only");
        }
        if (c.isPrimaryKey() || c.isUnique()) {
          throw EngineException.unsupported("a column added to \"" + rel.get().name() + "\" cannot be a key");
        }
        tx.addColumn(rel.get(), TypeSpecs.column(c.name().getSimple(), c.type(), c.isNotNull()), action.isConditional());
      }
      case RENAME_COLUMN -> tx.renameColumn(rel.get(), action.column().getSimple(), action.newName().getSimple());
      default -> throw EngineException.unsupported("ALTER TABLE " + action.actionKind().name().replace('_', ' ')
          + " is not supported: DuckLake's migrations add and rename columns only");
    }
    return new Outcome.Command("ALTER TABLE");
  }

  /** WITH ... UPDATE: the only data-modifying WITH DuckLake sends. */
  private Outcome.Command with(SqlWith with) {
    if (with.body instanceof SqlUpdateFrom u) {
      return updateFrom(u, with.withList);
    }
    throw EngineException.unsupported("WITH is supported before UPDATE ... FROM only");
  }
}
