package io.rocklake.conformance.corpus;

/** Who sent a captured message: the frontend (DuckDB) or the backend (the server). */
public enum Direction {
  FRONTEND,
  BACKEND;

  static Direction fromCapture(String dir) {
    switch (dir) {
      case "F": return FRONTEND;
      case "B": return BACKEND;
      default: throw new IllegalArgumentException("unknown direction \"" + dir + "\"");
    }
  }
}
