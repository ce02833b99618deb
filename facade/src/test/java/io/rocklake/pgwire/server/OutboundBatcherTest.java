package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OutboundBatcherTest {
  private static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
  }

  private static String readAll(EmbeddedChannel ch) {
    StringBuilder sb = new StringBuilder();
    for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
      sb.append(b.toString(StandardCharsets.US_ASCII)).append('|');
      b.release();
    }
    return sb.toString();
  }

  @Test
  void messagesWrittenBeforeAFlushLeaveAsOneBufferInOrder() {
    EmbeddedChannel ch = new EmbeddedChannel(new OutboundBatcher());
    ch.write(text("T"));
    ch.write(text("D1"));
    ch.write(text("D2"));
    assertThat(readAll(ch)).isEmpty();
    ch.writeAndFlush(text("Z"));
    assertThat(readAll(ch)).isEqualTo("TD1D2Z|");
  }

  @Test
  void theWritersPromisesCompleteWithTheGatheredWrite() {
    EmbeddedChannel ch = new EmbeddedChannel(new OutboundBatcher());
    ChannelFuture first = ch.write(text("a"));
    ChannelFuture second = ch.write(text("b"));
    assertThat(first.isDone()).isFalse();
    ch.flush();
    assertThat(first.isSuccess()).isTrue();
    assertThat(second.isSuccess()).isTrue();
    assertThat(readAll(ch)).isEqualTo("ab|");
  }

  @Test
  void aLargeAnswerStreamsInChunksBeforeItsFlush() {
    EmbeddedChannel ch = new EmbeddedChannel(new OutboundBatcher());
    byte[] row = new byte[1000];
    int rows = 3 * OutboundBatcher.CHUNK_BYTES / row.length;
    for (int i = 0; i < rows; i++) {
      ch.write(Unpooled.wrappedBuffer(row));
    }
    int before = 0;
    for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
      assertThat(b.readableBytes()).isLessThan(OutboundBatcher.CHUNK_BYTES + row.length);
      before += b.readableBytes();
      b.release();
    }
    assertThat(before).isGreaterThanOrEqualTo(2 * OutboundBatcher.CHUNK_BYTES);
    ch.flush();
    int after = 0;
    for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
      after += b.readableBytes();
      b.release();
    }
    assertThat(before + after).isEqualTo(rows * row.length);
  }

  @Test
  void closingSendsWhatWasGatheredFirst() {
    EmbeddedChannel ch = new EmbeddedChannel(new OutboundBatcher());
    ch.write(text("E"));
    ch.close();
    assertThat(readAll(ch)).isEqualTo("E|");
  }

  @Test
  void aFlushWithNothingGatheredStillFlushes() {
    EmbeddedChannel ch = new EmbeddedChannel(new OutboundBatcher());
    ch.flush();
    assertThat(readAll(ch)).isEmpty();
    ch.writeAndFlush(text("x"));
    assertThat(readAll(ch)).isEqualTo("x|");
  }
}
