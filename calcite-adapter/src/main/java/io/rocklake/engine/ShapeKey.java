package io.rocklake.engine;

import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.sql.ast.SqlAlterTableAction;
import io.rocklake.sql.ast.SqlColumnDefinition;
import io.rocklake.sql.ast.SqlPgAlterTable;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.ast.SqlPgDropTable;
import io.rocklake.sql.ast.SqlUpdateFrom;
import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.fingerprint.Fingerprint;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * The whitelist key of a statement: its {@link Fingerprint}, except that DuckLake's per-table
 * relations ({@code ducklake_inlined_data_<table>_<version>}, {@code ducklake_inlined_delete_<table>})
 * are one class whatever the user's table: their numbers become {@code N}, the user's columns in
 * their CREATE TABLE drop out after the three fixed ones, and an INSERT's row becomes one value.
 * So the shapes of the captures cover every user schema, and nothing else. The postgres extension's
 * UPDATE of an existing row goes through a temporary table named {@code update_data_<random uuid>}:
 * that uuid becomes {@code U}, so every such UPDATE of one shape is one key. And a catalog kept in a
 * schema of its own ({@code ATTACH … (METADATA_SCHEMA 's')}) sends every shape with {@code "s"} in
 * place of {@code "public"}: a DuckLake relation's schema becomes {@code public}, and the name its
 * {@code CREATE SCHEMA IF NOT EXISTS} gives becomes {@value #METADATA_SCHEMA_KEY}, the census's.
 * The columns DuckLake 1.1 adds to its tables are one family too ({@link #laterColumnsOf}).
 */
public final class ShapeKey {
  private static final Pattern PER_TABLE = Pattern.compile("ducklake_inlined_(data|delete)_\\d+(_\\d+)?");
  private static final Pattern PER_TABLE_RENAMED = Pattern.compile("ducklake_inlined_(data|delete)_N(_N)?");
  private static final Pattern UPDATE_TABLE = Pattern.compile("update_data_[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");
  private static final String UPDATE_TABLE_KEY = "update_data_U";
  static final String METADATA_SCHEMA_KEY = "ducklake_meta";
  static final String LATER_COLUMN_KEY = "a_later_ducklake_column";

  private ShapeKey() {}

  /** The key, each private tree made by parsing a canonical rendering. */
  public static Fingerprint of(SqlNode statement) {
    return of(statement, Fingerprint::parse);
  }

  /**
   * The key as {@link #of(SqlNode)} makes it, with {@code privateCopy} making the trees it may change
   * from canonical texts: the engine passes its {@linkplain Parser#canonicalCopy parse templates}
   * (the canonical rendering of a DuckDB statement differs from the last one of its shape in
   * literals only), which must equal what {@code Fingerprint::parse} makes.
   */
  static Fingerprint of(SqlNode statement, java.util.function.Function<String, SqlNode> privateCopy) {
    boolean updateTable = touchesUpdateTable(statement);
    boolean ownSchema = inOwnMetadataSchema(statement);
    boolean laterColumns = !laterColumnsOf(statement).isEmpty();
    if (!updateTable && !ownSchema && !laterColumns && !touchesPerTableRelation(statement)) {
      return Fingerprint.of(statement, privateCopy);
    }
    SqlNode copy = privateCopy.apply(CanonicalSql.render(statement));
    if (laterColumns && copy instanceof SqlPgCreateTable create) {
      List<ColumnDef> later = laterColumnsOf(create);
      SqlNodeList base = new SqlNodeList(create.elements().getList().stream()
          .filter(e -> !(e instanceof SqlColumnDefinition d && later.stream().anyMatch(l -> l.name().equals(d.name().getSimple()))))
          .toList(), create.elements().getParserPosition());
      copy = new SqlPgCreateTable(create.getParserPosition(), false, create.isTemporary(), create.ifNotExists(),
          create.name(), base, create.onCommit());
    } else if (laterColumns && copy instanceof SqlPgAlterTable alter) {
      // One key for every later column a table may gain, whatever its name, type and DEFAULT NULL.
      copy = privateCopy.apply("ALTER TABLE " + CanonicalSql.render(alter.table()) + " ADD COLUMN "
          + (alter.action().isConditional() ? "IF NOT EXISTS " : "") + "\"" + LATER_COLUMN_KEY + "\" BIGINT");
    }
    if (copy instanceof org.apache.calcite.sql.ddl.SqlCreateSchema create) {
      create.name.setNames(List.of(METADATA_SCHEMA_KEY), null);
      return Fingerprint.of(copy, privateCopy);
    }
    copy.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlIdentifier id) {
        List<String> names = new java.util.ArrayList<>(id.names);
        boolean renamed = false;
        for (int i = 0; i < names.size(); i++) {
          String name = names.get(i);
          if (ownSchema && i == names.size() - 2 && names.get(i + 1).startsWith("ducklake_")
              && !name.equals("public")) {
            names.set(i, "public");
            renamed = true;
          }
          if (i == names.size() - 1 && PER_TABLE.matcher(name).matches()) {
            names.set(i, name.replaceAll("\\d+", "N"));
            renamed = true;
          } else if (UPDATE_TABLE.matcher(name).matches()) {
            names.set(i, UPDATE_TABLE_KEY);
            renamed = true;
          }
        }
        if (renamed) {
          id.setNames(names, null); // in place: copying DDL and COPY nodes would lose their own unparse
        }
        return null;
      }
    });
    if (!touchesPerTableRelation(statement)) {
      return Fingerprint.of(copy, privateCopy);
    }
    // A scan of a per-table relation names the user's columns: the select list becomes *.
    copy.accept(new org.apache.calcite.sql.util.SqlBasicVisitor<Void>() {
      @Override public Void visit(SqlCall call) {
        // (Renamed above to ..._N_N; ducklake_inlined_data_tables is one of DuckLake's fixed tables.)
        if (call instanceof org.apache.calcite.sql.SqlSelect select && select.getFrom() instanceof SqlIdentifier from
            && PER_TABLE_RENAMED.matcher(from.names.get(from.names.size() - 1)).matches()) {
          select.setSelectList(SqlNodeList.SINGLETON_STAR);
        }
        return super.visit(call);
      }
    });
    if (copy instanceof SqlPgCreateTable create && create.elements().size() > 3) {
      SqlNodeList fixed = new SqlNodeList(create.elements().getList().subList(0, 3), create.elements().getParserPosition());
      copy = new SqlPgCreateTable(create.getParserPosition(), false, create.isTemporary(), create.ifNotExists(),
          create.name(), fixed, create.onCommit());
    }
    if (copy instanceof SqlInsert insert && insert.getSource().getKind() == SqlKind.VALUES) {
      SqlCall values = (SqlCall) insert.getSource();
      SqlNode firstRow = values.operand(0);
      SqlNode oneValue = ((SqlCall) firstRow).operand(0);
      insert.setOperand(2, new SqlBasicCall(values.getOperator(),
          List.of(new SqlBasicCall(SqlStdOperatorTable.ROW, List.of(oneValue), firstRow.getParserPosition())),
          values.getParserPosition()));
    }
    return Fingerprint.of(copy, privateCopy);
  }

  /** The relation a write statement writes, or null for any other statement. */
  private static SqlIdentifier writeTarget(SqlNode s) {
    SqlNode target = null;
    if (s instanceof SqlInsert i) {
      target = i.getTargetTable();
    } else if (s instanceof SqlUpdateFrom u) {
      target = u.targetTable();
    } else if (s instanceof SqlUpdate u) {
      target = u.getTargetTable();
    } else if (s instanceof SqlDelete d) {
      target = d.getTargetTable();
    } else if (s instanceof SqlPgCreateTable c) {
      target = c.name();
    } else if (s instanceof SqlPgDropTable d) {
      target = d.name();
    } else if (s instanceof SqlPgAlterTable a) {
      target = a.table();
    } else if (s instanceof SqlWith w) {
      return writeTarget(w.body);
    } else if (s instanceof io.rocklake.sql.ast.SqlCopyFrom c) {
      target = c.table();
    }
    return target instanceof SqlIdentifier id ? id : null;
  }

  private static String lastName(SqlIdentifier id) {
    return id.names.get(id.names.size() - 1);
  }

  /**
   * A write to a DuckLake relation in a schema other than {@code public} (a {@code METADATA_SCHEMA}
   * catalog), or the {@code CREATE SCHEMA} that makes that schema.
   */
  private static boolean inOwnMetadataSchema(SqlNode s) {
    if (s instanceof org.apache.calcite.sql.ddl.SqlCreateSchema) {
      return true;
    }
    SqlIdentifier id = writeTarget(s);
    return id != null && id.names.size() == 2 && !id.names.get(0).equals("public") && lastName(id).startsWith("ducklake_");
  }

  /**
   * The later columns a statement gives one of DuckLake's tables ({@link DuckLakeRelations#LATER_COLUMNS}):
   * a CREATE TABLE that lists any, or an ALTER TABLE that adds one. Each such shape is one family,
   * keyed without them; which of them a table may have is the catalog's check
   * ({@code RelationRegistry}: 42P16, 0A000), so a release that lists them in another order or adds
   * them in another statement is still recognised, and nothing else is.
   */
  private static List<ColumnDef> laterColumnsOf(SqlNode s) {
    SqlIdentifier id = writeTarget(s);
    List<ColumnDef> later = id == null ? List.of() : DuckLakeRelations.LATER_COLUMNS.getOrDefault(lastName(id), List.of());
    if (later.isEmpty()) {
      return List.of();
    }
    java.util.function.Predicate<String> isLater = name -> later.stream().anyMatch(c -> c.name().equals(name));
    if (s instanceof SqlPgCreateTable c) {
      return c.elements().getList().stream()
          .filter(e -> e instanceof SqlColumnDefinition d && isLater.test(d.name().getSimple()))
          .map(e -> later.stream().filter(l -> l.name().equals(((SqlColumnDefinition) e).name().getSimple())).findFirst().orElseThrow())
          .toList();
    }
    if (s instanceof SqlPgAlterTable a && a.action().actionKind() == SqlAlterTableAction.Kind.ADD_COLUMN
        && isLater.test(a.action().newColumn().name().getSimple())) {
      return later;
    }
    return List.of();
  }

  /** The temporary table of the postgres extension's UPDATE: created, copied into, or updated from. */
  private static boolean touchesUpdateTable(SqlNode s) {
    SqlNode table = null;
    if (s instanceof SqlPgCreateTable c) {
      table = c.name();
    } else if (s instanceof io.rocklake.sql.ast.SqlCopyFrom c) {
      table = c.table();
    } else if (s instanceof SqlUpdateFrom u) {
      table = u.from();
    }
    return table instanceof SqlIdentifier id && UPDATE_TABLE.matcher(id.names.get(id.names.size() - 1)).matches();
  }

  private static boolean touchesPerTableRelation(SqlNode s) {
    if (s instanceof io.rocklake.sql.ast.SqlCopyTo c) {
      return c.query().toString().contains("ducklake_inlined_");
    }
    if (s.getKind().belongsTo(SqlKind.QUERY)) {
      return s.toString().contains("ducklake_inlined_");
    }
    SqlIdentifier id = writeTarget(s);
    return id != null && PER_TABLE.matcher(lastName(id)).matches();
  }

}
