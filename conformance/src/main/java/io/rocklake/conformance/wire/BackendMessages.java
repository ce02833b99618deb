package io.rocklake.conformance.wire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Decoders for the backend messages the comparator looks inside. */
public final class BackendMessages {
  private BackendMessages() {}

  /** One column of a RowDescription. */
  public record Field(String name, long tableOid, int attnum, int typeOid, int typlen, int typmod, int format) {}

  public static List<Field> rowDescription(WireMessage m) {
    expect(m, 'T');
    PayloadReader r = m.reader();
    int n = r.int16();
    List<Field> fields = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      fields.add(new Field(r.cstring(), Integer.toUnsignedLong(r.int32()), r.int16(), r.int32(),
          r.int16(), r.int32(), r.int16()));
    }
    return fields;
  }

  /** DataRow fields; a {@code null} element is SQL NULL. */
  public static List<byte[]> dataRow(WireMessage m) {
    expect(m, 'D');
    PayloadReader r = m.reader();
    int n = r.int16();
    List<byte[]> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int len = r.int32();
      values.add(len < 0 ? null : r.bytes(len));
    }
    return values;
  }

  public static String commandTag(WireMessage m) {
    expect(m, 'C');
    return m.reader().cstring();
  }

  /** ErrorResponse / NoticeResponse fields by their one-letter code (S, V, C, M, D, H, ...). */
  public static Map<Character, String> fields(WireMessage m) {
    if (m.type() != 'E' && m.type() != 'N') {
      throw new MalformedMessageException("expected ErrorResponse or NoticeResponse, got '" + m.type() + "'");
    }
    PayloadReader r = m.reader();
    Map<Character, String> fields = new LinkedHashMap<>();
    while (r.hasRemaining()) {
      int code = r.int8();
      if (code == 0) {
        break;
      }
      fields.put((char) code, r.cstring());
    }
    return fields;
  }

  /** CopyInResponse / CopyOutResponse: the overall format and one format per column. */
  public record CopyFormat(int overall, List<Integer> columns) {}

  public static CopyFormat copyResponse(WireMessage m) {
    if (m.type() != 'G' && m.type() != 'H' && m.type() != 'W') {
      throw new MalformedMessageException("expected a CopyResponse, got '" + m.type() + "'");
    }
    PayloadReader r = m.reader();
    int overall = r.int8();
    int n = r.int16();
    List<Integer> cols = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      cols.add(r.int16());
    }
    return new CopyFormat(overall, cols);
  }

  public record ParameterStatus(String name, String value) {}

  public static ParameterStatus parameterStatus(WireMessage m) {
    expect(m, 'S');
    PayloadReader r = m.reader();
    return new ParameterStatus(r.cstring(), r.cstring());
  }

  private static void expect(WireMessage m, char type) {
    if (m.type() != type) {
      throw new MalformedMessageException("expected message '" + type + "', got '" + m.type() + "'");
    }
  }
}
