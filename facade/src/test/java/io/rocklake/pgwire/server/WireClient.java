package io.rocklake.pgwire.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A raw PostgreSQL v3 frontend for tests that need to see (or break) the protocol itself: every
 * backend message is read whole and checked for well-formed framing, and every read is bounded by
 * a per-message timeout, so a server that hangs fails the test instead of stalling it.
 */
final class WireClient implements AutoCloseable {
  /** Backend message types a v3 server may send. */
  static final String BACKEND_TYPES = "RSKZTDCIEN12356ntsHGdcWAv";
  private static final int MAX_BACKEND_MESSAGE = 256 << 20;

  /** One backend message: its type and its body (without the length word). */
  record Message(char type, byte[] body) {
    /** The fields of an ErrorResponse or NoticeResponse, by field code. */
    Map<Character, String> fields() {
      Map<Character, String> f = new LinkedHashMap<>();
      int i = 0;
      while (i < body.length && body[i] != 0) {
        char code = (char) body[i++];
        int end = i;
        while (end < body.length && body[end] != 0) {
          end++;
        }
        if (end >= body.length) {
          throw new IllegalStateException("error field '" + code + "' is not NUL-terminated");
        }
        f.put(code, new String(body, i, end - i, StandardCharsets.UTF_8));
        i = end + 1;
      }
      if (i != body.length - 1) {
        throw new IllegalStateException("error fields do not end with a single NUL");
      }
      return f;
    }

    String sqlState() {
      return fields().get('C');
    }

    String text() {
      return fields().get('M');
    }

    char status() {
      return (char) body[0];
    }

    @Override public String toString() {
      return type + (type == 'E' || type == 'N' ? fields().toString() : "[" + body.length + " bytes]");
    }
  }

