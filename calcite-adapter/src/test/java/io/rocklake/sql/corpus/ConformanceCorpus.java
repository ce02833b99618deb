package io.rocklake.sql.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The SQL texts DuckDB sent in the shared conformance captures: every {@code sql} of a frontend
 * Query ({@code Q}) or Parse ({@code P}) message, read from the captures at test time.
 */
public final class ConformanceCorpus {
  static final String CAPTURES = "shared/conformance/duckdb-1.5.5";

  private ConformanceCorpus() {
  }

  /** One SQL text as sent on the wire. */
  public record SqlText(String scenario, long seq, String messageType, String sql) {
    @Override public String toString() {
      return scenario + "#" + seq + " (" + messageType + ")";
    }
  }

  /**
   * The captures folder: {@code <rocklake.root>/../shared/...} when the system property is set
   * (Maven sets it to the repository root), else the first ancestor of the working directory
   * that holds {@code shared/conformance}.
   */
  public static Path capturesDirectory() {
    final String root = System.getProperty("rocklake.root");
    if (root != null && !root.isBlank()) {
      final Path parent = Path.of(root).toAbsolutePath().getParent();
      if (parent != null && Files.isDirectory(parent.resolve(CAPTURES))) {
        return parent.resolve(CAPTURES);
      }
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve(CAPTURES))) {
        return dir.resolve(CAPTURES);
      }
    }
    throw new IllegalStateException("No " + CAPTURES + " above " + Path.of("").toAbsolutePath()
        + " (set -Drocklake.root=<repository root whose parent holds shared/>)");
  }

  /** The capture files, in scenario order. */
  public static List<Path> captureFiles() {
    try (Stream<Path> files = Files.list(capturesDirectory())) {
      return files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every Q and P text of every capture, in capture order. */
  public static List<SqlText> sqlTexts() {
    final List<SqlText> texts = new ArrayList<>();
    for (Path file : captureFiles()) {
      texts.addAll(sqlTexts(file));
    }
    return texts;
  }

  public static String scenarioOf(Path captureFile) {
    final String name = captureFile.getFileName().toString();
    return name.substring(0, name.length() - ".jsonl".length());
  }

  static List<SqlText> sqlTexts(Path captureFile) {
    final ObjectMapper json = new ObjectMapper();
    final List<SqlText> texts = new ArrayList<>();
    final String scenario = scenarioOf(captureFile);
    try (BufferedReader reader = Files.newBufferedReader(captureFile, StandardCharsets.UTF_8)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        final JsonNode message = json.readTree(line);
        final String type = message.path("type").asText();
        if ("F".equals(message.path("dir").asText())
            && ("Q".equals(type) || "P".equals(type))
            && message.hasNonNull("sql")) {
          texts.add(new SqlText(scenario, message.path("seq").asLong(), type,
              message.get("sql").asText()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return texts;
  }
}
