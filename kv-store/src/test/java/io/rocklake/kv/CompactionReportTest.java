package io.rocklake.kv;

import static io.rocklake.kv.TestData.b;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.rocklake.kv.store.InMemoryObjectStore;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Each compaction is counted ({@link Db#compactions()}, which the server's metrics publish) and logged
 * once at INFO with what it merged, through the SLF4J API (the application picks the backend).
 */
class CompactionReportTest {

  @Test
  void aCompactionIsCountedAndLoggedOnceWithWhatItMerged() {
    Logger logger = (Logger) LoggerFactory.getLogger(CompactionScheduler.class);
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    Level was = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addAppender(lines);
    try (Db db = Db.open(new InMemoryObjectStore(), TestData.deterministic())) {
      db.put(b("a"), b("1"));
      db.flush();
      db.put(b("b"), b("2"));
      db.flush();
      assertThat(db.compactions()).isZero();
      db.compact();
      assertThat(db.compactions()).isEqualTo(1);
      db.compact(); // nothing in L0 any more: no compaction, no line
      assertThat(db.compactions()).isEqualTo(1);
    } finally {
      logger.detachAppender(lines);
      logger.setLevel(was);
    }
    assertThat(lines.list).hasSize(1);
    assertThat(lines.list.get(0).getLevel()).isEqualTo(Level.INFO);
    assertThat(lines.list.get(0).getFormattedMessage()).matches("compaction: merged 2 SSTs into 1 \\(\\d+ bytes\\) in \\d+ ms");
  }
}
