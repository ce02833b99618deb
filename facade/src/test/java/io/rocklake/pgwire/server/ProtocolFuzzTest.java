package io.rocklake.pgwire.server;

import static io.rocklake.pgwire.server.WireClient.concat;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.Catalog;
import io.rocklake.facade.CatalogQueryEngine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * 10,000 malformed, truncated, oversized or out-of-place protocol messages: random bytes after
 * startup, impossible and huge lengths, truncated and byte-flipped Parse/Bind/Describe/Execute/Close
 * payloads, bad format codes and counts, unknown message types, CopyData outside COPY and garbage
 * inside it, and garbage startup packets on fresh connections. The server must answer each with
 * ErrorResponses and ReadyForQuery (an ERROR keeps the session; a FATAL closes that connection only)
 * or ignore it as PostgreSQL does, never with an internal error, a malformed message, a silent close
 * or a hang, and a separate healthy session must keep answering throughout (checked every 100 cases).
 *
 * <p>Random byte strings are framed the way the server frames them (type, int32 length) and the
 * last, incomplete message is padded to its declared length, so the server never legitimately
 * waits for input the test will not send and every case gets a definite answer.
 */
class ProtocolFuzzTest {
  private static final long SEED = Long.getLong("rocklake.fuzz.seed", 20260515L);
  private static final int CASES = Integer.getInteger("rocklake.fuzz.messages", 10_000);
  private static final int HEALTH_EVERY = 100;
  private static final int TIMEOUT_MS = 15_000;
  private static final int MAX_MESSAGE = PgWireServer.DEFAULT_MAX_MESSAGE_BYTES;
  private static final List<String> SQL = List.of(
      "SELECT 1",
      "SELECT snapshot_id, schema_version FROM \"public\".ducklake_snapshot WHERE snapshot_id = $1",
      "SELECT snapshot_id FROM ducklake_snapshot ORDER BY snapshot_id",
      "COPY (SELECT \"snapshot_id\" FROM \"public\".\"ducklake_snapshot\" ) TO STDOUT (FORMAT \"binary\");",
      "INSERT INTO \"public\".ducklake_metadata VALUES ($1, $2, NULL, NULL)",
      "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ",
      "ROLLBACK",
      "",
      "SELEC garbage",
      "COPY \"public\".\"ducklake_metadata\" FROM STDIN (FORMAT BINARY)");

  private PgWireServer server;
  private final Random random = new Random(SEED);

