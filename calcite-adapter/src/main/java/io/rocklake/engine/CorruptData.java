package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.kv.format.CorruptObjectException;

/**
 * A statement that read catalog bytes failing their checksum or structure: PostgreSQL's XX001
 * data_corrupted (its "invalid page in block ... of relation ..."), naming the store object and
 * offset so an operator can find and restore it. Nothing is returned as data; the statement fails,
 * the session and the other objects stay usable.
 */
final class CorruptData {
  private CorruptData() {}

  /** The XX001 error for a failure caused by corrupt store bytes, or null if corruption is not its cause. */
  static EngineException error(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CorruptObjectException c) {
        String prefix = "corrupt object " + c.objectKey() + " at byte " + c.offset() + ": ";
        String detail = c.getMessage().startsWith(prefix) ? c.getMessage().substring(prefix.length()) : c.getMessage();
        return new EngineException(SqlState.DATA_CORRUPTED, "could not read " + c.objectKey() + " at byte " + c.offset() + ": "
            + detail);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}
