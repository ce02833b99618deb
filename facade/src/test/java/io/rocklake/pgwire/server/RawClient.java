package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A byte-level frontend for what real clients never send: odd versions, cancels, half-finished logins. */
final class RawClient implements AutoCloseable {
  /** A backend message: type byte and payload. */
  record Message(char type, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    int int32(int at) {
      return ByteBuffer.wrap(body).getInt(at);
    }
  }

  final Socket socket;
  final OutputStream out;
  final DataInputStream in;

  RawClient(int port) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout(10_000);
    out = socket.getOutputStream();
    in = new DataInputStream(socket.getInputStream());
  }

  static byte[] startupPacket(int version, Map<String, String> parameters) {
    StringBuilder sb = new StringBuilder();
    parameters.forEach((k, v) -> sb.append(k).append('\0').append(v).append('\0'));
    sb.append('\0');
    byte[] params = sb.toString().getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(8 + params.length).putInt(8 + params.length).putInt(version).put(params).array();
  }

  static byte[] untyped(int code, int... ints) {
    ByteBuffer b = ByteBuffer.allocate(8 + 4 * ints.length).putInt(8 + 4 * ints.length).putInt(code);
    for (int i : ints) {
      b.putInt(i);
    }
    return b.array();
  }

  static byte[] typed(char type, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length).put((byte) type).putInt(4 + payload.length).put(payload).array();
  }

  static byte[] query(String sql) {
    return typed('Q', (sql + "\0").getBytes(StandardCharsets.UTF_8));
  }

  RawClient send(byte[]... parts) throws IOException {
    for (byte[] p : parts) {
      out.write(p);
    }
    out.flush();
    return this;
  }

  Message read() throws IOException {
    int type = in.read();
    assertThat(type).as("a message, not the end of the connection").isNotEqualTo(-1);
    byte[] body = new byte[in.readInt() - 4];
    in.readFully(body);
    return new Message((char) type, body);
  }

  /** Messages up to and including ReadyForQuery, or up to an ErrorResponse. */
  List<Message> readUntilReady() throws IOException {
    List<Message> messages = new ArrayList<>();
    Message m;
    do {
      m = read();
      messages.add(m);
    } while (m.type() != 'Z' && m.type() != 'E');
    return messages;
  }

  /** Whether the server closed the connection (without sending anything more). */
  boolean closedByServer() throws IOException {
    try {
      return in.read() == -1;
    } catch (java.net.SocketException e) {
      return true; // reset
    }
  }

  @Override public void close() throws IOException {
    socket.close();
  }
}
