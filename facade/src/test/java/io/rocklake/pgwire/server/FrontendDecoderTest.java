package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.rocklake.engine.StatementMemory;
import io.rocklake.pgwire.server.FrontendMessage.Bind;
import io.rocklake.pgwire.server.FrontendMessage.Malformed;
import io.rocklake.pgwire.server.FrontendMessage.Refused;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each typed message decodes once, in the decoder, into its record; a payload that does not hold its
 * type's fields decodes as Malformed with a defect naming the message and the field; text that is not
 * UTF-8 makes the message Refused (22021); a length past the limit is FATAL 54000 before anything is
 * buffered.
 */
class FrontendDecoderTest {
  private static final int MAX = 1 << 20;

  /** The record one message decodes to, on a connection whose StartupMessage went first. */
  private static FrontendMessage decode(char type, byte[] payload) {
    EmbeddedChannel ch = started(new FrontendDecoder(MAX));
    ch.writeInbound(Unpooled.wrappedBuffer(RawClient.typed(type, payload)));
    FrontendMessage m = ch.readInbound();
    assertThat((Object) ch.readInbound()).as("one message per frame").isNull();
    return m;
  }

  private static EmbeddedChannel started(FrontendDecoder decoder) {
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    ch.writeInbound(Unpooled.wrappedBuffer(RawClient.startupPacket(196608, Map.of("user", "u"))));
    assertThat((Object) ch.readInbound()).isInstanceOf(FrontendMessage.Startup.class);
    return ch;
  }

  private static String defect(char type, byte[] payload) {
    FrontendMessage m = decode(type, payload);
    assertThat(m).isInstanceOf(Malformed.class);
    assertThat(((Malformed) m).type()).isEqualTo(type);
    return ((Malformed) m).defect();
  }

  private static byte[] bytes(Object... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (Object p : parts) {
      if (p instanceof String s) {
        b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        b.write(0);
      } else if (p instanceof Short s) {
        b.writeBytes(ByteBuffer.allocate(2).putShort(s).array());
      } else if (p instanceof Integer i) {
        b.writeBytes(ByteBuffer.allocate(4).putInt(i).array());
      } else if (p instanceof Character c) {
        b.write(c);
      } else {
        b.writeBytes((byte[]) p);
      }
    }
    return b.toByteArray();
  }

  private static short s(int v) {
    return (short) v;
  }

  @Nested
  class Query {
    @Test
    void decodesItsText() {
      assertThat(decode('Q', bytes("SELECT 1"))).isEqualTo(new FrontendMessage.Query("SELECT 1", null));
    }

    @Test
    void withoutItsNulIsMalformed() {
      assertThat(defect('Q', "SELECT 1".getBytes(StandardCharsets.UTF_8)))
          .isEqualTo("invalid Query message: its query string is not NUL-terminated");
    }

    @Test
    void withBytesAfterItsNulIsMalformed() {
      assertThat(defect('Q', bytes("SELECT 1", "x"))).isEqualTo("invalid Query message: 2 bytes follow its last field");
    }

    @Test
    void whoseTextIsNotUtf8IsRefusedWith22021() {
      FrontendMessage m = decode('Q', new byte[] {'S', (byte) 0xff, 0});
      assertThat(m).isInstanceOf(Refused.class);
      assertThat(((Refused) m).type()).isEqualTo('Q');
      assertThat(((Refused) m).reason().sqlState()).isEqualTo("22021");
      assertThat(((Refused) m).reason().getMessage()).isEqualTo("invalid byte sequence for encoding \"UTF8\": 0xff");
    }
  }

  @Nested
  class Parse {
    @Test
    void decodesNameTextAndParameterTypes() {
      FrontendMessage.Parse p = (FrontendMessage.Parse) decode('P', bytes("s1", "SELECT $1", s(2), 23, 25));
      assertThat(p.name()).isEqualTo("s1");
      assertThat(p.sql()).isEqualTo("SELECT $1");
      assertThat(p.parameterOids()).containsExactly(23, 25);
    }

