package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.Tid;
import io.rocklake.pgwire.types.TidCodec;

/**
 * {@code ctid}: PostgreSQL's (block, offset) row locator, here a reversible spelling of the row's
 * stable row id. Unlike PostgreSQL's it does not move when the row is updated, which is all DuckDB
 * needs: it reads ctids and sends them straight back in {@code WHERE ctid IN (...)}.
 */
final class Locators {
  private static final int OFFSETS_PER_BLOCK = 65_535;
  private static final TidCodec TID = new TidCodec();

  private Locators() {}

  static Tid of(long rowId) {
    return new Tid(rowId / OFFSETS_PER_BLOCK, (int) (rowId % OFFSETS_PER_BLOCK) + 1);
  }

  static long rowId(Tid tid) {
    return tid.block() * OFFSETS_PER_BLOCK + tid.offset() - 1;
  }

  /** {@code '(block,offset)'}, as PostgreSQL's tidin reads it ({@link TidCodec#decodeText}). */
  static Tid parse(String text) {
    try {
      return TID.decodeText(text);
    } catch (PgCodecException e) {
      throw new EngineException(SqlState.INVALID_TEXT_REPRESENTATION, e.getMessage());
    }
  }

}
