package io.rocklake.conformance.pg;

import io.rocklake.conformance.wire.BackendMessages;
import io.rocklake.conformance.wire.FrameReader;
import io.rocklake.conformance.wire.WireMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The smallest PostgreSQL client that can run one administrative statement (CREATE DATABASE) over
 * trust authentication: StartupMessage, one simple Query, Terminate. The harness uses it instead of
 * a JDBC driver so that the tool has no client library between it and the wire.
 */
public final class SimpleQueryClient {
  private SimpleQueryClient() {}

  /**
   * Drops (if present) and creates a database, through the {@code postgres} database as user
   * {@code postgres}. {@code force} ends other sessions on it first (PostgreSQL ≥ 13).
   */
  public static void recreateDatabase(String host, int port, String database, boolean force) {
    String quoted = '"' + database.replace("\"", "\"\"") + '"';
    execute(host, port, "postgres", "postgres", "DROP DATABASE IF EXISTS " + quoted + (force ? " WITH (FORCE)" : ""));
    execute(host, port, "postgres", "postgres", "CREATE DATABASE " + quoted);
  }

  public static void execute(String host, int port, String user, String database, String sql) {
    query(host, port, user, database, sql);
  }

  /**
   * Runs one simple Query and returns the rows it sent, each value as text ({@code null} for SQL
   * NULL); fails on an ErrorResponse.
   */
  public static List<List<String>> query(String host, int port, String user, String database, String sql) {
    try (Socket socket = new Socket(host, port)) {
      socket.setSoTimeout(60_000);
      OutputStream out = socket.getOutputStream();
      FrameReader in = new FrameReader(socket.getInputStream());
      out.write(WireMessage.untypedFrame(startup(user, database)));
      out.flush();
      awaitReady(in, "startup", new ArrayList<>());
      out.write(new WireMessage('Q', cstring(sql)).frame());
      out.flush();
      List<List<String>> rows = new ArrayList<>();
      awaitReady(in, sql, rows);
      out.write(new WireMessage('X', new byte[0]).frame());
      out.flush();
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException("could not run \"" + sql + "\" on " + host + ":" + port, e);
    }
  }

  private static void awaitReady(FrameReader in, String what, List<List<String>> rows) throws IOException {
    String error = null;
    while (true) {
      WireMessage m = in.read();
      if (m.type() == 'D') {
        List<String> row = new ArrayList<>();
        for (byte[] v : BackendMessages.dataRow(m)) {
          row.add(v == null ? null : new String(v, StandardCharsets.UTF_8));
        }
        rows.add(row);
      } else if (m.type() == 'E') {
        Map<Character, String> f = BackendMessages.fields(m);
        error = f.get('C') + ": " + f.get('M');
      } else if (m.type() == 'R' && ByteBuffer.wrap(m.payload()).getInt() != 0) {
        throw new IllegalStateException("server asks for a password; the harness needs trust authentication");
      } else if (m.type() == 'Z') {
        if (error != null) {
          throw new IllegalStateException(what + " failed: " + error);
        }
        return;
      }
    }
  }

  private static byte[] startup(String user, String database) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(ByteBuffer.allocate(4).putInt(196608).array());
    for (String s : new String[] {"user", user, "database", database}) {
      b.writeBytes(cstring(s));
    }
    b.write(0);
    return b.toByteArray();
  }

  private static byte[] cstring(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(bytes.length + 1).put(bytes).put((byte) 0).array();
  }
}
