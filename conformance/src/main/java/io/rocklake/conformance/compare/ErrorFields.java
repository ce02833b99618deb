package io.rocklake.conformance.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How ErrorResponse and NoticeResponse messages are compared: severity and SQLSTATE exactly; the
 * message text only by what a client can rely on — every double-quoted name in the captured text
 * (relation, constraint, column) and the fixed phrase PostgreSQL uses for that SQLSTATE (DuckLake
 * decides to retry a commit by looking for "duplicate key value violates unique constraint"). Detail,
 * hint, position and source-location fields are server-specific and ignored.
 */
final class ErrorFields {
  private static final Pattern QUOTED = Pattern.compile("\"[^\"]*\"");
  private static final Map<String, String> PHRASE_BY_SQLSTATE = Map.of(
      "23505", "duplicate key value violates unique constraint",
      "23502", "violates not-null constraint",
      "42P01", "does not exist",
      "42703", "does not exist",
      "3F000", "does not exist",
      "42P07", "already exists",
      "42601", "syntax error",
      "25P02", "current transaction is aborted");

  private ErrorFields() {}

  /** The substrings an actual message must contain to stand for the expected one. */
  static List<String> requiredSubstrings(String sqlState, String expectedMessage) {
    List<String> required = new ArrayList<>();
    String phrase = PHRASE_BY_SQLSTATE.get(sqlState);
    if (phrase != null && expectedMessage != null && expectedMessage.contains(phrase)) {
      required.add(phrase);
    }
    if (expectedMessage != null) {
      Matcher m = QUOTED.matcher(expectedMessage);
      while (m.find()) {
        required.add(m.group());
      }
    }
    return required;
  }

  static void compare(Map<Character, String> expected, Map<Character, String> actual) {
    for (char code : new char[] {'S', 'C'}) {
      if (!java.util.Objects.equals(expected.get(code), actual.get(code))) {
        throw new DivergenceException((code == 'S' ? "severity" : "SQLSTATE") + " differs",
            render(expected), render(actual));
      }
    }
    if (expected.containsKey('V') && actual.containsKey('V') && !expected.get('V').equals(actual.get('V'))) {
      throw new DivergenceException("severity (V) differs", render(expected), render(actual));
    }
    String actualMessage = actual.getOrDefault('M', "");
    for (String needed : requiredSubstrings(expected.get('C'), expected.get('M'))) {
      if (!actualMessage.contains(needed)) {
        throw new DivergenceException("error message lacks " + needed, render(expected), render(actual));
      }
    }
  }

  static String render(Map<Character, String> f) {
    return f.getOrDefault('S', "?") + " " + f.getOrDefault('C', "?") + ": " + f.getOrDefault('M', "");
  }
}
