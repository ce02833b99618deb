package io.rocklake.conformance.spark;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A transparent TCP proxy in front of a PostgreSQL-protocol server that records, from the wire, every
 * statement execution a client asks for: the SQL text (of the Query message, or of the Parse the
 * executed portal was bound from), how many DataRow messages the server answered it with, and how it
 * ended. What Spark sent and what the server returned is then seen, not taken from either side's
 * word: a filter Spark says it pushed down is in the SQL, and the server sent only the matching rows.
 * Clients must not ask for TLS or GSS encryption (the first message is then the StartupMessage).
 */
final class ExecutionRecordingProxy implements AutoCloseable {
  /**
   * One Execute (or simple Query) and the server's answer to it.
   *
   * @param ending {@code "suspended"} (PortalSuspended: the row limit was reached), the CommandComplete
   *     tag, {@code "error"} or {@code "empty"}
   */
  record Execution(int connection, String sql, long rows, String ending) {}

  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final List<Execution> executions = Collections.synchronizedList(new ArrayList<>());
  private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
  private int connections;

  ExecutionRecordingProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "recording-proxy-" + listener.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** The executions answered so far, in the order their answers ended. */
  List<Execution> executions() {
    synchronized (executions) {
      return List.copyOf(executions);
    }
  }

  /** Forgets what was recorded, so that a test sees only its own traffic. */
  void clear() {
    executions.clear();
  }

  /** What one connection has in flight: statements by name, portals by name, executions awaiting their answer. */
  private final class Conversation {
    final int id;
    final Map<String, String> statements = new HashMap<>();
    final Map<String, String> portals = new HashMap<>();
    final Deque<String> pending = new ArrayDeque<>();
    long rows;

    Conversation(int id) {
      this.id = id;
    }

    synchronized void parsed(String statement, String sql) {
      statements.put(statement, sql);
    }

    synchronized void bound(String portal, String statement) {
      portals.put(portal, statements.getOrDefault(statement, "?"));
    }

    synchronized void executing(String sql) {
      pending.addLast(sql);
    }

    synchronized void executingPortal(String portal) {
      pending.addLast(portals.getOrDefault(portal, "?"));
    }

    synchronized void row() {
      rows++;
    }

    synchronized void ended(String ending) {
      String sql = pending.pollFirst();
      executions.add(new Execution(id, sql == null ? "?" : sql, rows, ending));
      rows = 0;
    }

    /** After an error the server skips to Sync: the Executes sent since are never answered. */
    synchronized void failed() {
      ended("error");
      pending.clear();
    }
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(targetHost, targetPort);
        sockets.add(client);
        sockets.add(server);
        Conversation c;
        synchronized (this) {
          c = new Conversation(++connections);
        }
        start(() -> pipeFrontend(c, client.getInputStream(), server.getOutputStream()), client, server);
        start(() -> pipeBackend(c, server.getInputStream(), client.getOutputStream()), client, server);
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private interface Pipe {
    void run() throws IOException;
  }

  private static void start(Pipe pipe, Socket a, Socket b) {
    Thread t = new Thread(() -> {
      try {
        pipe.run();
      } catch (IOException ended) {
        // a side closed the connection
      } finally {
        closeQuietly(a);
        closeQuietly(b);
      }
    }, "recording-proxy-pipe");
    t.setDaemon(true);
    t.start();
  }

  private static void pipeFrontend(Conversation c, InputStream from, OutputStream to) throws IOException {
    DataInputStream in = new DataInputStream(from);
    int startupLength = in.readInt();
    byte[] startup = new byte[startupLength - 4];
    in.readFully(startup);
    to.write(int32(startupLength));
    to.write(startup);
    to.flush();
    while (true) {
      char type = (char) in.readUnsignedByte();
      byte[] payload = payload(in);
      // Recorded before the message is forwarded: the server cannot answer what is not yet noted.
      switch (type) {
        case 'Q' -> c.executing(cstring(payload, 0));
        case 'P' -> {
          String name = cstring(payload, 0);
          c.parsed(name, cstring(payload, skip(payload, 0)));
        }
        case 'B' -> {
          String portal = cstring(payload, 0);
          c.bound(portal, cstring(payload, skip(payload, 0)));
        }
        case 'E' -> c.executingPortal(cstring(payload, 0));
        default -> { }
      }
      forward(to, type, payload);
    }
  }

  private static void pipeBackend(Conversation c, InputStream from, OutputStream to) throws IOException {
    DataInputStream in = new DataInputStream(from);
    while (true) {
      char type = (char) in.readUnsignedByte();
      byte[] payload = payload(in);
      switch (type) {
        case 'D' -> c.row();
        case 's' -> c.ended("suspended");
        case 'C' -> c.ended(cstring(payload, 0));
        case 'I' -> c.ended("empty");
        case 'E' -> c.failed();
        default -> { }
      }
      forward(to, type, payload);
    }
  }

  private static byte[] payload(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 4) {
      throw new EOFException("bad message length " + length);
    }
    byte[] payload = new byte[length - 4];
    in.readFully(payload);
    return payload;
  }

  private static void forward(OutputStream to, char type, byte[] payload) throws IOException {
    to.write(type);
    to.write(int32(payload.length + 4));
    to.write(payload);
    to.flush();
  }

  private static byte[] int32(int v) {
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  /** The offset just past the NUL-terminated string starting at {@code from}. */
  private static int skip(byte[] payload, int from) {
    int end = from;
    while (end < payload.length && payload[end] != 0) {
      end++;
    }
    return end + 1;
  }

  private static String cstring(byte[] payload, int from) {
    int end = skip(payload, from) - 1;
    return new String(payload, from, Math.max(0, end - from), StandardCharsets.UTF_8);
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override public void close() throws IOException {
    listener.close();
    synchronized (sockets) {
      sockets.forEach(ExecutionRecordingProxy::closeQuietly);
    }
  }
}
