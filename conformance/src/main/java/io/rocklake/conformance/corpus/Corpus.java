package io.rocklake.conformance.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The captured DuckDB ↔ PostgreSQL traffic in {@code shared/conformance/duckdb-<version>/}, read in
 * place at run time (it is never copied into the repository). Each {@code NN_name.jsonl} is one
 * scenario: one JSON object per protocol message, in global order.
 */
public final class Corpus {
  public static final String DEFAULT_VERSION_DIR = "duckdb-1.5.5";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;

  public Corpus(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("conformance corpus not found at " + dir);
    }
    this.dir = dir;
  }

  /**
   * Finds the corpus: the system property {@code rocklake.corpus} if set; otherwise
   * {@code shared/conformance/duckdb-1.5.5} beside the repository (the property
   * {@code rocklake.root} names the repository root), or above the working directory.
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
        for (Path candidate : List.of(p.resolve("shared/conformance"), p.resolve("../shared/conformance"))) {
          Path versioned = candidate.resolve(DEFAULT_VERSION_DIR).normalize();
          if (Files.isDirectory(versioned)) {
            return new Corpus(versioned);
          }
        }
      }
    }
    throw new IllegalStateException("conformance corpus not found: looked for shared/conformance/"
        + DEFAULT_VERSION_DIR + " above " + starts + "; set -Drocklake.corpus=<dir>");
  }

  public Path dir() {
    return dir;
  }

  /** Scenario names ({@code 01_basic}, ...) in order. */
  public List<String> scenarioNames() {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jsonl"))
          .map(n -> n.substring(0, n.length() - ".jsonl".length()))
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
    Path file = dir.resolve(name + ".jsonl");
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("no scenario " + name + " in " + dir + "; have " + scenarioNames());
    }
    List<CapturedMessage> messages = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file)) {
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
