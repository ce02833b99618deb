package io.rocklake.sql.ast;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;

/** Unparse helpers shared by the RockLake statement nodes. */
final class SqlNodes {
  private SqlNodes() {
  }

  /** Writes {@code (a, b, c)}. */
  static void unparseParenthesized(SqlWriter writer, SqlNodeList list) {
    final SqlWriter.Frame frame = writer.startList("(", ")");
    for (SqlNode node : list) {
      writer.sep(",");
      node.unparse(writer, 0, 0);
    }
    writer.endList(frame);
  }

  /** Writes COPY's {@code (FORMAT binary, NULL '…')}, nothing when there are no options. */
  static void unparseCopyOptions(SqlWriter writer, SqlNodeList options) {
    if (!options.isEmpty()) {
      unparseParenthesized(writer, options);
    }
  }
}
