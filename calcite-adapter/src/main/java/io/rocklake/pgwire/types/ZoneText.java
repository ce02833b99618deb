package io.rocklake.pgwire.types;

import java.time.ZoneOffset;

/** PostgreSQL's spelling of a zone offset: {@code +00}, {@code +05:30}, {@code -03:00:15}. */
final class ZoneText {
  private ZoneText() {}

  static String format(ZoneOffset offset) {
    int total = offset.getTotalSeconds();
    int abs = Math.abs(total);
    StringBuilder sb = new StringBuilder(total < 0 ? "-" : "+");
    sb.append(String.format("%02d", abs / 3600));
    int minutes = (abs / 60) % 60;
    int seconds = abs % 60;
    if (minutes != 0 || seconds != 0) {
      sb.append(String.format(":%02d", minutes));
    }
    if (seconds != 0) {
      sb.append(String.format(":%02d", seconds));
    }
    return sb.toString();
  }

  static ZoneOffset parse(String text) {
    String t = text.trim();
    if (t.length() < 2 || (t.charAt(0) != '+' && t.charAt(0) != '-')) {
      throw new PgCodecException("invalid time zone offset \"" + text + "\"");
    }
    String[] parts = t.substring(1).split(":");
    try {
      int h = Integer.parseInt(parts[0]);
      int m = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
      int s = parts.length > 2 ? Integer.parseInt(parts[2]) : 0;
      int total = h * 3600 + m * 60 + s;
      return ZoneOffset.ofTotalSeconds(t.charAt(0) == '-' ? -total : total);
    } catch (RuntimeException e) {
      throw new PgCodecException("invalid time zone offset \"" + text + "\"", e);
    }
  }
}
