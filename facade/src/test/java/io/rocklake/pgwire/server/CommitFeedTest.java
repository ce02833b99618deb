package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The snapshot feed's fan-out and payloads, and the NotificationResponse framing of the protocol docs. */
class CommitFeedTest {
  @Test void payloadIsJsonAJsonParserReadsBack() throws Exception {
    String changes = "inserted_into_table:1,created_table:\"main\".\"t\\x\"\n";
    JsonNode n = new ObjectMapper().readTree(new CommitFeed.Snapshot(7, 3, changes).payload());
    assertThat(n.get("snapshot_id").asLong()).isEqualTo(7);
    assertThat(n.get("schema_version").asLong()).isEqualTo(3);
    assertThat(n.get("changes_made").asText()).isEqualTo(changes);
    assertThat(n.size()).isEqualTo(3);
  }

  @Test void everyListenerHearsEverySnapshotInOrderUntilItStops() throws Exception {
    CommitFeed feed = new CommitFeed();
    List<Long> a = new ArrayList<>();
    List<Long> b = new ArrayList<>();
    AutoCloseable ha = feed.subscribe(s -> a.add(s.snapshotId()));
    feed.subscribe(s -> b.add(s.snapshotId()));
    feed.published(List.of(new CommitFeed.Snapshot(1, 0, "x"), new CommitFeed.Snapshot(2, 0, "y")));
    ha.close();
    feed.published(List.of(new CommitFeed.Snapshot(3, 1, null)));
    assertThat(a).containsExactly(1L, 2L);
    assertThat(b).containsExactly(1L, 2L, 3L);
    assertThat(feed.listenerCount()).isEqualTo(1);
  }

  @Test void notificationResponseIsFramedAsTheProtocolSays() {
    ByteBuf m = new BackendWriter(ByteBufAllocator.DEFAULT).notification(1234, "rocklake_commits", "{}");
    try {
      assertThat(m.readByte()).isEqualTo((byte) 'A');
      int length = m.readInt();
      assertThat(length).isEqualTo(4 + 4 + "rocklake_commits".length() + 1 + 2 + 1);
      assertThat(m.readInt()).isEqualTo(1234);
      assertThat(cstring(m)).isEqualTo("rocklake_commits");
      assertThat(cstring(m)).isEqualTo("{}");
      assertThat(m.isReadable()).isFalse();
    } finally {
      m.release();
    }
  }

  private static String cstring(ByteBuf b) {
    int end = b.indexOf(b.readerIndex(), b.writerIndex(), (byte) 0);
    String s = b.toString(b.readerIndex(), end - b.readerIndex(), StandardCharsets.UTF_8);
    b.readerIndex(end + 1);
    return s;
  }
}
