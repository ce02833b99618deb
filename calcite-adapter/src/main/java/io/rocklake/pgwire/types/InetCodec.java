package io.rocklake.pgwire.types;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * {@code inet} holding a host address (what {@code pg_stat_activity.client_addr} reports), as a
 * {@code String} in PostgreSQL's text form: {@code 127.0.0.1}, {@code ::1}, {@code 2001:db8::2:1}
 * (IPv6 in lower-case hex, the longest run of two or more zero groups as {@code ::}). Binary is PostgreSQL's
 * {@code inet_send}: family (2 for IPv4, 3 for IPv6), prefix bits, is-cidr 0, address length, address.
 * Only whole-host addresses are written; text with a {@code /prefix} is refused.
 */
public final class InetCodec implements PgCodec<String> {
  private static final byte FAMILY_INET = 2;
  private static final byte FAMILY_INET6 = 3;

  @Override public Class<String> javaType() { return String.class; }

  @Override public byte[] encodeBinary(String value) {
    byte[] address = parse(value).getAddress();
    byte[] out = new byte[4 + address.length];
    out[0] = address.length == 4 ? FAMILY_INET : FAMILY_INET6;
    out[1] = (byte) (address.length * 8);
    out[2] = 0;
    out[3] = (byte) address.length;
    System.arraycopy(address, 0, out, 4, address.length);
    return out;
  }

  @Override public String decodeBinary(byte[] bytes) {
    if (bytes.length < 4 || bytes.length != 4 + (bytes[3] & 0xFF) || (bytes[3] != 4 && bytes[3] != 16)) {
      throw new PgCodecException("invalid length in external \"inet\" value");
    }
    byte[] address = java.util.Arrays.copyOfRange(bytes, 4, bytes.length);
    try {
      return text(InetAddress.getByAddress(address));
    } catch (UnknownHostException e) {
      throw new PgCodecException("invalid external \"inet\" value", e);
    }
  }

  @Override public String encodeText(String value) {
    return text(parse(value));
  }

  @Override public String decodeText(String text) {
    return text(parse(text));
  }

  private static String text(InetAddress a) {
    byte[] b = a.getAddress();
    if (b.length == 4) {
      return a.getHostAddress();
    }
    int[] groups = new int[8];
    for (int i = 0; i < 8; i++) {
      groups[i] = (b[2 * i] & 0xFF) << 8 | b[2 * i + 1] & 0xFF;
    }
    int bestStart = -1;
    int bestLength = 1; // a single zero group is written out, as PostgreSQL does
    for (int i = 0; i < 8; ) {
      int j = i;
      while (j < 8 && groups[j] == 0) {
        j++;
      }
      if (j - i > bestLength) {
        bestStart = i;
        bestLength = j - i;
      }
      i = j == i ? i + 1 : j;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 8; i++) {
      if (i == bestStart) {
        out.append("::");
        i += bestLength - 1;
        continue;
      }
      if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
        out.append(':');
      }
      out.append(Integer.toHexString(groups[i]));
    }
    return out.toString();
  }

  /** A literal address: digits and dots, or hex and colons, never a name to resolve. */
  private static InetAddress parse(String text) {
    String t = text.trim();
    boolean literal = !t.isEmpty() && (t.chars().allMatch(c -> c >= '0' && c <= '9' || c == '.')
        || t.indexOf(':') >= 0 && t.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.'));
    if (!literal) {
      throw new PgCodecException("invalid input syntax for type inet: \"" + text + "\"");
    }
    try {
      return InetAddress.getByName(t);
    } catch (UnknownHostException e) {
      throw new PgCodecException("invalid input syntax for type inet: \"" + text + "\"", e);
    }
  }
}
