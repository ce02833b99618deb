package io.rocklake.server;

import io.rocklake.engine.EngineSession;
import io.rocklake.engine.SqlEngine;
import io.rocklake.sql.statement.StatementCategory;
import io.rocklake.sql.statement.StatementClassifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlNode;

/**
 * Runs the reads DuckDB sends at ATTACH once, on the server's own catalog, before the server
 * listens: on a fresh JVM the first executions of that code are the slowest part of DuckDB's first
 * session (the reflection queries over pg_class and pg_attribute), and their answers are then kept
 * for the catalog's relations ({@code docs/engine.md}, "Cold start"). Only reads run: a statement of
 * the file that would write, or that fails, is skipped and counted. The file is what
 * {@code bin/rocklake-conformance train} writes: each statement text as its length in characters
 * on a line, then the text and a newline.
 */
public final class WarmUp {
  /** What a warm-up did. */
  public record Result(int ran, int skipped, long millis) {}

  private WarmUp() {}

  public static Result run(SqlEngine engine, Path statements) {
    long start = System.nanoTime();
    int ran = 0;
    int skipped = 0;
    try (EngineSession session = engine.openSession("rocklake", "rocklake warm-up")) {
      for (String text : read(statements)) {
        try {
          List<SqlNode> parsed = session.parse(text);
          if (parsed.stream().anyMatch(s -> StatementClassifier.classify(s) == StatementCategory.WRITE)) {
            skipped++;
            continue;
          }
          for (SqlNode s : parsed) {
            session.execute(s, List.of());
          }
          ran++;
        } catch (RuntimeException e) {
          skipped++;
        } finally {
          endTransaction(session);
        }
      }
    }
    return new Result(ran, skipped, (System.nanoTime() - start) / 1_000_000);
  }

  private static void endTransaction(EngineSession session) {
    try {
      for (SqlNode s : session.parse("ROLLBACK")) {
        session.execute(s, List.of());
      }
    } catch (RuntimeException ignored) {
      // no transaction was open
    }
  }

  /** The statement texts of a warm-up file. */
  static List<String> read(Path file) {
    try {
      String all = Files.readString(file, StandardCharsets.UTF_8);
      List<String> out = new ArrayList<>();
      int at = 0;
      while (at < all.length()) {
        int eol = all.indexOf('\n', at);
        if (eol < 0) {
          throw new IllegalArgumentException(file + ": a length without its statement at character " + at);
        }
        int n;
        try {
          n = Integer.parseInt(all.substring(at, eol).trim());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(file + ": not a warm-up file (no statement length at character " + at + ")");
        }
        if (n < 0 || eol + 1 + n > all.length()) {
          throw new IllegalArgumentException(file + ": a statement of " + n + " characters runs past the end");
        }
        out.add(all.substring(eol + 1, eol + 1 + n));
        at = eol + 1 + n + 1;
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the warm-up file " + file, e);
    }
  }

  /** Writes statement texts in the form {@link #read} reads. */
  public static void write(Path file, List<String> texts) {
    StringBuilder sb = new StringBuilder();
    for (String t : texts) {
      sb.append(t.length()).append('\n').append(t).append('\n');
    }
    try {
      Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the warm-up file " + file, e);
    }
  }
}