  @BeforeEach
  void start() throws Exception {
    Catalog catalog = TestCatalogs.withDuckLakeTables(3);
    server = PgWireServer.start(new InetSocketAddress("127.0.0.1", 0), new CatalogQueryEngine(catalog));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  // ---- message builders --------------------------------------------------------------------

  private static final class Payload {
    final ByteArrayOutputStream b = new ByteArrayOutputStream();

    Payload str(String s) {
      b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
      b.write(0);
      return this;
    }

    Payload i16(int v) {
      b.write(v >>> 8);
      b.write(v);
      return this;
    }

    Payload i32(int v) {
      b.writeBytes(ByteBuffer.allocate(4).putInt(v).array());
      return this;
    }

    Payload bytes(byte[] v) {
      b.writeBytes(v);
      return this;
    }

    byte[] get() {
      return b.toByteArray();
    }
  }

  private static byte[] msg(char type, byte[] payload) {
    return WireClient.typed(type, payload);
  }

  private String sql() {
    return SQL.get(random.nextInt(SQL.size()));
  }

  private byte[] parse(String name, String sql, int... oids) {
    Payload p = new Payload().str(name).str(sql).i16(oids.length);
    for (int oid : oids) {
      p.i32(oid);
    }
    return msg('P', p.get());
  }

  /** A Bind with the given parameter format codes, values (null = SQL NULL) and result format codes. */
  private static byte[] bind(String portal, String statement, int[] formats, byte[][] values, int[] resultFormats) {
    Payload p = new Payload().str(portal).str(statement).i16(formats.length);
    for (int f : formats) {
      p.i16(f);
    }
    p.i16(values.length);
    for (byte[] v : values) {
      if (v == null) {
        p.i32(-1);
      } else {
        p.i32(v.length).bytes(v);
      }
    }
    p.i16(resultFormats.length);
    for (int f : resultFormats) {
      p.i16(f);
    }
    return msg('B', p.get());
  }

  private static byte[] describe(char kind, String name) {
    return msg('D', new Payload().bytes(new byte[] {(byte) kind}).str(name).get());
  }

  private static byte[] execute(String portal, int maxRows) {
    return msg('E', new Payload().str(portal).i32(maxRows).get());
  }

  private static byte[] close(char kind, String name) {
    return msg('C', new Payload().bytes(new byte[] {(byte) kind}).str(name).get());
  }

  private static byte[] sync() {
    return msg('S', new byte[0]);
  }

  private byte[] randomBytes(int max) {
    byte[] b = new byte[random.nextInt(max + 1)];
    random.nextBytes(b);
    return b;
  }

  private int formatCode() {
    int pick = random.nextInt(6);
    return pick < 2 ? pick : pick == 2 ? -1 : pick == 3 ? 2 : random.nextInt(65536);
  }

  private int[] formats(int max) {
    int[] f = new int[random.nextInt(max + 1)];
    for (int i = 0; i < f.length; i++) {
      f[i] = random.nextInt(3) == 0 ? formatCode() : random.nextInt(2);
    }
    return f;
  }

  private byte[][] values(int max) {
    byte[][] v = new byte[random.nextInt(max + 1)][];
    for (int i = 0; i < v.length; i++) {
      int pick = random.nextInt(5);
      v[i] = pick == 0 ? null : pick == 1 ? "1".getBytes(StandardCharsets.UTF_8) : pick == 2
          ? ByteBuffer.allocate(8).putLong(random.nextLong()).array() : randomBytes(12);
    }
    return v;
  }

  /** A well-formed extended-protocol message of a random kind, with random names and contents. */
  private byte[] extendedMessage() {
    String name = random.nextInt(3) == 0 ? "s" + random.nextInt(3) : "";
    switch (random.nextInt(6)) {
      case 0: {
        int[] oids = new int[random.nextInt(3)];
        for (int i = 0; i < oids.length; i++) {
          oids[i] = new int[] {0, 20, 23, 25, 16, 17, 1184, 2950, 12345, -1}[random.nextInt(10)];
        }
        return parse(name, sql(), oids);
      }
      case 1: return bind(random.nextBoolean() ? "" : "p", name, formats(3), values(3), formats(3));
      case 2: return describe("SPX".charAt(random.nextInt(3)), random.nextBoolean() ? "" : name);
      case 3: return execute(random.nextBoolean() ? "" : "p", random.nextInt(4) - 1);
      case 4: return close("SPX".charAt(random.nextInt(3)), name);
      default: return msg('H', new byte[0]);
    }
  }

  // ---- cases -------------------------------------------------------------------------------

  /** One case: the bytes to send after startup (or instead of it) and what is allowed to happen. */
  private record Case(String kind, byte[] bytes, boolean startup, boolean mayCloseSilently) {}

  private Case postStartup() {
    int pick = random.nextInt(100);
    if (pick < 14) {
      return framed("random bytes", randomBytes(random.nextBoolean() ? 16 : 300));
    } else if (pick < 20) {
      byte type = (byte) "\u0000\u0001AaFGIJjKkLMNOoRrTtUuVvWwYyZz\u007f\u00ff".charAt(random.nextInt(32));
      return framed("unknown type", msg((char) (type & 0xFF), randomBytes(20)));
    } else if (pick < 25) {
      int length = random.nextBoolean() ? random.nextInt(4) : -1 - random.nextInt(Integer.MAX_VALUE);
      byte[] b = ByteBuffer.allocate(5).put((byte) "QPBDECSHdcf".charAt(random.nextInt(11))).putInt(length).array();
      return new Case("length < 4", b, false, false);
    } else if (pick < 30) {
      int length = MAX_MESSAGE + 5 + random.nextInt(Integer.MAX_VALUE - MAX_MESSAGE - 5);
      byte[] b = ByteBuffer.allocate(5).put((byte) "QPBDECSHdcf".charAt(random.nextInt(11))).putInt(length).array();
      return new Case("length > 64 MiB", b, false, false);
    } else if (pick < 45) {
      byte[] m = extendedMessage();
      int cut = 5 + random.nextInt(Math.max(1, m.length - 5));
      byte[] payload = java.util.Arrays.copyOfRange(m, 5, cut);
      return new Case("truncated " + (char) m[0], msg((char) m[0], payload), false, false);
    } else if (pick < 57) {
      byte[] m = extendedMessage();
      byte[] payload = java.util.Arrays.copyOfRange(m, 5, m.length);
      for (int k = 1 + random.nextInt(3); k > 0 && payload.length > 0; k--) {
        payload[random.nextInt(payload.length)] = (byte) random.nextInt(256);
      }
      return new Case("flipped " + (char) m[0], msg((char) m[0], payload), false, false);
    } else if (pick < 67) {
      ByteArrayOutputStream seq = new ByteArrayOutputStream();
      for (int k = 1 + random.nextInt(6); k > 0; k--) {
        seq.writeBytes(extendedMessage());
      }
      return new Case("extended sequence", seq.toByteArray(), false, false);
    } else if (pick < 73) {
      return badBind();
    } else if (pick < 79) {
      byte[] b = switch (random.nextInt(3)) {
        case 0 -> msg('d', randomBytes(100));
        case 1 -> msg('c', new byte[0]);
        default -> msg('f', WireClient.cstring("client gave up"));
      };
      return new Case("copy message outside COPY", b, false, false);
    } else if (pick < 88) {
      return copyInGarbage();
    } else if (pick < 92) {
      byte[] sqlBytes = randomBytes(40);
      return new Case("query without NUL / with trailing bytes", msg('Q', random.nextBoolean() ? sqlBytes
          : concat(WireClient.cstring("SELECT 1"), sqlBytes)), false, false);
    } else if (pick < 95) {
      return new Case("function call", msg('F', randomBytes(30)), false, false);
    } else if (pick < 97) {
      return new Case("terminate with payload", msg('X', randomBytes(10)), false, true);
    } else {
      byte[] m = extendedMessage();
      int declared = 4 + random.nextInt(Math.max(1, m.length - 5));
      byte[] b = java.util.Arrays.copyOf(m, m.length);
      ByteBuffer.wrap(b).putInt(1, declared);
      return framed("length shorter than payload", b);
    }
  }

  /** Bind messages that break PostgreSQL's rules: format codes, counts, value lengths. */
  private Case badBind() {
    byte[] prepare = parse("", SQL.get(random.nextInt(3)));
    byte[] b;
    switch (random.nextInt(5)) {
      case 0:
        b = bind("", "", new int[] {formatCode()}, values(2), new int[0]);
        break;
      case 1:
        b = bind("", "", new int[] {0, 1}, values(3), new int[] {formatCode(), formatCode()});
        break;
      case 2:
        b = bind("", "", new int[0], values(3), new int[] {random.nextInt(3), random.nextInt(3), 2});
        break;
      case 3: {
        Payload p = new Payload().str("").str("").i16(0).i16(1).i32(-2 - random.nextInt(1000)).i16(0);
        b = msg('B', p.get());
        break;
      }
      default: {
        Payload p = new Payload().str("").str("").i16(0).i16(1).i32(1 << 20).bytes(new byte[3]).i16(0);
        b = msg('B', p.get());
      }
    }
    return new Case("bad Bind", concat(prepare, b, describe('P', ""), execute("", 0)), false, false);
  }

  /** COPY FROM STDIN fed garbage, ended by CopyDone, CopyFail or some other message. */
  private Case copyInGarbage() {
    boolean binary = random.nextBoolean();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(msg('Q', WireClient.cstring("COPY \"public\".\"ducklake_snapshot_changes\" FROM STDIN"
        + (binary ? " (FORMAT BINARY)" : ""))));
    if (binary && random.nextBoolean()) {
      b.writeBytes(msg('d', concat(CopyIn.SIGNATURE, new byte[8])));
    }
    for (int k = random.nextInt(4); k > 0; k--) {
      byte[] data = random.nextBoolean() ? randomBytes(60)
          : ("9" + random.nextInt(1000) + "\t" + "x".repeat(random.nextInt(3)) + "\t\\N\t\\" + "\t" + random.nextInt()
              + "\n").getBytes(StandardCharsets.UTF_8);
      b.writeBytes(msg('d', data));
    }
    switch (random.nextInt(4)) {
      case 0 -> b.writeBytes(msg('c', new byte[0]));
      case 1 -> b.writeBytes(msg('f', WireClient.cstring("no more")));
      case 2 -> b.writeBytes(sync());
      default -> b.writeBytes(extendedMessage());
    }
    return new Case("COPY FROM STDIN with garbage", b.toByteArray(), false, false);
  }

  /**
   * Random bytes, framed as the server frames them after startup: the last message is completed
   * with zero bytes up to its declared length. Framing stops where the server would stop reading
   * (an impossible length is fatal).
   */
  private static Case framed(String kind, byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bytes);
    int pos = 0;
    boolean terminate = false;
    while (pos < bytes.length) {
      byte[] header = java.util.Arrays.copyOfRange(bytes, pos, pos + 5); // zero-padded past the end
      int length = ByteBuffer.wrap(header, 1, 4).getInt();
      if (length < 4 || length - 4 > MAX_MESSAGE) {
        if (pos + 5 > bytes.length) {
          out.write(header, bytes.length - pos, pos + 5 - bytes.length);
        }
        return new Case(kind, out.toByteArray(), false, terminate);
      }
      terminate |= header[0] == 'X';
      int end = pos + 1 + length;
      if (end > bytes.length) {
        out.write(header, Math.min(5, bytes.length - pos), Math.max(0, pos + 5 - bytes.length));
        out.writeBytes(new byte[end - Math.max(bytes.length, pos + 5)]);
        return new Case(kind, out.toByteArray(), false, terminate);
      }
      pos = end;
    }
    return new Case(kind, out.toByteArray(), false, terminate);
  }

