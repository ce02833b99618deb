package io.rocklake.conformance.replay;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A catalog's DuckLake tables as text rows, ordered by every column: what two servers must agree on. */
final class CatalogRows {
  private CatalogRows() {}

  /** Every DuckLake table's rows, by table name. */
  static Map<String, List<List<String>>> all(Connection c) throws SQLException {
    Map<String, List<List<String>>> out = new LinkedHashMap<>();
    for (RelationDef relation : DuckLakeRelations.ALL) {
      out.put(relation.name(), rows(c, relation));
    }
    return out;
  }

  /** Every row of {@code relation}, each as its columns' text. */
  static List<List<String>> rows(Connection c, RelationDef relation) throws SQLException {
    StringBuilder order = new StringBuilder();
    for (int i = 1; i <= relation.columns().size(); i++) {
      order.append(i == 1 ? "" : ", ").append(i);
    }
    List<List<String>> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM \"public\".\"" + relation.name() + "\" ORDER BY " + order)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }
}
