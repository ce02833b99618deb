package io.rocklake.conformance.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The captured DuckDB ↔ PostgreSQL traffic in the repository's {@code conformance/corpus/duckdb-<version>/}.
 * Each {@code NN_name.jsonl.gz} is one scenario: one JSON object per protocol message, in global
 * order, gzipped (an uncompressed {@code NN_name.jsonl} beside it is read as well, for new captures).
 */
public final class Corpus {
  public static final String DEFAULT_VERSION_DIR = "duckdb-1.5.5";
  /** Where the corpus lives, relative to the repository root. */
  public static final String IN_REPOSITORY = "conformance/corpus/" + DEFAULT_VERSION_DIR;
  private static final List<String> CAPTURE_SUFFIXES = List.of(".jsonl.gz", ".jsonl");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;

  public Corpus(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("conformance corpus not found at " + dir);
    }
    this.dir = dir;
  }

  /**
   * Finds the corpus: the system property {@code rocklake.corpus} (or {@code ROCKLAKE_CORPUS}) if
   * set; otherwise {@value #IN_REPOSITORY} under the repository root named by the property
   * {@code rocklake.root}, or under the working directory or one of its ancestors.
   */
  public static Corpus locate() {
    String explicit = System.getProperty("rocklake.corpus", System.getenv("ROCKLAKE_CORPUS"));
    if (explicit != null && !explicit.isBlank()) {
      return new Corpus(Paths.get(explicit));
    }
    List<Path> starts = new ArrayList<>();
    String root = System.getProperty("rocklake.root");
    if (root != null && !root.isBlank()) {
      starts.add(Paths.get(root).toAbsolutePath());
    }
    starts.add(Paths.get("").toAbsolutePath());
    for (Path start : starts) {
      for (Path p = start; p != null; p = p.getParent()) {
        Path candidate = p.resolve(IN_REPOSITORY);
        if (Files.isDirectory(candidate)) {
          return new Corpus(candidate);
        }
      }
    }
    throw new IllegalStateException("conformance corpus not found: looked for " + IN_REPOSITORY
        + " above " + starts + "; set -Drocklake.corpus=<dir>");
  }

  public Path dir() {
    return dir;
  }

  /** Scenario names ({@code 01_basic}, ...) in order. */
  public List<String> scenarioNames() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString())
          .map(Corpus::scenarioOf)
          .filter(n -> n != null)
          .distinct()
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public List<Scenario> scenarios() {
    return scenarioNames().stream().map(this::scenario).toList();
  }

  public Scenario scenario(String name) {
    Path file = CAPTURE_SUFFIXES.stream().map(suffix -> dir.resolve(name + suffix))
        .filter(Files::isRegularFile).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no scenario " + name + " in " + dir + "; have " + scenarioNames()));
    List<CapturedMessage> messages = new ArrayList<>();
    try (BufferedReader in = open(file)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        messages.add(parseLine(line, file, lineNo));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Scenario(name, dir, List.copyOf(messages));
  }

  /** The scenario a capture file holds, or null for a file that is no capture. */
  private static String scenarioOf(String fileName) {
    for (String suffix : CAPTURE_SUFFIXES) {
      if (fileName.endsWith(suffix)) {
        return fileName.substring(0, fileName.length() - suffix.length());
      }
    }
    return null;
  }

  private static BufferedReader open(Path file) throws IOException {
    InputStream raw = Files.newInputStream(file);
    InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  static CapturedMessage parseLine(String line, Path file, int lineNo) {
    try {
      JsonNode n = JSON.readTree(line);
      String type = n.get("type").asText();
      byte[] payload = HexFormat.of().parseHex(n.get("hex").asText());
      int len = n.get("len").asInt();
      if (len != payload.length) {
        throw new IllegalArgumentException("len " + len + " but hex holds " + payload.length + " bytes");
      }
      return new CapturedMessage(n.get("seq").asInt(), n.get("conn").asInt(),
          Direction.fromCapture(n.get("dir").asText()), type, payload);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(file.getFileName() + ":" + lineNo + ": bad capture line: " + e.getMessage(), e);
    }
  }
}
