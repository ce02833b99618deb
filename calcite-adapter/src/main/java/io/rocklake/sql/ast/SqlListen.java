package io.rocklake.sql.ast;

import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code LISTEN channel}, {@code UNLISTEN channel} and {@code UNLISTEN *}: a session asks to hear
 * of committed snapshots (channel rocklake_commits) as PostgreSQL NotificationResponses.
 */
public final class SqlListen extends SqlCall {
  public static final SqlOperator OPERATOR = new SqlSpecialOperator("LISTEN", SqlKind.OTHER);

  private final boolean listen;
  private final String channel;

  /** A null channel is UNLISTEN *. */
  public SqlListen(SqlParserPos pos, boolean listen, String channel) {
    super(pos);
    if (listen && channel == null) {
      throw new IllegalArgumentException("LISTEN names a channel");
    }
    this.listen = listen;
    this.channel = channel;
  }

  public boolean listen() {
    return listen;
  }

  /** The channel, or null for UNLISTEN *. */
  public String channel() {
    return channel;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of();
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(listen ? "LISTEN" : "UNLISTEN");
    if (channel == null) {
      writer.print("*");
    } else {
      writer.identifier(channel, true);
    }
  }
}
