package io.rocklake.sql.parser;

import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Converts a parse error's line/column into the 1-based character offset that PostgreSQL's
 * ErrorResponse carries in its {@code P} (position) field.
 */
public final class SyntaxErrorPosition {
  private SyntaxErrorPosition() {
  }

  /** The 1-based character offset of the error in {@code sql}; 1 when it has no position. */
  public static int characterOffset(String sql, SqlParseException error) {
    final SqlParserPos pos = error.getPos();
    if (pos == null) {
      return 1;
    }
    return characterOffset(sql, pos.getLineNum(), pos.getColumnNum());
  }

  /** Lines and columns are 1-based, as Calcite reports them (tab size 1). */
  static int characterOffset(String sql, int line, int column) {
    int currentLine = 1;
    int index = 0;
    while (currentLine < line && index < sql.length()) {
      final char c = sql.charAt(index++);
      if (c == '\n') {
        currentLine++;
      } else if (c == '\r') {
        currentLine++;
        if (index < sql.length() && sql.charAt(index) == '\n') {
          index++;
        }
      }
    }
    return Math.max(1, Math.min(index + Math.max(column, 1), sql.length() + 1));
  }
}
