package io.rocklake.engine;

/**
 * Where a session stands with respect to a transaction block, as PostgreSQL's ReadyForQuery
 * reports it (I, T, E). Every change of state is one of the transitions below, so the table of
 * them is this class; {@link TransactionBlock} applies them.
 *
 * <pre>
 *  state \ statement  BEGIN             reads or writes   fails    COMMIT, ROLLBACK      … AND CHAIN
 *  IDLE               FRESH             IDLE (own tx)     IDLE     IDLE, warning 25P01   error 25P01
 *  FRESH              FRESH, 25001 w.   IN_TRANSACTION    FAILED   IDLE                  FRESH
 *  IN_TRANSACTION     IN_TRANSACTION,   IN_TRANSACTION    FAILED   IDLE                  FRESH
 *                     warning 25001
 *  FAILED             error 25P02       error 25P02       FAILED   IDLE, tag ROLLBACK    FRESH, tag ROLLBACK
 * </pre>
 */
enum TransactionState {
  /** No block: each statement runs in a transaction of its own. */
  IDLE('I'),
  /**
   * A block nothing has read or written in yet: PostgreSQL's "before any query", when its
   * access mode may still be made read-write.
   */
  FRESH('T'),
  /** A block that has read or written. */
  IN_TRANSACTION('T'),
  /** A statement of the block failed: everything but the end of the block is refused. */
  FAILED('E');

  /** The ReadyForQuery status byte. */
  final char status;

  TransactionState(char status) {
    this.status = status;
  }

  boolean inBlock() {
    return this != IDLE;
  }

  /** BEGIN, or the new block of AND CHAIN: a block is opened only where there is none. */
  TransactionState begun() {
    return this == IDLE ? FRESH : this;
  }

  /** A statement ran in the block (it read, wrote or was planned against it). */
  TransactionState used() {
    return this == FRESH ? IN_TRANSACTION : this;
  }

  /** A statement failed: a block fails until its end; outside one nothing remains of the error. */
  TransactionState failed() {
    return this == IDLE ? IDLE : FAILED;
  }

  /** COMMIT or ROLLBACK. */
  TransactionState ended() {
    return IDLE;
  }

  /** Whether a statement other than the block's end may run: PostgreSQL answers 25P02 otherwise. */
  boolean admitsStatements() {
    return this != FAILED;
  }
}
