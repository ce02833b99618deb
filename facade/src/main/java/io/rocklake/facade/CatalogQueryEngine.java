package io.rocklake.facade;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.CommitInfo;
import io.rocklake.catalog.calcite.CatalogSql;
import io.rocklake.pgwire.server.QueryEngine;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.fingerprint.CanonicalSql;
import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import io.rocklake.sql.statement.StatementCategory;
import io.rocklake.sql.statement.StatementClassifier;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Runs simple-query strings against the catalog: transaction control maps onto catalog
 * transactions, read-only statements run through Calcite over the relations as the session's
 * transaction sees them. Writes are refused (0A000) until the write path exists.
 */
public final class CatalogQueryEngine implements QueryEngine {
  private final Catalog catalog;
  private final SqlStatementParser parser = new SqlStatementParser();

  public CatalogQueryEngine(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override public Session open(Map<String, String> startupParameters) {
    return new CatalogSession(startupParameters.getOrDefault("user", ""),
        startupParameters.getOrDefault("application_name", ""));
  }

  private final class CatalogSession implements Session {
    private final CommitInfo info;
    private CatalogTransaction explicit;
    private boolean failed;

    CatalogSession(String user, String application) {
      this.info = new CommitInfo(user, application, 0);
    }

    @Override public List<Result> execute(String sql) {
      List<SqlNode> statements;
      try {
        statements = parser.parseStatements(sql);
      } catch (SqlParseException e) {
        return List.of(fail(new Error("42601", "syntax error: " + e.getMessage().lines().findFirst().orElse(""))));
      }
      if (statements.isEmpty()) {
        return List.of(new Empty());
      }
      List<Result> results = new ArrayList<>();
      for (SqlNode statement : statements) {
        Result r = run(statement);
        results.add(r);
        if (r instanceof Error) {
          break;
        }
      }
      return results;
    }

    private Result run(SqlNode statement) {
      if (statement instanceof SqlEndTransaction end) {
        return endTransaction(end.outcome());
      }
      if (failed) {
        return new Error("25P02", "current transaction is aborted, commands ignored until end of transaction block");
      }
      if (statement instanceof SqlBeginTransaction) {
        if (explicit == null) {
          explicit = catalog.begin(info);
        }
        return new Command("BEGIN");
      }
      if (statement instanceof SqlDiscard discard) {
        if (explicit != null) {
          return fail(new Error("25001", "DISCARD " + discard.target() + " cannot run inside a transaction block"));
        }
        return new Command("DISCARD " + discard.target());
      }
      if (statement instanceof SqlSetParameter) {
        return new Command("SET");
      }
      StatementCategory category = StatementClassifier.classify(statement);
      if (category != StatementCategory.READ) {
        Fingerprint f = Fingerprint.of(statement);
        return fail(new Error("0A000", "statement not supported by this server yet (" + category.name().toLowerCase()
            + "): " + f.hash() + " " + f.normalizedSql()));
      }
      return query(statement);
    }

    private Result query(SqlNode statement) {
      CatalogTransaction tx = explicit != null ? explicit : catalog.begin(info);
      try (Connection c = CatalogSql.connect(catalog, tx); Statement s = c.createStatement();
           ResultSet rs = s.executeQuery(CanonicalSql.render(statement))) {
        return TextRows.of(rs);
      } catch (SQLException e) {
        return fail(new Error(e.getSQLState() != null && e.getSQLState().length() == 5 ? e.getSQLState() : "42000",
            rootMessage(e)));
      } catch (CatalogException e) {
        return fail(new Error(e.sqlState(), e.getMessage()));
      }
    }

    private Result endTransaction(SqlEndTransaction.Outcome outcome) {
      if (explicit == null) {
        return new Command(outcome == SqlEndTransaction.Outcome.COMMIT ? "COMMIT" : "ROLLBACK");
      }
      CatalogTransaction tx = explicit;
      explicit = null;
      if (failed || outcome == SqlEndTransaction.Outcome.ROLLBACK) {
        failed = false;
        tx.rollback();
        return new Command("ROLLBACK");
      }
      try {
        tx.commit();
        return new Command("COMMIT");
      } catch (CatalogException e) {
        return new Error(e.sqlState(), e.getMessage());
      }
    }

    /** An error inside a transaction block puts the session in the failed state, as PostgreSQL does. */
    private Error fail(Error e) {
      if (explicit != null) {
        failed = true;
      }
      return e;
    }

    @Override public char transactionStatus() {
      return explicit == null ? 'I' : failed ? 'E' : 'T';
    }

    @Override public void close() {
      if (explicit != null) {
        explicit.rollback();
        explicit = null;
      }
    }
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.toString() : root.getMessage();
    return m.lines().findFirst().orElse(m);
  }
}