    @Test
    void endingInsideItsParameterTypesIsMalformed() {
      assertThat(defect('P', bytes("s1", "SELECT $1", s(2), 23)))
          .isEqualTo("invalid Parse message: it ends inside its parameter type 2 of 2");
      assertThat(defect('P', bytes("s1", "SELECT 1")))
          .isEqualTo("invalid Parse message: it ends inside its parameter type count");
    }

    @Test
    void withoutTheNulOfItsNameIsMalformed() {
      assertThat(defect('P', "s1".getBytes(StandardCharsets.UTF_8)))
          .isEqualTo("invalid Parse message: its statement name is not NUL-terminated");
    }

    @Test
    void whoseNameIsNotUtf8IsRefusedWith22021EvenIfItIsTruncatedLater() {
      FrontendMessage m = decode('P', new byte[] {(byte) 0xc3, 0});
      assertThat(m).isInstanceOf(Refused.class);
      assertThat(((Refused) m).reason().sqlState()).isEqualTo("22021");
    }
  }

  @Nested
  class BindMessage {
    @Test
    void decodesNamesFormatsValuesAndNulls() {
      Bind b = (Bind) decode('B', bytes("p", "s", s(1), s(1), s(2), 3, new byte[] {1, 2, 3}, -1, s(1), s(0)));
      assertThat(b.portal()).isEqualTo("p");
      assertThat(b.statement()).isEqualTo("s");
      assertThat(b.parameterFormats()).containsExactly((short) 1);
      assertThat(b.parameters()[0]).containsExactly(1, 2, 3);
      assertThat(b.parameters()[1]).isNull();
      assertThat(b.resultFormats()).containsExactly((short) 0);
    }

    @Test
    void aValueLongerThanWhatIsLeftIsMalformed() {
      assertThat(defect('B', bytes("", "", s(0), s(1), 10, new byte[] {1})))
          .isEqualTo("invalid Bind message: it ends inside its parameter 1 of 1");
    }

    @Test
    void aNegativeLengthOtherThanMinusOneIsMalformed() {
      assertThat(defect('B', bytes("", "", s(0), s(1), -5, s(0))))
          .isEqualTo("invalid Bind message: parameter 1 of 1 has length -5 (-1 is NULL)");
    }

    @Test
    void missingItsResultFormatsIsMalformed() {
      assertThat(defect('B', bytes("", "", s(0), s(0))))
          .isEqualTo("invalid Bind message: it ends inside its result format count");
    }
  }

  @Nested
  class DescribeAndClose {
    @Test
    void decodeTheirKindAndName() {
      assertThat(decode('D', bytes('S', "s1"))).isEqualTo(new FrontendMessage.Describe('S', "s1"));
      assertThat(decode('C', bytes('P', ""))).isEqualTo(new FrontendMessage.Close('P', ""));
    }

    @Test
    void aKindOtherThanStatementOrPortalIsMalformedInPostgresWords() {
      assertThat(defect('D', bytes('X', "s1"))).isEqualTo("invalid DESCRIBE message subtype 88");
      assertThat(defect('C', bytes('X', "s1"))).isEqualTo("invalid CLOSE message subtype 88");
    }

    @Test
    void anEmptyPayloadIsMalformed() {
      assertThat(defect('D', new byte[0])).isEqualTo("invalid Describe message: it ends inside its kind");
    }
  }

  @Nested
  class ExecuteMessage {
    @Test
    void decodesPortalAndRowLimit() {
      assertThat(decode('E', bytes("p", 5))).isEqualTo(new FrontendMessage.Execute("p", 5));
    }

    @Test
    void aShortRowLimitIsMalformed() {
      assertThat(defect('E', bytes("p", s(5)))).isEqualTo("invalid Execute message: it ends inside its row limit");
    }
  }

