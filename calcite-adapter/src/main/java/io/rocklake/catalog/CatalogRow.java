package io.rocklake.catalog;

import java.util.Arrays;

/**
 * One row of a relation as a transaction sees it: its values, its stable row id (the basis of
 * {@code ctid}) and its key in the fact store.
 */
public final class CatalogRow {
  private final long rowId;
  private final byte[] rowKey;
  private final Object[] values;

  CatalogRow(long rowId, byte[] rowKey, Object[] values) {
    this.rowId = rowId;
    this.rowKey = rowKey;
    this.values = values;
  }

  /** A row read from outside the fact store (a lake table's file): values only, no key. */
  public static CatalogRow of(long rowId, Object[] values) {
    return new CatalogRow(rowId, null, values);
  }

  public long rowId() {
    return rowId;
  }

  byte[] rowKey() {
    return rowKey;
  }

  public Object get(int column) {
    return values[column];
  }

  /** The values themselves, not a copy: for the catalog's own filters, which never change them. */
  Object[] valuesInPlace() {
    return values;
  }

  /** A copy of the values, in column order. */
  public Object[] values() {
    return values.clone();
  }

  @Override public String toString() {
    return "row " + rowId + " " + Arrays.deepToString(values);
  }
}
