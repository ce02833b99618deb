package io.rocklake.conformance.scale;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.wire.BackendMessages;
import io.rocklake.conformance.wire.FrameReader;
import io.rocklake.conformance.wire.WireMessage;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One PostgreSQL v3 connection, the same client code for RockLake and PostgreSQL: captured frontend
 * messages sent as DuckDB sent them, or a simple Query. Every answer is read to its ReadyForQuery and
 * the rows it read counted (from the command tags), so a timing covers the whole answer; an
 * ErrorResponse fails the call with the server's SQLSTATE, since a bench whose statements fail on
 * one side compares nothing.
 */
final class WireSession implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final FrameReader in;
  private final String where;

  private WireSession(Socket socket, String where) throws IOException {
    this.socket = socket;
    this.where = where;
    this.out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
    this.in = new FrameReader(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
  }

  /** Connects without SSL and starts up as {@code user} on {@code database}, as DuckDB's pool does. */
  static WireSession open(Endpoint endpoint, String user, String database) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("user", user);
    params.put("database", database);
    return open(endpoint, params, false);
  }

  /**
   * Connects and sends these startup parameters; with {@code sslRequest} an SSLRequest first, whose
   * refusal it expects (DuckDB asks, neither server here offers SSL).
   */
  static WireSession open(Endpoint endpoint, Map<String, String> startup, boolean sslRequest) {
    String where = endpoint.toString();
    try {
      Socket socket = new Socket(endpoint.host(), endpoint.port());
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(600_000);
      WireSession s = new WireSession(socket, where);
      if (sslRequest) {
        s.out.write(WireMessage.untypedFrame(ByteBuffer.allocate(4).putInt(80877103).array()));
        s.out.flush();
        int answer = s.in.readSslResponse();
        if (answer != 'N') {
          throw new IllegalStateException(where + " answered the SSLRequest with '" + (char) answer + "'");
        }
      }
      s.out.write(WireMessage.untypedFrame(startupPayload(startup)));
      s.out.flush();
      s.awaitReady("startup");
      return s;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot connect to " + where, e);
    }
  }

  /** One simple Query message; returns the rows it answered. */
  long simple(String sql) {
    return send(new WireMessage('Q', cstring(sql)), sql);
  }

  /**
   * A captured frontend message as DuckDB sent it (Query, Parse, Describe, Sync, ...), except that a
   * Query carries {@code sql} instead of its captured text. Waits for the answer after a Query or a
   * Sync, the messages a server answers with ReadyForQuery; returns the rows answered.
   */
  long send(CapturedMessage m, String sql) {
    WireMessage w = m.type().equals("Q") ? new WireMessage('Q', cstring(sql)) : m.toWire();
    return send(w, sql == null ? m.type() : sql);
  }

  private long send(WireMessage m, String what) {
    try {
      out.write(m.frame());
      if (m.type() != 'Q' && m.type() != 'S') {
        return 0;
      }
      out.flush();
      return awaitReady(what);
    } catch (IOException e) {
      throw new UncheckedIOException(where + " failed on " + abbreviate(what), e);
    }
  }

  private long awaitReady(String what) throws IOException {
    long rows = 0;
    String error = null;
    while (true) {
      WireMessage m = in.read();
      switch (m.type()) {
        case 'C' -> rows += rowsOf(BackendMessages.commandTag(m));
        case 'E' -> {
          Map<Character, String> f = BackendMessages.fields(m);
          error = f.get('C') + ": " + f.get('M');
        }
        case 'R' -> {
          if (ByteBuffer.wrap(m.payload()).getInt() != 0) {
            throw new IllegalStateException(where + " asks for a password; the bench needs trust authentication");
          }
        }
        case 'Z' -> {
          if (error != null) {
            throw new IllegalStateException(where + " refused " + abbreviate(what) + ": " + error);
          }
          return rows;
        }
        default -> { }
      }
    }
  }

  /** The rows a read answered, from its command tag ({@code COPY n}, {@code SELECT n}); writes count none. */
  static long rowsOf(String tag) {
    if (tag.startsWith("COPY ") || tag.startsWith("SELECT ")) {
      return Long.parseLong(tag.substring(tag.indexOf(' ') + 1));
    }
    return 0;
  }

  @Override public void close() {
    try {
      out.write(new WireMessage('X', new byte[0]).frame());
      out.flush();
    } catch (IOException ignored) {
      // the server may already have closed its side
    }
    try {
      socket.close();
    } catch (IOException ignored) {
      // nothing left to release
    }
  }

  private static String abbreviate(String sql) {
    String one = sql.replaceAll("\\s+", " ");
    return one.length() > 160 ? one.substring(0, 160) + "…" : one;
  }

  private static byte[] startupPayload(Map<String, String> params) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(ByteBuffer.allocate(4).putInt(196608).array());
    params.forEach((k, v) -> {
      b.writeBytes(cstring(k));
      b.writeBytes(cstring(v));
    });
    b.write(0);
    return b.toByteArray();
  }

  static byte[] cstring(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(bytes.length + 1).put(bytes).put((byte) 0).array();
  }
}
