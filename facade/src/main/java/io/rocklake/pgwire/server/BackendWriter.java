package io.rocklake.pgwire.server;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.Field;
import io.rocklake.pgwire.types.PgType;

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

  /** NotificationResponse: the notifying backend's process id, the channel and the payload. */
  ByteBuf notification(int processId, String channel, String payload) {
    return message('A', b -> {
      b.writeInt(processId);
      cstring(b, channel);
      cstring(b, payload);
    });
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

  ByteBuf error(String severity, SqlState sqlState, String text) {
    return error(severity, sqlState, text, null);
  }

  ByteBuf error(String severity, SqlState sqlState, String text, String detail) {
    return message('E', b -> {
      b.writeByte('S');
      cstring(b, severity);
      b.writeByte('V');
      cstring(b, severity);
      b.writeByte('C');
      cstring(b, sqlState.code());
      b.writeByte('M');
      cstring(b, text);
      if (detail != null) {
        b.writeByte('D');
        cstring(b, detail);
      }
      b.writeByte(0);
    });
  }

  /** NoticeResponse of a WARNING, as PostgreSQL sends before the command it concerns completes. */
  ByteBuf warning(SqlState sqlState, String text) {
    return notice("WARNING", sqlState, text);
  }

  /** NoticeResponse of a given severity (WARNING, NOTICE). */
  ByteBuf notice(String severity, SqlState sqlState, String text) {
    return message('N', b -> {
      b.writeByte('S');
      cstring(b, severity);
      b.writeByte('V');
      cstring(b, severity);
      b.writeByte('C');
      cstring(b, sqlState.code());
      b.writeByte('M');
      cstring(b, text);
      b.writeByte(0);
    });
  }

  /** RowDescription of engine fields, each sent in the given format (0 text, 1 binary). */
  ByteBuf rowDescription(List<Field> fields, short[] formats) {
    return message('T', b -> {
      b.writeShort(fields.size());
      for (int i = 0; i < fields.size(); i++) {
        Field f = fields.get(i);
        cstring(b, f.name());
        b.writeInt(f.tableOid()).writeShort(f.attnum()).writeInt(f.type().oid()).writeShort(f.type().typlen())
            .writeInt(f.typmod()).writeShort(formats[i]);
      }
    });
  }

  /** A DataRow of engine values, each encoded by its field's codec in the given format. */
  ByteBuf dataRow(Object[] values, List<Field> fields, short[] formats) {
    return message('D', b -> {
      b.writeShort(values.length);
      for (int i = 0; i < values.length; i++) {
        if (values[i] == null) {
          b.writeInt(-1);
          continue;
        }
        byte[] bytes = formats[i] == 1 ? fields.get(i).type().codec().encodeBinaryObject(values[i])
            : fields.get(i).type().codec().encodeTextObject(values[i]).getBytes(StandardCharsets.UTF_8);
        b.writeInt(bytes.length).writeBytes(bytes);
      }
    });
  }

  ByteBuf copyOutResponse(int columns, boolean binary) {
    return copyResponse('H', columns, binary);
  }

  ByteBuf copyInResponse(int columns, boolean binary) {
    return copyResponse('G', columns, binary);
  }

  private ByteBuf copyResponse(char type, int columns, boolean binary) {
    return message(type, b -> {
      b.writeByte(binary ? 1 : 0).writeShort(columns);
      for (int i = 0; i < columns; i++) {
        b.writeShort(binary ? 1 : 0);
      }
    });
  }

  ByteBuf copyData(ByteBuf data) {
    ByteBuf b = alloc.buffer(5 + data.readableBytes());
    b.writeByte('d').writeInt(4 + data.readableBytes()).writeBytes(data);
    data.release();
    return b;
  }

  ByteBuf copyDone() {
    return message('c', b -> { });
  }

  ByteBuf parseComplete() {
    return message('1', b -> { });
  }

  ByteBuf bindComplete() {
    return message('2', b -> { });
  }

  ByteBuf closeComplete() {
    return message('3', b -> { });
  }

  ByteBuf noData() {
    return message('n', b -> { });
  }

  ByteBuf portalSuspended() {
    return message('s', b -> { });
  }

  ByteBuf parameterDescription(List<PgType> types) {
    return message('t', b -> {
      b.writeShort(types.size());
      types.forEach(t -> b.writeInt(t.oid()));
    });
  }

  ByteBuf buffer() {
    return alloc.buffer();
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
    try {
      b.writeByte(type);
      int lengthAt = b.writerIndex();
      b.writeInt(0);
      body.write(b);
      b.setInt(lengthAt, b.writerIndex() - lengthAt);
      return b;
    } catch (RuntimeException e) {
      b.release(); // a value that cannot be encoded: the caller reports it
      throw e;
    }
  }

  private static void cstring(ByteBuf b, String s) {
    b.writeBytes(s.getBytes(StandardCharsets.UTF_8)).writeByte(0);
  }
}
