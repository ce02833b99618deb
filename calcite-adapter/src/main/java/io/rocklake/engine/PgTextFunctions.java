package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * PostgreSQL's string functions that Calcite's libraries lack or define otherwise, with
 * PostgreSQL 15's semantics: positions and lengths count characters (code points), not UTF-16
 * units; a NULL argument gives NULL (except in {@code concat} and {@code concat_ws}, which skip
 * NULLs); errors carry PostgreSQL's SQLSTATE and text. Each is checked against PostgreSQL itself
 * by the conformance module's {@code PgFunctionsDifferentialTest}.
 */
public final class PgTextFunctions {
  /** The PostgreSQL type each function returns, for RowDescription. */
  static final Map<String, PgType> RETURN_TYPES = Map.ofEntries(
      Map.entry("left", PgType.TEXT), Map.entry("right", PgType.TEXT),
      Map.entry("split_part", PgType.TEXT), Map.entry("strpos", PgType.INT4),
      Map.entry("lpad", PgType.TEXT), Map.entry("rpad", PgType.TEXT),
      Map.entry("repeat", PgType.TEXT), Map.entry("reverse", PgType.TEXT),
      Map.entry("btrim", PgType.TEXT), Map.entry("ltrim", PgType.TEXT), Map.entry("rtrim", PgType.TEXT),
      Map.entry("substr", PgType.TEXT), Map.entry("starts_with", PgType.BOOL),
      Map.entry("concat", PgType.TEXT), Map.entry("concat_ws", PgType.TEXT),
      Map.entry("md5", PgType.TEXT), Map.entry("chr", PgType.TEXT), Map.entry("to_hex", PgType.TEXT));

  private PgTextFunctions() {}

  /** The first {@code n} characters; with a negative {@code n}, all but the last {@code -n}. */
  public static String left(String s, Integer n) {
    if (s == null || n == null) {
      return null;
    }
    int[] cps = s.codePoints().toArray();
    int keep = n >= 0 ? Math.min(n, cps.length) : Math.max(cps.length + n, 0);
    return new String(cps, 0, keep);
  }

  /** The last {@code n} characters; with a negative {@code n}, all but the first {@code -n}. */
  public static String right(String s, Integer n) {
    if (s == null || n == null) {
      return null;
    }
    int[] cps = s.codePoints().toArray();
    int keep = n >= 0 ? Math.min(n, cps.length) : Math.max(cps.length + n, 0);
    return new String(cps, cps.length - keep, keep);
  }

