package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A reflection answer the engine reuses is encoded once and sent again as it was; the answer after
 * a relation is created is the new one, never the kept bytes.
 */
class ReusedAnswersTest {
  private static final String RELATIONS = "SELECT relname, relkind FROM pg_class ORDER BY relname";
  private static PgWireServer server;

  @BeforeAll
  static void start() throws Exception {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void theSameAnswerIsSentAgainByteForByteAndANewRelationIsInTheNextOne() throws Exception {
    try (WireClient a = WireClient.started(server.port(), 30_000); WireClient b = WireClient.started(server.port(), 30_000)) {
      List<String> first = rows(a);
      assertThat(first).hasSizeGreaterThan(64).contains("pg_class r", "ducklake_snapshot r");
      assertThat(rows(b)).as("another session, the same answer").isEqualTo(first);
      assertThat(rows(a)).as("asked again").isEqualTo(first);

      a.query("CREATE TABLE \"public\".ducklake_inlined_data_9_9(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT)");
      a.readUntilReady();
      List<String> after = rows(b);
      assertThat(after).hasSize(first.size() + 1).contains("ducklake_inlined_data_9_9 r");
    }
  }

  /** The answer's rows as "relname relkind". */
  private static List<String> rows(WireClient w) throws Exception {
    w.query(RELATIONS);
    return w.readUntilReady(true).stream().filter(m -> m.type() == 'D').map(ReusedAnswersTest::text).toList();
  }

  private static String text(WireClient.Message dataRow) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(dataRow.body());
    StringBuilder sb = new StringBuilder();
    int n = b.getShort();
    for (int i = 0; i < n; i++) {
      int len = b.getInt();
      byte[] v = new byte[Math.max(len, 0)];
      b.get(v);
      sb.append(i == 0 ? "" : " ").append(len < 0 ? "NULL" : new String(v, java.nio.charset.StandardCharsets.UTF_8));
    }
    return sb.toString();
  }
}
