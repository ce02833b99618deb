package io.rocklake.engine;

import io.rocklake.pgwire.types.PgType;

/**
 * One result column as PostgreSQL describes it in RowDescription: name, type and modifier, and —
 * for a column read straight from a relation — that relation's OID and the column's number.
 */
public record Field(String name, PgType type, int typmod, int tableOid, short attnum) {

  public static Field computed(String name, PgType type) {
    return new Field(name, type, -1, 0, (short) 0);
  }
}
