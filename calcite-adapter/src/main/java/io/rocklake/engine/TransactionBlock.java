package io.rocklake.engine;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.CommitInfo;
import io.rocklake.catalog.SqlState;
import io.rocklake.sql.ast.SqlEndTransaction;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/**
 * A session's transaction block: its {@link TransactionState}, the catalog transaction of an
 * explicit block (one catalog transaction per block), its start (NOW()) and its access mode.
 * Outside a block every statement runs in a catalog transaction of its own, committed if it wrote.
 */
final class TransactionBlock implements AutoCloseable {
  private final Catalog catalog;
  private final CommitInfo info;
  /** The session's default_transaction_read_only, read when a block opens or outside one. */
  private final BooleanSupplier defaultReadOnly;
  private TransactionState state = TransactionState.IDLE;
  private CatalogTransaction block;
  private Instant start;
  /** The block's access mode (BEGIN READ ONLY, SET TRANSACTION, default_transaction_read_only). */
  private boolean readOnly;

  TransactionBlock(Catalog catalog, CommitInfo info, BooleanSupplier defaultReadOnly) {
    this.catalog = catalog;
    this.info = info;
    this.defaultReadOnly = defaultReadOnly;
  }

  TransactionState state() {
    return state;
  }

  /** 25P02 for a statement other than COMMIT or ROLLBACK in a failed block. */
  void admit() {
    if (!state.admitsStatements()) {
      throw new EngineException(SqlState.IN_FAILED_SQL_TRANSACTION,
          "current transaction is aborted, commands ignored until end of transaction block");
    }
  }

  /** A statement failed with {@code e}: in a block, the block fails. */
  EngineException fail(EngineException e) {
    failStatement();
    return e;
  }

  /** A statement failed (a COPY stream the client gave up): in a block, the block fails. */
  void failStatement() {
    state = state.failed();
  }

  /** BEGIN, with its access mode if it names one. */
  Outcome.Command begin(Boolean readOnlyMode) {
    if (state.inBlock()) {
      return new Outcome.Command("BEGIN", new Outcome.Warning(SqlState.ACTIVE_SQL_TRANSACTION,
          "there is already a transaction in progress"));
    }
    open(readOnlyMode != null ? readOnlyMode : defaultReadOnly.getAsBoolean());
    return new Outcome.Command("BEGIN");
  }

  private void open(boolean accessReadOnly) {
    block = catalog.begin(info);
    start = Instant.now();
    readOnly = accessReadOnly;
    state = state.begun();
  }

  /**
   * COMMIT or ROLLBACK [AND CHAIN]. A failed block is rolled back whichever was asked (the tag
   * says ROLLBACK). AND CHAIN opens the next block at once with the same access mode, but after a
   * failed block with the session's default, as PostgreSQL 15 does.
   */
  Outcome.Command end(SqlEndTransaction.Outcome outcome, boolean chain) {
    String asked = outcome == SqlEndTransaction.Outcome.COMMIT ? "COMMIT" : "ROLLBACK";
    if (!state.inBlock()) {
      if (chain) {
        throw new EngineException(SqlState.NO_ACTIVE_SQL_TRANSACTION, asked + " AND CHAIN can only be used in transaction blocks");
      }
      return new Outcome.Command(asked, new Outcome.Warning(SqlState.NO_ACTIVE_SQL_TRANSACTION, "there is no transaction in progress"));
    }
    CatalogTransaction ending = block;
    boolean commit = outcome == SqlEndTransaction.Outcome.COMMIT && state != TransactionState.FAILED;
    boolean nextReadOnly = state == TransactionState.FAILED ? defaultReadOnly.getAsBoolean() : readOnly;
    block = null;
    state = state.ended();
    if (commit) {
      try {
        ending.commit();
      } catch (CatalogException e) {
        throw EngineException.from(e); // not chained: the session is idle, as after a failed COMMIT in PostgreSQL
      }
    } else {
      ending.rollback();
    }
    if (chain) {
      open(nextReadOnly);
    }
    return new Outcome.Command(commit ? "COMMIT" : "ROLLBACK");
  }

  /** Whether the statement running now may write: the block's access mode, or the session's default. */
  boolean readOnly() {
    return state.inBlock() ? readOnly : defaultReadOnly.getAsBoolean();
  }

  /**
   * SET TRANSACTION [READ ONLY | READ WRITE] (null: no access mode, only modes RockLake has no
   * choice of): outside a block PostgreSQL warns 25P01 and ignores it.
   */
  Outcome.Command setTransaction(Boolean accessReadOnly) {
    if (!state.inBlock()) {
      return new Outcome.Command("SET", new Outcome.Warning(SqlState.NO_ACTIVE_SQL_TRANSACTION,
          "SET TRANSACTION can only be used in transaction blocks"));
    }
    if (accessReadOnly != null) {
      setReadOnly(accessReadOnly);
    }
    return new Outcome.Command("SET");
  }

  /**
   * The block's access mode (SET transaction_read_only too); outside a block it would last for
   * this statement only: nothing to keep.
   */
  void setReadOnly(boolean accessReadOnly) {
    if (!state.inBlock()) {
      return;
    }
    if (!accessReadOnly && readOnly && state == TransactionState.IN_TRANSACTION) {
      throw new EngineException(SqlState.ACTIVE_SQL_TRANSACTION, "transaction read-write mode must be set before any query");
    }
    readOnly = accessReadOnly;
  }

  /** NOW(): the block's start, as in PostgreSQL; outside a block, the statement's. */
  Instant now() {
    return state.inBlock() ? start : Instant.now();
  }

  /** The catalog transaction a statement runs in: the block's, or one of its own ({@link #own}). */
  CatalogTransaction enter() {
    if (state.inBlock()) {
      state = state.used();
      return block;
    }
    return catalog.begin(info);
  }

  /** Whether {@code tx} from {@link #enter} is the statement's own, to commit or roll back when it ends. */
  boolean own(CatalogTransaction tx) {
    return tx != block;
  }

  /**
   * Ends what {@link #enter} gave a statement that succeeded: its own transaction committed if it
   * wrote, else rolled back; a block's stays open.
   */
  void leave(CatalogTransaction tx, boolean wrote) {
    if (own(tx)) {
      if (wrote) {
        tx.commit();
      } else {
        tx.rollback();
      }
    }
  }

  /** Ends what {@link #enter} gave a statement that failed: its own transaction rolled back. */
  void abandon(CatalogTransaction tx) {
    if (own(tx) && tx.isActive()) {
      tx.rollback();
    }
  }

  @Override public void close() {
    if (block != null) {
      block.rollback();
      block = null;
    }
    state = state.ended();
  }
}