  private Case startupCase() {
    int pick = random.nextInt(100);
    Map<String, String> params = new java.util.LinkedHashMap<>();
    params.put("user", "duck");
    params.put("database", "rocklake");
    if (pick < 15) {
      byte[] b = randomBytes(40);
      return new Case("startup: random bytes", startupFramed(b), true, false);
    } else if (pick < 25) {
      int length = random.nextBoolean() ? random.nextInt(8) : -1 - random.nextInt(1000);
      return new Case("startup: length < 8", ByteBuffer.allocate(8).putInt(length).putInt(196608).array(), true, false);
    } else if (pick < 35) {
      int length = 10_001 + random.nextInt(Integer.MAX_VALUE - 10_001);
      return new Case("startup: length > 10000", ByteBuffer.allocate(8).putInt(length).putInt(196608).array(), true,
          false);
    } else if (pick < 45) {
      int code = random.nextInt();
      return new Case("startup: unknown protocol code", ByteBuffer.allocate(8).putInt(8).putInt(code).array(), true,
          code == FrontendDecoder.CANCEL_REQUEST);
    } else if (pick < 52) {
      int code = (3 << 16) | (1 + random.nextInt(65535));
      byte[] p = WireClient.startupPacket(params);
      ByteBuffer.wrap(p).putInt(4, code);
      return new Case("startup: protocol 3.x", p, true, false);
    } else if (pick < 67) {
      byte[] p = WireClient.startupPacket(params);
      byte[] body = java.util.Arrays.copyOfRange(p, 8, p.length);
      for (int k = 1 + random.nextInt(3); k > 0; k--) {
        body[random.nextInt(body.length)] = (byte) random.nextInt(256);
      }
      byte[] cut = java.util.Arrays.copyOf(body, random.nextInt(body.length + 1));
      return new Case("startup: garbage parameters", concat(ByteBuffer.allocate(8).putInt(8 + cut.length)
          .putInt(196608).array(), cut), true, false);
    } else if (pick < 75) {
      Map<String, String> other = new java.util.LinkedHashMap<>();
      other.put(random.nextBoolean() ? "database" : "\u00ff\u00fe", "x\u0000\u0001".substring(0, random.nextInt(4)));
      if (random.nextBoolean()) {
        other.put("user", new String(randomBytes(10), StandardCharsets.ISO_8859_1).replace('\0', 'u'));
      }
      return new Case("startup: odd parameters", WireClient.startupPacket(other), true, false);
    } else if (pick < 82) {
      int length = random.nextBoolean() ? 16 : 8 + random.nextInt(20);
      ByteBuffer b = ByteBuffer.allocate(length).putInt(length).putInt(FrontendDecoder.CANCEL_REQUEST);
      return new Case("startup: cancel request", b.array(), true, true);
    } else if (pick < 92) {
      byte[] ssl = ByteBuffer.allocate(8).putInt(8).putInt(random.nextBoolean() ? FrontendDecoder.SSL_REQUEST
          : FrontendDecoder.GSSENC_REQUEST).array();
      return new Case("startup: SSLRequest then garbage", concat(ssl, startupFramed(randomBytes(30))), true, false);
    } else {
      byte[] start = WireClient.startupPacket(params);
      return new Case("startup: then pipelined garbage", concat(start, framed("", randomBytes(60)).bytes(), sync()),
          true, true);
    }
  }