  @Nested
  class TheRest {
    @Test
    void syncFlushCopyAndTerminateDecodeToTheirRecords() {
      assertThat(decode('S', new byte[0])).isEqualTo(new FrontendMessage.Sync());
      assertThat(decode('H', new byte[0])).isEqualTo(new FrontendMessage.Flush());
      assertThat(decode('c', new byte[0])).isEqualTo(new FrontendMessage.CopyDone());
      assertThat(decode('X', new byte[0])).isEqualTo(new FrontendMessage.Terminate());
      assertThat(((FrontendMessage.CopyData) decode('d', new byte[] {1, 2})).data()).containsExactly(1, 2);
      assertThat(((FrontendMessage.Password) decode('p', bytes("secret"))).payload()).isEqualTo(bytes("secret"));
    }

    @Test
    void aSyncWithAPayloadIsMalformed() {
      assertThat(defect('S', new byte[] {1})).isEqualTo("invalid Sync message: 1 bytes follow its last field");
    }

    @Test
    void copyFailsReasonIsKeptEvenIfItIsNotUtf8() {
      assertThat(decode('f', new byte[] {'n', 'o', (byte) 0xff, 0})).isEqualTo(new FrontendMessage.CopyFail("no\uFFFD"));
    }

    @Test
    void anUnknownTypeIsUnsupported() {
      assertThat(decode('F', new byte[3])).isEqualTo(new FrontendMessage.Unsupported('F'));
    }
  }

  @Nested
  class Framing {
    @Test
    void aMessageOverTheLimitIsFatal54000BeforeItsPayloadArrives() {
      EmbeddedChannel ch = started(new FrontendDecoder(1024));
      byte[] header = ByteBuffer.allocate(5).put((byte) 'Q').putInt(4 + 2048).array();
      assertThatThrownBy(() -> ch.writeInbound(Unpooled.wrappedBuffer(header)))
          .isInstanceOf(DecoderException.class).cause().isInstanceOfSatisfying(ProtocolException.class, e -> {
            assertThat(e.sqlState.code()).isEqualTo("54000");
            assertThat(e.getMessage()).isEqualTo("message of 2048 bytes exceeds the limit of 1024 bytes");
          });
    }

    @Test
    void aLengthBelowFourIsFatal08P01() {
      EmbeddedChannel ch = started(new FrontendDecoder(1024));
      byte[] header = ByteBuffer.allocate(5).put((byte) 'B').putInt(3).array();
      assertThatThrownBy(() -> ch.writeInbound(Unpooled.wrappedBuffer(header)))
          .cause().isInstanceOfSatisfying(ProtocolException.class, e -> assertThat(e.sqlState.code()).isEqualTo("08P01"));
    }

    @Test
    void aMessageSplitAcrossReadsDecodesOnceWhole() {
      EmbeddedChannel ch = started(new FrontendDecoder(MAX));
      byte[] all = RawClient.typed('E', bytes("portal", 7));
      ch.writeInbound(Unpooled.wrappedBuffer(all, 0, 6));
      assertThat((Object) ch.readInbound()).isNull();
      ch.writeInbound(Unpooled.wrappedBuffer(all, 6, all.length - 6));
      assertThat((Object) ch.readInbound()).isEqualTo(new FrontendMessage.Execute("portal", 7));
    }

    @Test
    void aMalformedLargeParseGivesItsStatementMemoryBackAtOnce() {
      StatementMemory memory = new StatementMemory(512L << 20);
      EmbeddedChannel ch = started(new FrontendDecoder(8 << 20, memory));
      byte[] text = new byte[2 << 20];
      java.util.Arrays.fill(text, (byte) 'x');
      ch.writeInbound(Unpooled.wrappedBuffer(RawClient.typed('P', bytes("", text)))); // no NUL after the text
      assertThat((Object) ch.readInbound()).isInstanceOf(Malformed.class);
      assertThat(memory.usedBytes()).isZero();
    }
  }
}
