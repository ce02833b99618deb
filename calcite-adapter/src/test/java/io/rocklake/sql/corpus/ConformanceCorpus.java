package io.rocklake.sql.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The SQL texts DuckDB sent in the conformance captures kept in the repository: every {@code sql} of a frontend
 * Query ({@code Q}) or Parse ({@code P}) message, read from the captures at test time.
 */
public final class ConformanceCorpus {
  static final String CAPTURES = "conformance/corpus/duckdb-1.5.5";
  static final String CAPTURE_SUFFIX = ".jsonl.gz";

  private ConformanceCorpus() {
  }

  /** One SQL text as sent on the wire. */
  public record SqlText(String scenario, long seq, String messageType, String sql) {
    @Override public String toString() {
      return scenario + "#" + seq + " (" + messageType + ")";
    }
  }

  /**
   * The captures folder: {@value #CAPTURES} under the repository root, which Maven passes as the
   * system property {@code rocklake.root}, else under the first ancestor of the working directory
   * that holds it.
   */
  public static Path capturesDirectory() {
    final String root = System.getProperty("rocklake.root");
    if (root != null && !root.isBlank() && Files.isDirectory(Path.of(root).resolve(CAPTURES))) {
      return Path.of(root).toAbsolutePath().resolve(CAPTURES);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve(CAPTURES))) {
        return dir.resolve(CAPTURES);
      }
    }
    throw new IllegalStateException("No " + CAPTURES + " above " + Path.of("").toAbsolutePath()
        + " (set -Drocklake.root=<repository root>)");
  }

  /** The capture files ({@code NN_name.jsonl.gz}), in scenario order. */
  public static List<Path> captureFiles() {
    try (Stream<Path> files = Files.list(capturesDirectory())) {
      return files.filter(p -> p.getFileName().toString().endsWith(CAPTURE_SUFFIX)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A capture's lines, decompressed. */
  public static BufferedReader open(Path captureFile) throws IOException {
    return new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(captureFile), 1 << 16), StandardCharsets.UTF_8));
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
    return name.substring(0, name.length() - CAPTURE_SUFFIX.length());
  }

  static List<SqlText> sqlTexts(Path captureFile) {
    final ObjectMapper json = new ObjectMapper();
    final List<SqlText> texts = new ArrayList<>();
    final String scenario = scenarioOf(captureFile);
    try (BufferedReader reader = open(captureFile)) {
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
