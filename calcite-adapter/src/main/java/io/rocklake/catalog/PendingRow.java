package io.rocklake.catalog;

/**
 * A transaction's private change to one row: its new values, or a deletion. {@code existedAtRead}
 * says whether the row was visible when the transaction began, which is what tells an insert that
 * collides with a concurrent insert (23505) from a lost update (40001).
 */
record PendingRow(long rowId, Object[] values, boolean existedAtRead) {
  boolean deleted() {
    return values == null;
  }
}
