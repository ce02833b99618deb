package io.rocklake.engine;

import static io.rocklake.engine.TransactionState.FAILED;
import static io.rocklake.engine.TransactionState.FRESH;
import static io.rocklake.engine.TransactionState.IDLE;
import static io.rocklake.engine.TransactionState.IN_TRANSACTION;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The table of transitions of a session's transaction state, each as PostgreSQL 15 moves its
 * transaction block (xact.c's TBLOCK_DEFAULT, TBLOCK_INPROGRESS, TBLOCK_ABORT) and reports it in
 * ReadyForQuery. {@link TransactionBlockTest} drives the same transitions through statements.
 */
class TransactionStateTest {

  @Test
  void readyForQueryReportsIdleInABlockAndFailed() {
    assertThat(IDLE.status).isEqualTo('I');
    assertThat(FRESH.status).isEqualTo('T');
    assertThat(IN_TRANSACTION.status).isEqualTo('T');
    assertThat(FAILED.status).isEqualTo('E');
  }

  @Test
  void beginOpensABlockOnlyWhereThereIsNone() {
    assertThat(IDLE.begun()).isEqualTo(FRESH);
    assertThat(FRESH.begun()).isEqualTo(FRESH);
    assertThat(IN_TRANSACTION.begun()).as("BEGIN in a block keeps it (warning 25001)").isEqualTo(IN_TRANSACTION);
  }

  @Test
  void aStatementThatRunsInAFreshBlockMakesItOneThatHasRead() {
    assertThat(FRESH.used()).isEqualTo(IN_TRANSACTION);
    assertThat(IN_TRANSACTION.used()).isEqualTo(IN_TRANSACTION);
    assertThat(IDLE.used()).as("outside a block a statement has its own transaction").isEqualTo(IDLE);
  }

  @Test
  void anErrorFailsABlockAndLeavesNothingOutsideOne() {
    assertThat(FRESH.failed()).isEqualTo(FAILED);
    assertThat(IN_TRANSACTION.failed()).isEqualTo(FAILED);
    assertThat(FAILED.failed()).isEqualTo(FAILED);
    assertThat(IDLE.failed()).isEqualTo(IDLE);
  }

  @Test
  void theEndOfABlockFromAnyStateIsIdle() {
    for (TransactionState s : TransactionState.values()) {
      assertThat(s.ended()).as("%s", s).isEqualTo(IDLE);
    }
  }

  @Test
  void onlyAFailedBlockRefusesStatementsAndOnlyIdleIsOutsideABlock() {
    assertThat(FAILED.admitsStatements()).isFalse();
    assertThat(IDLE.admitsStatements() && FRESH.admitsStatements() && IN_TRANSACTION.admitsStatements()).isTrue();
    assertThat(IDLE.inBlock()).isFalse();
    assertThat(FRESH.inBlock() && IN_TRANSACTION.inBlock() && FAILED.inBlock()).isTrue();
  }
}