  /** The server closed the connection (EOF or reset) while a message was expected. */
  static final class ClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    ClosedException(String message) {
      super(message);
    }
  }

  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;

  private WireClient(Socket socket) throws IOException {
    this.socket = socket;
    this.in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream()));
    this.out = socket.getOutputStream();
  }

  static WireClient connect(int port, int timeoutMillis) throws IOException {
    Socket s = new Socket("127.0.0.1", port);
    s.setSoTimeout(timeoutMillis);
    s.setTcpNoDelay(true);
    return new WireClient(s);
  }

  /** Connects and completes a trust startup as {@code duck}; fails unless it ends in ReadyForQuery(I). */
  static WireClient started(int port, int timeoutMillis) throws IOException {
    WireClient c = connect(port, timeoutMillis);
    c.send(startupPacket(Map.of("user", "duck", "database", "rocklake")));
    List<Message> ms = c.readUntilReady();
    Message last = ms.get(ms.size() - 1);
    if (last.status() != 'I') {
      throw new IllegalStateException("startup ended in " + ms);
    }
    return c;
  }

  static byte[] startupPacket(Map<String, String> params) {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    params.forEach((k, v) -> {
      body.writeBytes(k.getBytes(StandardCharsets.UTF_8));
      body.write(0);
      body.writeBytes(v.getBytes(StandardCharsets.UTF_8));
      body.write(0);
    });
    body.write(0);
    byte[] b = body.toByteArray();
    return ByteBuffer.allocate(8 + b.length).putInt(8 + b.length).putInt(196608).put(b).array();
  }

  static byte[] typed(char type, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length).put((byte) type).putInt(4 + payload.length).put(payload).array();
  }

  static byte[] cstring(String s) {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[b.length + 1];
    System.arraycopy(b, 0, out, 0, b.length);
    return out;
  }

  /** An answer as its message types, with each error's SQLSTATE and each ReadyForQuery's status: "T D C ZI". */
  static String render(List<Message> ms) {
    return ms.stream().map(m -> m.type() == 'E' ? "E" + m.sqlState() : m.type() == 'Z' ? "Z" + m.status()
        : String.valueOf(m.type())).collect(Collectors.joining(" "));
  }

  /** Messages (or a message's fields) as one byte run: sent in one write, they arrive pipelined. */
  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.writeBytes(p);
    }
    return b.toByteArray();
  }

  void send(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  void sendTyped(char type, byte[] payload) throws IOException {
    send(typed(type, payload));
  }

  void query(String sql) throws IOException {
    sendTyped('Q', cstring(sql));
  }

  /** One raw byte (the answer to SSLRequest is a single 'N'); -1 once the server has closed. */
  int readRawByte() throws IOException {
    try {
      return in.read();
    } catch (java.net.SocketException e) {
      return -1;
    }
  }

  /** Reads one backend message, checking its type and length; times out per the socket timeout. */
  Message read() throws IOException {
    int type;
    try {
      type = in.read();
    } catch (java.net.SocketException e) {
      throw new ClosedException("connection reset: " + e.getMessage());
    }
    if (type < 0) {
      throw new ClosedException("the server closed the connection");
    }
    return readBody(type);
  }

  /** The rest of a message whose type byte was read already, checked as {@link #read()} checks it. */
  Message readBody(int type) throws IOException {
    if (BACKEND_TYPES.indexOf(type) < 0) {
      throw new IllegalStateException("unknown backend message type 0x" + Integer.toHexString(type));
    }
    int length;
    byte[] body;
    try {
      length = in.readInt();
      if (length < 4 || length > MAX_BACKEND_MESSAGE) {
        throw new IllegalStateException("backend message '" + (char) type + "' has length " + length);
      }
      body = new byte[length - 4];
      in.readFully(body);
    } catch (EOFException e) {
      throw new IllegalStateException("backend message '" + (char) type + "' is truncated", e);
    }
    Message m = new Message((char) type, body);
    if (m.type() == 'E' || m.type() == 'N') {
      Map<Character, String> f = m.fields();
      for (char required : new char[] {'S', 'V', 'C', 'M'}) {
        if (!f.containsKey(required)) {
          throw new IllegalStateException("ErrorResponse without field " + required + ": " + f);
        }
      }
      if (!f.get('C').matches("[0-9A-Z]{5}")) {
        throw new IllegalStateException("malformed SQLSTATE " + f.get('C'));
      }
    }
    if (m.type() == 'Z' && (body.length != 1 || "ITE".indexOf(body[0]) < 0)) {
      throw new IllegalStateException("malformed ReadyForQuery " + java.util.Arrays.toString(body));
    }
    return m;
  }

  /**
   * Reads up to and including ReadyForQuery. COPY FROM STDIN is answered with CopyFail so the
   * exchange always ends; DataRows are checked against their RowDescription and then dropped.
   */
  List<Message> readUntilReady() throws IOException {
    return readUntilReady(false);
  }

  /** As {@link #readUntilReady()}, keeping the DataRows if asked to. */
  List<Message> readUntilReady(boolean keepRows) throws IOException {
    List<Message> ms = new ArrayList<>();
    int columns = -1;
    while (true) {
      Message m;
      try {
        m = read();
      } catch (ClosedException e) {
        throw new ClosedException(e.getMessage() + " after " + ms);
      }
      if (m.type() == 'T') {
        columns = ByteBuffer.wrap(m.body()).getShort() & 0xFFFF;
      } else if (m.type() == 'D') {
        checkDataRow(m, columns);
        if (!keepRows) {
          continue;
        }
      } else if (m.type() == 'd') {
        continue;
      } else if (m.type() == 'G') {
        sendTyped('f', cstring("fuzz client aborts COPY"));
      }
      ms.add(m);
      if (m.type() == 'Z') {
        return ms;
      }
    }
  }

  /** The text of a DataRow's first value. */
  static String firstValue(Message dataRow) {
    ByteBuffer b = ByteBuffer.wrap(dataRow.body());
    if (b.getShort() == 0) {
      return null;
    }
    int len = b.getInt();
    return len < 0 ? null : new String(dataRow.body(), b.position(), len, StandardCharsets.UTF_8);
  }

  private static void checkDataRow(Message m, int columns) {
    ByteBuffer b = ByteBuffer.wrap(m.body());
    int n = b.getShort() & 0xFFFF;
    if (n != columns) {
      throw new IllegalStateException("DataRow of " + n + " values after a RowDescription of " + columns);
    }
    for (int i = 0; i < n; i++) {
      int len = b.getInt();
      if (len >= 0) {
        b.position(b.position() + len);
      } else if (len != -1) {
        throw new IllegalStateException("DataRow value length " + len);
      }
    }
    if (b.hasRemaining()) {
      throw new IllegalStateException("DataRow has " + b.remaining() + " trailing bytes");
    }
  }

  /** True if the server closes the connection within the timeout (after any messages it sends first). */
  boolean closesWithin() throws IOException {
    try {
      while (true) {
        read();
      }
    } catch (ClosedException e) {
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    }
  }

  void setTimeout(int millis) throws IOException {
    socket.setSoTimeout(millis);
  }

  @Override public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing
    }
  }
}
