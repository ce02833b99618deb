package io.rocklake.conformance.clients;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A transparent TCP proxy in front of a PostgreSQL-protocol server that reads the framing of what
 * passes through it and records, per connection, the portal named by every Execute the client sends
 * and every PortalSuspended and CommandComplete the server answers. What a server does with portals
 * is then seen from the wire, not taken from the server's word. The client must not ask for TLS or GSS encryption
 * (the first message is then the StartupMessage).
 */
final class MessageCountingProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final String targetHost;
  private final int targetPort;
  private final List<String> executedPortals = Collections.synchronizedList(new ArrayList<>());
  private final List<Character> backendTypes = Collections.synchronizedList(new ArrayList<>());
  private final List<String> completions = Collections.synchronizedList(new ArrayList<>());
  private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
  private final Thread acceptor;

  MessageCountingProxy(String targetHost, int targetPort) throws IOException {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.acceptor = new Thread(this::acceptLoop, "counting-proxy-" + listener.getLocalPort());
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** The portal names of the Execute messages clients sent, in order ("" is the unnamed portal). */
  List<String> executedPortals() {
    synchronized (executedPortals) {
      return List.copyOf(executedPortals);
    }
  }

  /** How many PortalSuspended messages the server sent. */
  long portalSuspendedCount() {
    synchronized (backendTypes) {
      return backendTypes.stream().filter(t -> t == 's').count();
    }
  }

  /**
   * The server's PortalSuspended ({@code "suspended"}) and CommandComplete (its tag) messages, in
   * order: how each Execute ended.
   */
  List<String> completions() {
    synchronized (completions) {
      return List.copyOf(completions);
    }
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(targetHost, targetPort);
        sockets.add(client);
        sockets.add(server);
        start(() -> pipeFrontend(client.getInputStream(), server.getOutputStream()), client, server);
        start(() -> pipeBackend(server.getInputStream(), client.getOutputStream()), client, server);
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
    }, "counting-proxy-pipe");
    t.setDaemon(true);
    t.start();
  }

  private void pipeFrontend(InputStream from, OutputStream to) throws IOException {
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
      if (type == 'E') {
        executedPortals.add(cstring(payload));
      }
      forward(to, type, payload);
    }
  }

  private void pipeBackend(InputStream from, OutputStream to) throws IOException {
    DataInputStream in = new DataInputStream(from);
    while (true) {
      char type = (char) in.readUnsignedByte();
      byte[] payload = payload(in);
      backendTypes.add(type);
      if (type == 's') {
        completions.add("suspended");
      } else if (type == 'C') {
        completions.add(cstring(payload));
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

  private static String cstring(byte[] payload) {
    int end = 0;
    while (end < payload.length && payload[end] != 0) {
      end++;
    }
    return new String(payload, 0, end, StandardCharsets.UTF_8);
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
      sockets.forEach(MessageCountingProxy::closeQuietly);
    }
  }
}
