package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.SqlState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The transaction block of a session, moved from state to state by each statement as PostgreSQL
 * 15 moves it: the ReadyForQuery status after each statement (I idle, T in a block, E failed), the
 * command tag, and the warning PostgreSQL sends as a NoticeResponse. Each expectation is what
 * PostgreSQL 15.18 answered to the same statements (psql, VERBOSITY verbose).
 */
class TransactionBlockTest {
  private final EngineFixture f = new EngineFixture();

  @BeforeEach
  void table() {
    f.run("CREATE TABLE t (a BIGINT PRIMARY KEY)");
  }

  @AfterEach
  void close() {
    f.close();
  }

  private Outcome.Command command(String sql) {
    Outcome o = f.run(sql);
    assertThat(o).as(sql).isInstanceOf(Outcome.Command.class);
    return (Outcome.Command) o;
  }

  /** Runs a statement that must complete with {@code tag} and PostgreSQL's warning. */
  private void warns(String sql, String tag, SqlState state, String message) {
    Outcome.Command c = command(sql);
    assertThat(c.tag()).as(sql).isEqualTo(tag);
    assertThat(c.warning()).as(sql).isEqualTo(new Outcome.Warning(state, message));
  }

  private char status() {
    return f.session.transactionStatus();
  }

  private void failBlock() {
    f.fails("SELECT 1 / 0", "22012");
    assertThat(status()).isEqualTo('E');
  }

  @Test
  void beginInsideABlockWarns25001AndKeepsTheBlockAndItsWrites() {
    f.run("BEGIN");
    f.run("INSERT INTO t VALUES (1)");
    warns("BEGIN", "BEGIN", SqlState.ACTIVE_SQL_TRANSACTION, "there is already a transaction in progress");
    assertThat(status()).isEqualTo('T');
    assertThat(command("COMMIT").tag()).isEqualTo("COMMIT");
    assertThat(f.value("SELECT count(*) FROM t")).as("the first BEGIN's block committed").isEqualTo(1L);
  }

  @Test
  void commitOrRollbackOutsideABlockWarns25P01AndSaysWhatItWasAskedToDo() {
    warns("COMMIT", "COMMIT", SqlState.NO_ACTIVE_SQL_TRANSACTION, "there is no transaction in progress");
    warns("ROLLBACK", "ROLLBACK", SqlState.NO_ACTIVE_SQL_TRANSACTION, "there is no transaction in progress");
    assertThat(status()).isEqualTo('I');
  }

  @Test
  void statementsThatRunAndBeginInABlockHaveNoWarning() {
    assertThat(command("BEGIN").warning()).isNull();
    assertThat(command("INSERT INTO t VALUES (1)").warning()).isNull();
    assertThat(command("COMMIT").warning()).isNull();
  }

  @Test
  void setTransactionOutsideABlockWarns25P01AndChangesNothing() {
    warns("SET TRANSACTION READ ONLY", "SET", SqlState.NO_ACTIVE_SQL_TRANSACTION,
        "SET TRANSACTION can only be used in transaction blocks");
    assertThat(command("SET transaction_read_only = on").warning()).as("the setting is silent, as in PostgreSQL").isNull();
    assertThat(f.value("SHOW transaction_read_only")).isEqualTo("off");
  }

  @Test
  void everyStatementButTheEndOfTheBlockIsRefusedWith25P02InAFailedBlock() {
    f.run("BEGIN");
    failBlock();
    for (String sql : new String[] {"BEGIN", "SET application_name = 'x'", "SHOW application_name",
        "DISCARD ALL", "SET TRANSACTION READ ONLY", "INSERT INTO t VALUES (1)", "SELECT 1"}) {
      f.fails(sql, "25P02", e -> assertThat(e.getMessage())
          .isEqualTo("current transaction is aborted, commands ignored until end of transaction block"));
      assertThat(status()).as(sql).isEqualTo('E');
    }
    assertThat(command("ROLLBACK").tag()).isEqualTo("ROLLBACK");
    assertThat(status()).isEqualTo('I');
    assertThat(f.value("SHOW application_name")).as("the refused SET did not apply").isEqualTo("");
  }