  /** Field {@code n} of {@code s} split at {@code delimiter}, counted from the end when negative. */
  public static String split_part(String s, String delimiter, Integer n) {
    if (s == null || delimiter == null || n == null) {
      return null;
    }
    if (n == 0) {
      throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "field position must not be zero");
    }
    if (delimiter.isEmpty()) {
      return n == 1 || n == -1 ? s : "";
    }
    java.util.List<String> fields = new java.util.ArrayList<>();
    int from = 0;
    for (int at; (at = s.indexOf(delimiter, from)) >= 0; from = at + delimiter.length()) {
      fields.add(s.substring(from, at));
    }
    fields.add(s.substring(from));
    int index = n > 0 ? n - 1 : fields.size() + n;
    return index >= 0 && index < fields.size() ? fields.get(index) : "";
  }

  /** The character position of the first {@code sub} in {@code s}, from 1; 0 when absent. */
  public static Integer strpos(String s, String sub) {
    if (s == null || sub == null) {
      return null;
    }
    int at = s.indexOf(sub);
    return at < 0 ? 0 : s.codePointCount(0, at) + 1;
  }

  public static String lpad(String s, Integer length) {
    return lpad(s, length, " ");
  }

  /** {@code s} filled on the left with {@code fill} to {@code length} characters, or cut to it. */
  public static String lpad(String s, Integer length, String fill) {
    return pad(s, length, fill, true);
  }

  public static String rpad(String s, Integer length) {
    return rpad(s, length, " ");
  }

  /** {@code s} filled on the right with {@code fill} to {@code length} characters, or cut to it. */
  public static String rpad(String s, Integer length, String fill) {
    return pad(s, length, fill, false);
  }

  private static String pad(String s, Integer length, String fill, boolean left) {
    if (s == null || length == null || fill == null) {
      return null;
    }
    int[] cps = s.codePoints().toArray();
    int[] fillCps = fill.codePoints().toArray();
    int target = Math.max(length, 0);
    int kept = Math.min(cps.length, target);
    int padding = fillCps.length == 0 ? 0 : target - kept;
    StringBuilder pad = new StringBuilder();
    for (int i = 0; i < padding; i++) {
      pad.appendCodePoint(fillCps[i % fillCps.length]);
    }
    String body = new String(cps, 0, kept);
    return left ? pad + body : body + pad;
  }

  /** {@code s} {@code n} times; empty when {@code n} is not positive. */
  public static String repeat(String s, Integer n) {
    if (s == null || n == null) {
      return null;
    }
    long size = (long) s.length() * Math.max(n, 0);
    if (size > (1 << 30)) {
      throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "requested length too large");
    }
    return n <= 0 ? "" : s.repeat(n);
  }

  /** The characters of {@code s} in reverse order. */
  public static String reverse(String s) {
    return s == null ? null : new StringBuilder(s).reverse().toString();
  }

  public static String btrim(String s) {
    return trim(s, " ", true, true);
  }

  /** {@code s} without the characters of {@code chars} at either end. */
  public static String btrim(String s, String chars) {
    return trim(s, chars, true, true);
  }

  public static String ltrim(String s) {
    return trim(s, " ", true, false);
  }

  public static String ltrim(String s, String chars) {
    return trim(s, chars, true, false);
  }

  public static String rtrim(String s) {
    return trim(s, " ", false, true);
  }

  public static String rtrim(String s, String chars) {
    return trim(s, chars, false, true);
  }

  private static String trim(String s, String chars, boolean leading, boolean trailing) {
    if (s == null || chars == null) {
      return null;
    }
    int[] cps = s.codePoints().toArray();
    java.util.Set<Integer> set = new java.util.HashSet<>();
    chars.codePoints().forEach(set::add);
    int from = 0;
    int to = cps.length;
    while (leading && from < to && set.contains(cps[from])) {
      from++;
    }
    while (trailing && to > from && set.contains(cps[to - 1])) {
      to--;
    }
    return new String(cps, from, to - from);
  }

  /** The characters from position {@code start} (1 is the first; earlier positions are allowed) to the end. */
  public static String substr(String s, Integer start) {
    if (s == null || start == null) {
      return null;
    }
    int[] cps = s.codePoints().toArray();
    int from = Math.max(start, 1) - 1;
    return from >= cps.length ? "" : new String(cps, from, cps.length - from);
  }

  /** The characters at positions {@code start} to {@code start + count - 1} that exist. */
  public static String substr(String s, Integer start, Integer count) {
    if (s == null || start == null || count == null) {
      return null;
    }
    if (count < 0) {
      throw new EngineException(SqlState.SUBSTRING_ERROR, "negative substring length not allowed");
    }
    int[] cps = s.codePoints().toArray();
    long from = Math.max((long) start, 1L) - 1;
    long to = Math.min((long) start + count - 1, cps.length);
    return from >= to ? "" : new String(cps, (int) from, (int) (to - from));
  }

  public static Boolean starts_with(String s, String prefix) {
    return s == null || prefix == null ? null : s.startsWith(prefix);
  }

  // concat and concat_ws take any number of arguments in PostgreSQL; here, one to six text values.

  public static String concat(String a) {
    return join(null, a);
  }

  public static String concat(String a, String b) {
    return join(null, a, b);
  }

  public static String concat(String a, String b, String c) {
    return join(null, a, b, c);
  }

  public static String concat(String a, String b, String c, String d) {
    return join(null, a, b, c, d);
  }

  public static String concat(String a, String b, String c, String d, String e) {
    return join(null, a, b, c, d, e);
  }

  public static String concat(String a, String b, String c, String d, String e, String f) {
    return join(null, a, b, c, d, e, f);
  }

  public static String concat_ws(String separator, String a) {
    return separator == null ? null : join(separator, a);
  }

  public static String concat_ws(String separator, String a, String b) {
    return separator == null ? null : join(separator, a, b);
  }

  public static String concat_ws(String separator, String a, String b, String c) {
    return separator == null ? null : join(separator, a, b, c);
  }

  public static String concat_ws(String separator, String a, String b, String c, String d) {
    return separator == null ? null : join(separator, a, b, c, d);
  }

  public static String concat_ws(String separator, String a, String b, String c, String d, String e) {
    return separator == null ? null : join(separator, a, b, c, d, e);
  }

  public static String concat_ws(String separator, String a, String b, String c, String d, String e, String f) {
    return separator == null ? null : join(separator, a, b, c, d, e, f);
  }

  /** The non-NULL values, separated by {@code separator} (none when null). */
  private static String join(String separator, String... values) {
    StringBuilder sb = new StringBuilder();
    boolean first = true;
    for (String v : values) {
      if (v == null) {
        continue;
      }
      if (!first && separator != null) {
        sb.append(separator);
      }
      sb.append(v);
      first = false;
    }
    return sb.toString();
  }

  /** The MD5 digest of the text's UTF-8 bytes, in lower-case hex. */
  public static String md5(String s) {
    if (s == null) {
      return null;
    }
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is required of every JVM", e);
    }
  }

  /** The character with this code point (UTF-8 databases). */
  public static String chr(Integer code) {
    if (code == null) {
      return null;
    }
    if (code < 0) {
      throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "character number must be positive");
    }
    if (code == 0) {
      throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "null character not permitted");
    }
    if (code > Character.MAX_CODE_POINT) {
      throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "requested character too large for encoding: " + code);
    }
    if (code >= Character.MIN_SURROGATE && code <= Character.MAX_SURROGATE) {
      throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "requested character not valid for encoding: " + code);
    }
    return new String(Character.toChars(code));
  }

  /** The hex digits of an integer's 32-bit two's complement, as {@code to_hex(integer)}. */
  public static String to_hex(Integer v) {
    return v == null ? null : Integer.toHexString(v);
  }

  /** The hex digits of a bigint's 64-bit two's complement, as {@code to_hex(bigint)}. */
  public static String to_hex(Long v) {
    return v == null ? null : Long.toHexString(v);
  }
}
