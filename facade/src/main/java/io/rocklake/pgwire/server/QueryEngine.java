package io.rocklake.pgwire.server;

import java.util.List;
import java.util.Map;

/** What executes SQL for the wire server: one {@link Session} per client connection. */
public interface QueryEngine {

  Session open(Map<String, String> startupParameters);

  /** One client's session: its statements run in order, with transaction state carried across. */
  interface Session extends AutoCloseable {

    /**
     * Runs a simple-query string. Results come back in statement order; an error result is the last
     * one (execution stops at the first error, as PostgreSQL does).
     */
    List<Result> execute(String sql);

    /** 'I' idle, 'T' in a transaction, 'E' in a failed transaction. */
    char transactionStatus();

    @Override void close();
  }

  /** One statement's result. */
  sealed interface Result {}

  /** Rows with their description; values in PostgreSQL text format, null for NULL. */
  record Rows(List<BackendWriter.Column> columns, List<List<String>> rows) implements Result {}

  /** A statement without rows: its CommandComplete tag. */
  record Command(String tag) implements Result {}

  /** The statement failed. */
  record Error(String sqlState, String message) implements Result {}

  /** The query string held no statement. */
  record Empty() implements Result {}
}