  @Test
  void aSyntaxErrorAndAStatementThatCannotRunInABlockEachFailTheBlock() {
    f.run("BEGIN");
    f.fails("SELEC 1", "42601");
    assertThat(status()).isEqualTo('E');
    f.run("ROLLBACK");
    f.run("BEGIN");
    f.fails("DISCARD ALL", "25001", e -> assertThat(e.getMessage())
        .isEqualTo("DISCARD ALL cannot run inside a transaction block"));
    assertThat(status()).isEqualTo('E');
    assertThat(command("COMMIT").tag()).isEqualTo("ROLLBACK");
  }

  @Test
  void commitAndChainCommitsAndStartsANewBlockWithTheSameAccessMode() {
    f.run("BEGIN READ ONLY");
    assertThat(command("COMMIT AND CHAIN").tag()).isEqualTo("COMMIT");
    assertThat(status()).isEqualTo('T');
    assertThat(f.value("SHOW transaction_read_only")).isEqualTo("on");
    f.run("ROLLBACK");
    f.run("BEGIN");
    f.run("INSERT INTO t VALUES (1)");
    assertThat(command("COMMIT AND CHAIN").tag()).isEqualTo("COMMIT");
    assertThat(((Outcome.Rows) EngineFixture.run(f.calciteOnlySession(), "SELECT a FROM t")).rows())
        .as("the chained COMMIT committed").hasSize(1);
    f.run("INSERT INTO t VALUES (2)");
    assertThat(command("ROLLBACK AND CHAIN").tag()).isEqualTo("ROLLBACK");
    assertThat(status()).isEqualTo('T');
    f.run("COMMIT");
    assertThat(f.value("SELECT count(*) FROM t")).as("the chained ROLLBACK rolled back").isEqualTo(1L);
  }

  @Test
  void aChainedBlockIsFreshSoItsAccessModeMayStillBeSet() {
    f.run("BEGIN READ ONLY");
    f.rows("SELECT 1");
    f.run("COMMIT AND CHAIN");
    assertThat(command("SET TRANSACTION READ WRITE").tag()).isEqualTo("SET");
    assertThat(f.value("SHOW transaction_read_only")).isEqualTo("off");
    f.run("ROLLBACK");
  }

  @Test
  void chainingAFailedBlockRollsItBackAndStartsOneWithTheSessionDefaults() {
    chainAFailedBlock("on", "BEGIN READ WRITE", "COMMIT AND CHAIN");
    chainAFailedBlock("off", "BEGIN READ ONLY", "ROLLBACK AND CHAIN");
  }

  /** A block opened against the session default, failed, then ended with AND CHAIN. */
  private void chainAFailedBlock(String defaultReadOnly, String begin, String end) {
    f.run("SET default_transaction_read_only = " + defaultReadOnly);
    f.run(begin);
    failBlock();
    assertThat(command(end).tag()).as(end).isEqualTo("ROLLBACK");
    assertThat(status()).isEqualTo('T');
    assertThat(f.value("SHOW transaction_read_only")).as("the new block's mode is the default, not %s", begin)
        .isEqualTo(defaultReadOnly);
    f.run("ROLLBACK");
  }

  @Test
  void chainOutsideABlockIsAnError25P01() {
    f.fails("COMMIT AND CHAIN", "25P01", e -> assertThat(e.getMessage())
        .isEqualTo("COMMIT AND CHAIN can only be used in transaction blocks"));
    f.fails("ROLLBACK AND CHAIN", "25P01", e -> assertThat(e.getMessage())
        .isEqualTo("ROLLBACK AND CHAIN can only be used in transaction blocks"));
    assertThat(status()).isEqualTo('I');
  }
}
