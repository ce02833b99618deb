package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** PostgreSQL's functions as clients call them on the catalog. */
class PgFunctionsTest {
  private final EngineFixture f = new EngineFixture();

  @AfterEach
  void close() {
    f.close();
  }

  /** DuckDB's PRAGMA database_size sends exactly this to every attached PostgreSQL catalog. */
  @Test
  void theDatabaseSizeOfTheCurrentDatabaseIsABigintOfStoredBytes() {
    Object size = f.rows("SELECT pg_database_size(current_database())").get(0)[0];
    assertThat(size).isInstanceOf(Long.class);
    assertThat((Long) size).isNotNegative();
  }

  @Test
  void theDatabaseSizeOfAnotherDatabaseIsAnErrorAsInPostgres() {
    f.fails("SELECT pg_database_size('not_here')", "3D000",
        e -> assertThat(e.getMessage()).isEqualTo("database \"not_here\" does not exist"));
  }
}
