package io.rocklake.server.ops;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rocklake gc --keep}'s argument: how much history to keep, as a number and a unit ({@code 30d},
 * {@code 12h}, {@code 90m}, {@code 45s}), the way operators write retention periods.
 */
final class RetentionPeriod {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})([dhms])");

  private RetentionPeriod() {}

  static Duration parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("--keep takes a number and a unit, d (days), h, m or s, such as 30d, 12h"
          + " or 90m; not '" + text + "'");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "d" -> Duration.ofDays(n);
      case "h" -> Duration.ofHours(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofSeconds(n);
    };
  }
}
