package io.rocklake.pgwire.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Encodes backend messages: one method per message, each returning a framed buffer. */
public final class BackendWriter {
  private final ByteBufAllocator alloc;

  BackendWriter(ByteBufAllocator alloc) {
    this.alloc = alloc;
  }

  /** A column of a RowDescription. */
  public record Column(String name, int typeOid, int typlen) {}

  ByteBuf authenticationOk() {
    return message('R', b -> b.writeInt(0));
  }

  /** An AuthenticationRequest other than Ok: its code (3 cleartext, 10/11/12 SASL) and data. */
  ByteBuf authentication(int code, byte[] data) {
    return message('R', b -> b.writeInt(code).writeBytes(data));
  }

  /** NegotiateProtocolVersion: the newest minor version of protocol 3 served, and the options not recognized. */
  ByteBuf negotiateProtocolVersion(int newestMinor, List<String> unsupportedOptions) {
    return message('v', b -> {
      b.writeInt(newestMinor).writeInt(unsupportedOptions.size());
      unsupportedOptions.forEach(o -> cstring(b, o));
    });
  }

  ByteBuf parameterStatus(String name, String value) {
    return message('S', b -> {
      cstring(b, name);
      cstring(b, value);
    });
  }

  ByteBuf backendKeyData(int processId, int secret) {
    return message('K', b -> b.writeInt(processId).writeInt(secret));
  }

  ByteBuf readyForQuery(char status) {
    return message('Z', b -> b.writeByte(status));
  }

  ByteBuf rowDescription(List<Column> columns) {
    return message('T', b -> {
      b.writeShort(columns.size());
      for (Column c : columns) {
        cstring(b, c.name());
        b.writeInt(0).writeShort(0).writeInt(c.typeOid()).writeShort(c.typlen()).writeInt(-1).writeShort(0);
      }
    });
  }

  /** A text-format DataRow; a null element is SQL NULL. */
  ByteBuf dataRow(List<String> values) {
    return message('D', b -> {
      b.writeShort(values.size());
      for (String v : values) {
        if (v == null) {
          b.writeInt(-1);
        } else {
          byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
          b.writeInt(bytes.length).writeBytes(bytes);
        }
      }
    });
  }

  ByteBuf commandComplete(String tag) {
    return message('C', b -> cstring(b, tag));
  }

  ByteBuf emptyQueryResponse() {
    return message('I', b -> { });
  }

  ByteBuf error(String severity, String sqlState, String text) {
    return message('E', b -> {
      b.writeByte('S');
      cstring(b, severity);
      b.writeByte('V');
      cstring(b, severity);
      b.writeByte('C');
      cstring(b, sqlState);
      b.writeByte('M');
      cstring(b, text);
      b.writeByte(0);
    });
  }

  ByteBuf noEncryption() {
    return alloc.buffer(1).writeByte('N');
  }

  ByteBuf tlsAccepted() {
    return alloc.buffer(1).writeByte('S');
  }

  private interface Body {
    void write(ByteBuf b);
  }

  private ByteBuf message(char type, Body body) {
    ByteBuf b = alloc.buffer();
    b.writeByte(type);
    int lengthAt = b.writerIndex();
    b.writeInt(0);
    body.write(b);
    b.setInt(lengthAt, b.writerIndex() - lengthAt);
    return b;
  }

  private static void cstring(ByteBuf b, String s) {
    b.writeBytes(s.getBytes(StandardCharsets.UTF_8)).writeByte(0);
  }
}
