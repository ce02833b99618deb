package io.rocklake.conformance.compare;

/**
 * The first place where the target answered differently from the capture, readable on its own:
 * which message, which statement, what was expected and what came instead.
 */
public record Divergence(int seq, int conn, String statement, String reason, String expected, String actual) {

  public Divergence withStatement(String sql) {
    return new Divergence(seq, conn, sql, reason, expected, actual);
  }

  public Divergence at(int seq, int conn) {
    return new Divergence(seq, conn, statement, reason, expected, actual);
  }

  /** One line, for the {@code scenario NAME: FAIL ...} output. */
  public String oneLine() {
    return "at seq " + seq + " conn " + conn + ": " + reason
        + (statement == null ? "" : " | statement: " + abbreviate(statement, 160))
        + " | expected: " + abbreviate(expected, 240) + " | actual: " + abbreviate(actual, 240);
  }

  /** Several lines with the statement and both sides in full (long values abbreviated). */
  public String describe() {
    return "divergence at capture seq " + seq + " (connection " + conn + "): " + reason + "\n"
        + (statement == null ? "" : "  statement: " + abbreviate(statement, 2000) + "\n")
        + "  expected:  " + abbreviate(expected, 4000) + "\n"
        + "  actual:    " + abbreviate(actual, 4000);
  }

  static String abbreviate(String s, int max) {
    if (s == null) {
      return "(none)";
    }
    String oneLine = s.replace("\n", "\\n").replace("\t", "\\t");
    return oneLine.length() <= max ? oneLine : oneLine.substring(0, max) + "…(" + oneLine.length() + " chars)";
  }
}
