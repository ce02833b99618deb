package io.rocklake.engine;

import io.rocklake.catalog.CatalogException;
import java.util.Iterator;

/**
 * The rows of a statement read while they are sent (COPY TO STDOUT): a failure in reading them is
 * the statement's error exactly as one raised before the first row — the same SQLSTATE, and a
 * transaction block it happens in fails — though PostgreSQL's order of messages then applies: the
 * rows already sent, then the ErrorResponse.
 */
final class StreamedRows implements Iterator<Object[]>, AutoCloseable {
  private final Iterator<Object[]> rows;
  private final TransactionBlock transaction;

  StreamedRows(Iterator<Object[]> rows, TransactionBlock transaction) {
    this.rows = rows;
    this.transaction = transaction;
  }

  @Override public boolean hasNext() {
    try {
      return rows.hasNext();
    } catch (CatalogException e) {
      throw transaction.fail(EngineException.from(e));
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      throw transaction.fail(EngineException.unexpected(e));
    }
  }

  @Override public Object[] next() {
    if (!hasNext()) {
      throw new java.util.NoSuchElementException();
    }
    return rows.next();
  }

  /** Releases what the rows still hold (a lake scan's open file and batch) when they are not read to the end. */
  @Override public void close() {
    Closing.close(rows);
  }
}
