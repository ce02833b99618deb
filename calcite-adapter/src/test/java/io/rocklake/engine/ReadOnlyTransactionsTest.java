package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read-only transaction refuses writes with 25006 naming the command, whichever way it was made
 * read-only: the session default (default_transaction_read_only, SET SESSION CHARACTERISTICS), BEGIN
 * READ ONLY, SET TRANSACTION or transaction_read_only; SHOW says which mode applies. Each
 * expectation is what PostgreSQL 15 answered to the same statements.
 */
class ReadOnlyTransactionsTest {
  private final EngineFixture f = new EngineFixture();

  @BeforeEach
  void table() {
    f.run("CREATE TABLE t (a BIGINT)");
  }

  @AfterEach
  void close() {
    f.close();
  }

  private void refused(String sql, String command) {
    f.fails(sql, "25006", e -> assertThat(e.getMessage())
        .isEqualTo("cannot execute " + command + " in a read-only transaction"));
  }

  private String show(String name) {
    return (String) f.value("SHOW " + name);
  }

  @Test
  void defaultTransactionReadOnlyMakesEveryLaterTransactionReadOnlyAutocommitIncluded() {
    assertThat(f.tag("SET default_transaction_read_only = on")).isEqualTo("SET");
    assertThat(show("default_transaction_read_only")).isEqualTo("on");
    assertThat(show("transaction_read_only")).isEqualTo("on");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    refused("UPDATE t SET a = 2", "UPDATE");
    refused("DELETE FROM t", "DELETE");
    refused("CREATE TABLE u (a BIGINT)", "CREATE TABLE");
    refused("COPY t FROM STDIN", "COPY FROM");
    f.tag("BEGIN");
    assertThat(show("transaction_read_only")).isEqualTo("on");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    f.tag("ROLLBACK");
    f.tag("BEGIN READ WRITE"); // an explicit mode wins over the default
    assertThat(show("transaction_read_only")).isEqualTo("off");
    assertThat(f.tag("INSERT INTO t VALUES (1)")).isEqualTo("INSERT 0 1");
    f.tag("COMMIT");
    f.tag("SET default_transaction_read_only = off");
    assertThat(f.tag("INSERT INTO t VALUES (2)")).isEqualTo("INSERT 0 1");
    assertThat(f.value("SELECT count(*) FROM t")).isEqualTo(2L);
  }

  @Test
  void sessionCharacteristicsSetTheSessionDefaultBothWays() {
    f.tag("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
    assertThat(show("default_transaction_read_only")).isEqualTo("on");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    f.tag("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
    assertThat(show("default_transaction_read_only")).isEqualTo("off");
    assertThat(f.tag("INSERT INTO t VALUES (1)")).isEqualTo("INSERT 0 1");
  }

  @Test
  void setTransactionAndTransactionReadOnlyApplyToTheTransactionBlockOnly() {
    f.tag("BEGIN");
    f.tag("SET TRANSACTION READ ONLY");
    assertThat(show("transaction_read_only")).isEqualTo("on");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    f.tag("ROLLBACK");
    f.tag("BEGIN");
    f.tag("SET transaction_read_only = on");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    f.tag("ROLLBACK");
    assertThat(show("transaction_read_only")).isEqualTo("off");
    f.tag("SET TRANSACTION READ ONLY"); // outside a block: nothing to apply to
    assertThat(show("transaction_read_only")).isEqualTo("off");
    assertThat(f.tag("INSERT INTO t VALUES (1)")).isEqualTo("INSERT 0 1");
  }

  @Test
  void beginReadOnlyRefusesWritesAndReadWriteCanOnlyBeSetBeforeAnyQuery() {
    f.tag("BEGIN READ ONLY");
    refused("INSERT INTO t VALUES (1)", "INSERT");
    f.tag("ROLLBACK");
    f.tag("BEGIN READ ONLY");
    f.tag("SET TRANSACTION READ WRITE");
    assertThat(f.tag("INSERT INTO t VALUES (3)")).isEqualTo("INSERT 0 1");
    f.tag("COMMIT");
    f.tag("BEGIN READ ONLY");
    f.rows("SELECT 1");
    f.fails("SET TRANSACTION READ WRITE", "25001", e -> assertThat(e.getMessage())
        .isEqualTo("transaction read-write mode must be set before any query"));
    f.tag("ROLLBACK");
    assertThat(f.value("SELECT count(*) FROM t")).isEqualTo(1L);
  }

  @Test
  void copyFromIsRefusedForReadOnlyBeforeItsOptionsAreRead() {
    f.tag("BEGIN READ ONLY");
    refused("COPY t FROM STDIN (FORMAT foo)", "COPY FROM");
    f.tag("ROLLBACK");
    f.tag("SET default_transaction_read_only = on");
    refused("COPY t FROM STDIN (FORMAT csv)", "COPY FROM");
  }

  @Test
  void booleanValuesAreReadAsPostgresReadsThem() {
    for (String on : new String[] {"true", "'yes'", "1", "ON", "'t'"}) {
      f.tag("SET default_transaction_read_only TO " + on);
      assertThat(show("default_transaction_read_only")).as(on).isEqualTo("on");
      f.tag("RESET default_transaction_read_only");
      assertThat(show("default_transaction_read_only")).isEqualTo("off");
    }
    f.tag("SET default_transaction_read_only = on");
    f.tag("SET default_transaction_read_only TO 'of'");
    assertThat(show("default_transaction_read_only")).isEqualTo("off");
    f.tag("SET SESSION default_transaction_read_only = on");
    f.tag("SET default_transaction_read_only TO DEFAULT");
    assertThat(show("default_transaction_read_only")).isEqualTo("off");
    f.fails("SET default_transaction_read_only TO o", "22023", e -> assertThat(e.getMessage())
        .isEqualTo("parameter \"default_transaction_read_only\" requires a Boolean value"));
    f.fails("SET transaction_read_only = 'x'", "22023", e -> assertThat(e.getMessage())
        .isEqualTo("parameter \"transaction_read_only\" requires a Boolean value"));
    f.fails("SET default_transaction_read_only = on, off", "22023", e -> assertThat(e.getMessage())
        .isEqualTo("SET default_transaction_read_only takes only one argument"));
    f.tag("SET default_transaction_read_only = on");
    f.tag("DISCARD ALL");
    assertThat(show("default_transaction_read_only")).isEqualTo("off");
  }
}
