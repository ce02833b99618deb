package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The way in, byte by byte: protocol negotiation, refusals, CancelRequest, the authentication timeout, shutdown. */
class StartupHandlerTest {
  private static final int V3_0 = 3 << 16;
  private PgWireServer server;

  private PgWireServer start(WireOptions options) throws InterruptedException {
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), TestCatalogs.engine(), options);
    return server;
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aNewerMinorVersionAndProtocolOptionsAreNegotiatedDownTo30() throws Exception {
    start(WireOptions.defaults());
    Map<String, String> params = new LinkedHashMap<>();
    params.put("user", "duck");
    params.put("_pq_.compression", "on");
    params.put("_pq_.other", "x");
    try (RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(V3_0 | 2, params));
      RawClient.Message v = raw.read();
      assertThat(v.type()).isEqualTo('v');
      assertThat(v.int32(0)).as("newest minor version served").isZero();
      assertThat(v.int32(4)).as("options not recognized").isEqualTo(2);
      assertThat(new String(v.body(), 8, v.body().length - 8, StandardCharsets.UTF_8))
          .isEqualTo("_pq_.compression\0_pq_.other\0");
      List<RawClient.Message> rest = raw.readUntilReady();
      assertThat(rest.get(0).type()).isEqualTo('R');
      assertThat(rest.get(rest.size() - 1).type()).isEqualTo('Z');
      raw.send(RawClient.query("SELECT 41 + 1"));
      assertThat(raw.readUntilReady()).extracting(RawClient.Message::type).containsExactly('T', 'D', 'C', 'Z');
    }
  }

  @Test
  void aProtocolOptionAloneAlsoGetsNegotiateProtocolVersion() throws Exception {
    start(WireOptions.defaults());
    try (RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(V3_0, Map.of("user", "duck", "_pq_.x", "1")));
      RawClient.Message v = raw.read();
      assertThat(v.type()).isEqualTo('v');
      assertThat(v.int32(4)).isEqualTo(1);
    }
  }

  @Test
  void plain30GoesStraightToAuthentication() throws Exception {
    start(WireOptions.defaults());
    try (RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(V3_0, Map.of("user", "duck")));
      assertThat(raw.read().type()).isEqualTo('R');
    }
  }

  @Test
  void anotherMajorVersionIsRefusedWith0A000() throws Exception {
    start(WireOptions.defaults());
    for (int major : new int[] {2, 4}) {
      try (RawClient raw = new RawClient(server.port())) {
        raw.send(RawClient.startupPacket(major << 16, Map.of("user", "duck")));
        RawClient.Message e = raw.read();
        assertThat(e.type()).isEqualTo('E');
        assertThat(e.text()).contains("FATAL").contains("0A000")
            .contains("unsupported frontend protocol " + major + ".0: server supports 3.0 to 3.0");
        assertThat(raw.closedByServer()).isTrue();
      }
    }
  }

  @Test
  void aStartupWithoutUserIsRefusedWith28000() throws Exception {
    start(WireOptions.defaults());
    try (RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(V3_0, Map.of("database", "rocklake")));
      RawClient.Message e = raw.read();
      assertThat(e.text()).contains("28000").contains("no PostgreSQL user name specified in startup packet");
      assertThat(raw.closedByServer()).isTrue();
    }
  }

  @Test
  void aMatchingCancelRequestSetsThatSessionsFlagAndGetsNoReply() throws Exception {
    start(WireOptions.defaults());
    try (RawClient session = new RawClient(server.port())) {
      session.send(RawClient.startupPacket(V3_0, Map.of("user", "duck")));
      RawClient.Message key = session.readUntilReady().stream().filter(m -> m.type() == 'K').findFirst().orElseThrow();
      int pid = key.int32(0);
      int secret = key.int32(4);
      CancelFlag flag = server.sessions().find(pid).cancelFlag();

      try (RawClient wrong = new RawClient(server.port())) {
        wrong.send(RawClient.untyped(FrontendDecoder.CANCEL_REQUEST, pid, secret ^ 1));
        assertThat(wrong.closedByServer()).isTrue();
      }
      assertThat(flag.isRequested()).isFalse();

      try (RawClient cancel = new RawClient(server.port())) {
        cancel.send(RawClient.untyped(FrontendDecoder.CANCEL_REQUEST, pid, secret));
        assertThat(cancel.closedByServer()).as("closed without a reply").isTrue();
      }
      assertThat(flag.isRequested()).isTrue();

      session.send(RawClient.query("SELECT 1"));
      assertThat(session.readUntilReady()).extracting(RawClient.Message::type).endsWith('Z');
    }
  }

  @Test
  void aConnectionThatDoesNotFinishAuthenticatingInTimeIsClosed() throws Exception {
    Authentication auth = Authentication.of(AuthMethod.SCRAM_SHA_256, Credentials.single("duck", "quack"));
    start(WireOptions.defaults().withAuthentication(auth).withAuthenticationTimeout(Duration.ofMillis(300)));
    try (RawClient silent = new RawClient(server.port()); RawClient stalled = new RawClient(server.port())) {
      stalled.send(RawClient.startupPacket(V3_0, Map.of("user", "duck")));
      assertThat(stalled.read().type()).isEqualTo('R');
      long started = System.nanoTime();
      assertThat(silent.closedByServer()).isTrue();
      assertThat(stalled.closedByServer()).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void unencryptedBytesAfterAnSslRequestAreRefused() throws Exception {
    start(WireOptions.defaults());
    try (RawClient raw = new RawClient(server.port())) {
      byte[] ssl = RawClient.untyped(FrontendDecoder.SSL_REQUEST);
      byte[] startup = RawClient.startupPacket(V3_0, Map.of("user", "duck"));
      raw.send(ByteBuffer.allocate(ssl.length + startup.length).put(ssl).put(startup).array());
      RawClient.Message e = raw.read();
      assertThat(e.text()).contains("08P01").contains("received unencrypted data after SSL request");
      assertThat(raw.closedByServer()).isTrue();
    }
  }

  @Test
  void closingTheServerTellsEachSessionWhy() throws Exception {
    start(WireOptions.defaults());
    try (RawClient raw = new RawClient(server.port())) {
      raw.send(RawClient.startupPacket(V3_0, Map.of("user", "duck")));
      raw.readUntilReady();
      server.close();
      server = null;
      RawClient.Message e = raw.read();
      assertThat(e.type()).isEqualTo('E');
      assertThat(e.text()).contains("FATAL").contains("57P01").contains("terminating connection due to administrator command");
      assertThat(raw.closedByServer()).isTrue();
    }
  }
}
