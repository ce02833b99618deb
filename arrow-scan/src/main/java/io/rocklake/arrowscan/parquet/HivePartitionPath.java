package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Hive partition folders of a file's path ({@code …/country=fi/year=2026/f.parquet}) and the value a
 * folder gives a column, as DuckDB reads them ({@code HivePartitioning::Parse} and {@code GetValue}):
 * every path segment {@code key=value} before the file name with exactly one {@code =} is a folder (a
 * later one of the same key wins); the value is percent-decoded; {@code NULL} (any case) and
 * {@code __HIVE_DEFAULT_PARTITION__} are NULL, and so is an empty value of a non-varchar column; any
 * other text is cast to the column's type, as DuckDB prints a value of it.
 */
final class HivePartitionPath {
  private HivePartitionPath() {}

  /** The folders of the path, key to raw (not yet decoded) value. */
  static Map<String, String> folders(String path) {
    Map<String, String> out = new HashMap<>();
    String[] segments = path.split("[/\\\\]", -1);
    for (int i = 0; i < segments.length - 1; i++) { // the last segment is the file's name
      String s = segments[i];
      int eq = s.indexOf('=');
      if (eq > 0 && s.indexOf('=', eq + 1) < 0 && s.indexOf('?') < 0) {
        out.put(s.substring(0, eq), s.substring(eq + 1));
      }
    }
    return out;
  }

  /** The value {@code raw} gives column {@code c} of data file {@code path}. */
  static InitialDefault value(BoundColumn c, String raw, String path) {
    String where = "the Hive partition value '" + raw + "' of column \"" + c.column().name() + "\" (column_id "
        + c.column().columnId() + ") in the path of data file " + path;
    if (c.type().isNested()) {
      throw new LakeReadException(where + " cannot be read: a column of type " + c.type()
          + " cannot be a Hive partition");
    }
    if (raw.equalsIgnoreCase("NULL") || raw.equals("__HIVE_DEFAULT_PARTITION__")) {
      return ValueCopier::setNull;
    }
    String text = decode(raw);
    boolean varchar = c.type().kind() == io.rocklake.arrowscan.LakeType.Kind.VARCHAR;
    if (text.isEmpty() && !varchar) {
      return ValueCopier::setNull;
    }
    if (varchar) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      return (v, i) -> ((org.apache.arrow.vector.VarCharVector) v).setSafe(i, bytes);
    }
    try {
      return InitialDefault.ofText(c.type(), text);
    } catch (RuntimeException e) {
      throw new LakeReadException(where + " is not a " + c.type() + " value: " + e.getMessage(), e);
    }
  }

  /** Percent-decoding as a URL's path: {@code %2F} is {@code /}; a {@code +} stays a plus. */
  private static String decode(String raw) {
    if (raw.indexOf('%') < 0) {
      return raw;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < raw.length(); i++) {
      char ch = raw.charAt(i);
      if (ch == '%' && i + 2 < raw.length() && isHex(raw.charAt(i + 1)) && isHex(raw.charAt(i + 2))) {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.writeBytes(String.valueOf(ch).getBytes(StandardCharsets.UTF_8));
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(char c) {
    return "0123456789abcdefABCDEF".indexOf(c) >= 0;
  }
}
