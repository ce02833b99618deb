package io.rocklake.conformance.compare;

import io.rocklake.conformance.wire.WireMessage;
import io.rocklake.pgwire.types.PgType;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Builds backend messages for comparator tests, byte for byte as PostgreSQL lays them out. */
final class Backend {
  private Backend() {}

  record Col(String name, PgType type, long tableOid, int attnum) {
    static Col of(String name, PgType type) {
      return new Col(name, type, 0, 0);
    }
  }

  static WireMessage rowDescription(Col... cols) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(ByteBuffer.allocate(2).putShort((short) cols.length).array());
    for (Col c : cols) {
      b.writeBytes(cstring(c.name()));
      b.writeBytes(ByteBuffer.allocate(18).putInt((int) c.tableOid()).putShort((short) c.attnum())
          .putInt(c.type().oid()).putShort((short) c.type().typlen()).putInt(-1).putShort((short) 0).array());
    }
    return new WireMessage('T', b.toByteArray());
  }

  /** A text-format DataRow; {@code null} is SQL NULL. */
  static WireMessage dataRow(String... values) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(ByteBuffer.allocate(2).putShort((short) values.length).array());
    for (String v : values) {
      if (v == null) {
        b.writeBytes(ByteBuffer.allocate(4).putInt(-1).array());
      } else {
        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
        b.writeBytes(bytes);
      }
    }
    return new WireMessage('D', b.toByteArray());
  }

  static WireMessage complete(String tag) {
    return new WireMessage('C', cstring(tag));
  }

  static WireMessage ready(char status) {
    return new WireMessage('Z', new byte[] {(byte) status});
  }

  static WireMessage parameterStatus(String name, String value) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(cstring(name));
    b.writeBytes(cstring(value));
    return new WireMessage('S', b.toByteArray());
  }

  static WireMessage keyData(int pid, int secret) {
    return new WireMessage('K', ByteBuffer.allocate(8).putInt(pid).putInt(secret).array());
  }

  static WireMessage error(Map<Character, String> fields) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    fields.forEach((k, v) -> {
      b.write(k);
      b.writeBytes(cstring(v));
    });
    b.write(0);
    return new WireMessage('E', b.toByteArray());
  }

  static WireMessage copyOutResponse(int columns) {
    ByteBuffer buf = ByteBuffer.allocate(3 + 2 * columns).put((byte) 1).putShort((short) columns);
    for (int i = 0; i < columns; i++) {
      buf.putShort((short) 1);
    }
    return new WireMessage('H', buf.array());
  }

  static WireMessage copyData(byte[] bytes) {
    return new WireMessage('d', bytes);
  }

  static WireMessage copyDone() {
    return new WireMessage('c', new byte[0]);
  }

  static byte[] copyHeader() {
    return ByteBuffer.allocate(19).put(BinaryCopyStream.SIGNATURE).putInt(0).putInt(0).array();
  }

  /** One binary COPY tuple; each value is encoded with its type's codec. */
  static byte[] tuple(PgType[] types, Object... values) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(ByteBuffer.allocate(2).putShort((short) values.length).array());
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        b.writeBytes(ByteBuffer.allocate(4).putInt(-1).array());
      } else {
        byte[] v = types[i].codec().encodeBinaryObject(values[i]);
        b.writeBytes(ByteBuffer.allocate(4).putInt(v.length).array());
        b.writeBytes(v);
      }
    }
    return b.toByteArray();
  }

  static byte[] trailer() {
    return new byte[] {(byte) 0xFF, (byte) 0xFF};
  }

  static byte[] cstring(String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(bytes.length + 1).put(bytes).put((byte) 0).array();
  }
}
