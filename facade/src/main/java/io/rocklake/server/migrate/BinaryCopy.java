package io.rocklake.server.migrate;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * PostgreSQL's binary COPY framing ({@code COPY … (FORMAT binary)}): an 11-byte signature, flags and
 * a header extension, then per tuple an int16 field count and per field an int32 length (-1 for NULL)
 * and the value's binary form, ended by a field count of -1. The values themselves are the type
 * codecs' business; this class only frames them.
 */
final class BinaryCopy {
  static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0};

  private BinaryCopy() {}

  /** Reads tuples from a binary COPY TO STDOUT stream. */
  static final class Reader {
    private final DataInputStream in;

    Reader(InputStream in) throws IOException {
      this.in = new DataInputStream(in);
      byte[] sig = new byte[SIGNATURE.length];
      this.in.readFully(sig);
      if (!Arrays.equals(sig, SIGNATURE)) {
        throw new IOException("not a PostgreSQL binary COPY stream (bad signature)");
      }
      this.in.readInt(); // flags: bit 16 (OIDs) is never set by COPY … (FORMAT binary) without OIDS
      int extension = this.in.readInt();
      this.in.skipNBytes(extension);
    }

    /** The next tuple's fields (null for a NULL field), or null at the end of the stream. */
    byte[][] next() throws IOException {
      short count;
      try {
        count = in.readShort();
      } catch (EOFException e) {
        return null;
      }
      if (count == -1) {
        return null;
      }
      byte[][] fields = new byte[count][];
      for (int i = 0; i < count; i++) {
        int length = in.readInt();
        if (length >= 0) {
          byte[] b = new byte[length];
          in.readFully(b);
          fields[i] = b;
        }
      }
      return fields;
    }
  }

  /** Writes tuples as a binary COPY FROM STDIN stream. */
  static final class Writer {
    private final DataOutputStream out;

    Writer(OutputStream out) throws IOException {
      this.out = new DataOutputStream(out);
      this.out.write(SIGNATURE);
      this.out.writeInt(0);
      this.out.writeInt(0);
    }

    void tuple(byte[][] fields) throws IOException {
      out.writeShort(fields.length);
      for (byte[] f : fields) {
        if (f == null) {
          out.writeInt(-1);
        } else {
          out.writeInt(f.length);
          out.write(f);
        }
      }
    }

    void finish() throws IOException {
      out.writeShort(-1);
      out.flush();
    }
  }
}