  /** Random bytes framed as an untyped startup packet: completed with zeros to its declared length. */
  private static byte[] startupFramed(byte[] bytes) {
    byte[] header = java.util.Arrays.copyOf(bytes, Math.max(8, bytes.length));
    int length = ByteBuffer.wrap(header).getInt();
    if (length < 8 || length > 10_000) {
      return header;
    }
    return java.util.Arrays.copyOf(header, length); // exactly one packet, completed with zeros
  }

  // ---- the run -----------------------------------------------------------------------------

  private final Map<String, Integer> outcomes = new TreeMap<>();
  private final Map<String, Integer> kinds = new TreeMap<>();
  private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
  private int sentinel;

  private void count(Map<String, Integer> m, String key) {
    m.merge(key, 1, Integer::sum);
  }

  private void fail(Case c, String what) {
    failures.add(what + " <- " + c.kind() + " " + hex(c.bytes()));
  }

  private static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(b.length, 48); i++) {
      sb.append(String.format("%02x", b[i]));
    }
    return sb + (b.length > 48 ? "...(" + b.length + " bytes)" : "");
  }

  /** Records what an ErrorResponse says; an internal error is a failure. */
  private void error(Case c, WireClient.Message m) {
    String severity = m.fields().get('S');
    count(outcomes, severity + " " + m.sqlState());
    if (m.sqlState().equals("XX000")) {
      fail(c, "internal error: " + m.text());
    }
  }

  @Test
  void tenThousandMalformedMessagesGetErrorsNeverACrashAndAHealthySessionKeepsWorking() throws Exception {
    long started = System.nanoTime();
    WireClient health = WireClient.started(server.port(), TIMEOUT_MS);
    WireClient victim = WireClient.started(server.port(), TIMEOUT_MS);
    long bytes = 0;
    int connections = 2;
    for (int i = 0; i < CASES; i++) {
      if (i % HEALTH_EVERY == 0) {
        checkHealthy(health, i);
      }
      Case c = random.nextInt(100) < 25 ? startupCase() : postStartup();
      count(kinds, c.kind().replaceFirst(" [A-Za-z]$", ""));
      bytes += c.bytes().length;
      if (c.startup()) {
        connections++;
        runStartup(c);
      } else if (!runAfterStartup(victim, c)) {
        victim.close();
        victim = WireClient.started(server.port(), TIMEOUT_MS);
        connections++;
      }
    }
    checkHealthy(health, CASES);
    health.close();
    victim.close();
    try (WireClient fresh = WireClient.started(server.port(), TIMEOUT_MS)) {
      fresh.query("SELECT COUNT(*) FROM ducklake_snapshot");
      List<WireClient.Message> ms = fresh.readUntilReady(true);
      assertThat(WireClient.firstValue(ms.get(1))).as("committed snapshots").isEqualTo("3");
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.printf("protocol fuzz: seed %d, %d cases (%d KiB) on %d connections in %d ms%n  kinds %s%n"
        + "  outcomes %s%n  failures %d %s%n", SEED, CASES, bytes >> 10, connections, millis, kinds, outcomes,
        failures.size(), failures.stream().sorted(java.util.Comparator.comparing(f -> !f.startsWith("internal")))
            .limit(20).toList());
    assertThat(failures).isEmpty();
  }

  private void checkHealthy(WireClient health, int at) throws IOException {
    health.query("SELECT 1");
    List<WireClient.Message> ms = health.readUntilReady();
    assertThat(ms).as("the healthy session after %d cases", at).extracting(WireClient.Message::type)
        .containsExactly('T', 'C', 'Z');
  }

  /** A startup-phase case on a fresh connection: every answer read until the server closes or is ready. */
  private void runStartup(Case c) throws IOException {
    try (WireClient w = WireClient.connect(server.port(), TIMEOUT_MS)) {
      w.send(c.bytes());
      byte[] b = c.bytes();
      int code = b.length >= 8 ? ByteBuffer.wrap(b, 4, 4).getInt() : 0;
      int length = b.length >= 4 ? ByteBuffer.wrap(b, 0, 4).getInt() : 0;
      boolean fatal = false;
      if (length == 8 && (code == FrontendDecoder.SSL_REQUEST || code == FrontendDecoder.GSSENC_REQUEST)) {
        int answer = w.readRawByte();
        if (answer == 'E' && b.length > 8) {
          // Bytes sent along with the SSLRequest, before its answer, are refused (CVE-2021-23214).
          WireClient.Message m = w.readBody(answer);
          error(c, m);
          fatal = "FATAL".equals(m.fields().get('S')) && m.sqlState().equals("08P01");
          if (!fatal) {
            fail(c, "pipelined bytes after SSLRequest answered with " + m);
          }
        } else if (answer != 'N') {
          fail(c, "SSLRequest answered with " + answer);
          return;
        } else if (b.length == 8) {
          count(outcomes, "encryption refused, then waits");
          return;
        }
      }
      boolean pipelined = c.kind().endsWith("pipelined garbage");
      int readies = 0;
      while (true) {
        WireClient.Message m;
        try {
          m = w.read();
        } catch (WireClient.ClosedException closed) {
          if (!fatal && !c.mayCloseSilently()) {
            fail(c, "closed without an ErrorResponse");
          }
          count(outcomes, fatal ? "closed after FATAL" : "closed (cancel request or Terminate)");
          return;
        } catch (SocketTimeoutException e) {
          fail(c, "no answer within " + TIMEOUT_MS + " ms");
          return;
        }
        if (m.type() == 'E') {
          error(c, m);
          fatal |= "FATAL".equals(m.fields().get('S'));
        } else if (m.type() == 'G') {
          w.sendTyped('f', WireClient.cstring("fuzz client ends COPY"));
        } else if (m.type() == 'Z' && fatal) {
          fail(c, "ReadyForQuery after a FATAL error");
        } else if (m.type() == 'Z' && ++readies == (pipelined ? 2 : 1)) {
          count(outcomes, pipelined ? "startup accepted, garbage answered" : "startup accepted");
          w.sendTyped('X', new byte[0]);
          return;
        }
      }
    } catch (IllegalStateException malformed) {
      fail(c, "malformed answer: " + malformed.getMessage());
    }
  }

  /**
   * A case on the established victim session: the bytes, then Sync, everything up to a
   * ReadyForQuery, then a sentinel query that must be answered (so the session is still in step).
   * Returns false if the connection is gone (after a FATAL, or Terminate).
   */
  private boolean runAfterStartup(WireClient w, Case c) throws IOException {
    try {
      w.send(concat(c.bytes(), sync()));
      Boolean alive = readUntil(w, c, () -> null, () -> { });
      if (alive != null) {
        return alive;
      }
      String tag = "s" + (++sentinel);
      // Ends whatever transaction the case left open or failed, then proves the session is in step:
      // everything the case caused is read before the sentinel's row.
      String sentinelQuery = "ROLLBACK; SET application_name = '" + tag + "'; SHOW application_name";
      w.query(sentinelQuery);
      alive = readUntil(w, c, () -> tag, () -> w.query(sentinelQuery));
      if (alive == null) {
        count(outcomes, "session in step");
        return true;
      }
      return alive;
    } catch (IllegalStateException malformed) {
      fail(c, "malformed answer: " + malformed.getMessage());
      return false;
    } catch (java.net.SocketException gone) {
      count(outcomes, "closed while sending");
      return false;
    }
  }

  private interface Resend {
    void run() throws IOException;
  }

  /**
   * Reads until ReadyForQuery (after the sentinel's DataRow, if one is awaited). Returns null when
   * done with the session open, else whether the connection survived (false: closed).
   */
  private Boolean readUntil(WireClient w, Case c, Supplier<String> awaited, Resend resend) throws IOException {
    boolean fatal = false;
    int resent = 0;
    boolean seen = awaited.get() == null;
    while (true) {
      WireClient.Message m;
      try {
        m = w.read();
      } catch (WireClient.ClosedException closed) {
        if (!fatal && !c.mayCloseSilently()) {
          fail(c, "closed without an ErrorResponse");
        }
        count(outcomes, fatal ? "closed after FATAL" : "closed (Terminate)");
        return false;
      } catch (SocketTimeoutException e) {
        fail(c, "no ReadyForQuery within " + TIMEOUT_MS + " ms");
        return false;
      }
      switch (m.type()) {
        case 'E' -> {
          error(c, m);
          fatal |= "FATAL".equals(m.fields().get('S'));
          // A query that arrives while a COPY FROM STDIN the case started still runs ends the COPY
          // and is itself dropped (as by PostgreSQL): the sentinel is sent again.
          if (m.text().startsWith("unexpected message type 'Q' during COPY") && resent++ < 3) {
            resend.run();
          }
        }
        case 'G' -> w.sendTyped('f', WireClient.cstring("fuzz client ends COPY"));
        case 'D' -> seen |= awaited.get() != null && awaited.get().equals(WireClient.firstValue(m));
        case 'Z' -> {
          if (fatal) {
            fail(c, "ReadyForQuery after a FATAL error");
          }
          if (seen) {
            return null;
          }
        }
        default -> { }
      }
    }
  }
}
