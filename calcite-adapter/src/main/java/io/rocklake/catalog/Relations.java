package io.rocklake.catalog;

import java.util.ArrayList;
import java.util.List;

/** A compact way to write relation definitions: {@code "name TYPE [NOT NULL]"} per column. */
final class Relations {
  private Relations() {}

  static RelationDef define(int id, String schema, String name, RelationDef.Kind kind, List<String> primaryKey,
      String... columns) {
    List<ColumnDef> defs = new ArrayList<>();
    for (String c : columns) {
      int space = c.indexOf(' ');
      String colName = c.substring(0, space);
      String type = c.substring(space + 1);
      boolean notNull = type.endsWith(" NOT NULL");
      if (notNull) {
        type = type.substring(0, type.length() - " NOT NULL".length());
      }
      String typeName = type;
      ColumnType t = ColumnType.fromSql(type).orElseThrow(() -> new IllegalArgumentException("type " + typeName));
      defs.add(new ColumnDef(colName, t, notNull, null));
    }
    return new RelationDef(id, schema, name, defs, primaryKey, kind);
  }
}
