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
 *
 * <p>One folder per DuckDB line: {@value #DEFAULT_VERSION_DIR} and {@value #DUCKDB_2_0_DEV}. Scenarios
 * next to each other that ask for the same database are one catalog's sessions in turn
 * ({@link #catalogs()}): they replay in order against one prepared catalog.
 */
public final class Corpus {
  public static final String DEFAULT_VERSION_DIR = "duckdb-1.5.5";
  /** DuckDB's 2.0 development line (DuckLake 1.1-dev1), beside the 1.5.5 sessions on a shared catalog. */
  public static final String DUCKDB_2_0_DEV = "duckdb-2.0-dev-2026-08";
  /** Every corpus the repository holds, oldest DuckDB line first. */
  public static final List<String> VERSION_DIRS = List.of(DEFAULT_VERSION_DIR, DUCKDB_2_0_DEV);
  private static final String CORPORA = "conformance/corpus/";
  /** Where the default corpus lives, relative to the repository root. */
  public static final String IN_REPOSITORY = CORPORA + DEFAULT_VERSION_DIR;
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
    return locate(DEFAULT_VERSION_DIR);
  }

  /** Every DuckDB line's corpus, in {@link #VERSION_DIRS} order. */
  public static List<Corpus> all() {
    return VERSION_DIRS.stream().map(Corpus::locate).toList();
  }

  /** The corpus of one DuckDB line ({@link #VERSION_DIRS}), found as {@link #locate()} finds the default. */
  public static Corpus locate(String versionDir) {
    String inRepository = CORPORA + versionDir;
    List<Path> starts = new ArrayList<>();
    String root = System.getProperty("rocklake.root");
    if (root != null && !root.isBlank()) {
      starts.add(Paths.get(root).toAbsolutePath());
    }
    starts.add(Paths.get("").toAbsolutePath());
    for (Path start : starts) {
      for (Path p = start; p != null; p = p.getParent()) {
        Path candidate = p.resolve(inRepository);
        if (Files.isDirectory(candidate)) {
          return new Corpus(candidate);
        }
      }
    }
    throw new IllegalStateException("conformance corpus not found: looked for " + inRepository
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

  /** The corpus folder's name: the DuckDB line it captured ({@code duckdb-1.5.5}). */
  public String name() {
    return dir.getFileName().toString();
  }

  /**
   * The scenarios grouped by the catalog they use: a run of neighbouring scenarios that ask for the
   * same database is one group, each group's scenarios in order. Most groups hold one scenario; the
   * 2.0 corpus's {@code m1}–{@code m5} are five sessions of two DuckDB lines taking turns on one catalog.
   */
  public List<List<String>> catalogs() {
    List<List<String>> groups = new ArrayList<>();
    String lastDatabase = null;
    for (String name : scenarioNames()) {
      String database = databaseOf(name);
      if (groups.isEmpty() || !database.equals(lastDatabase)) {
        groups.add(new ArrayList<>());
      }
      groups.get(groups.size() - 1).add(name);
      lastDatabase = database;
    }
    return groups.stream().map(List::copyOf).toList();
  }

  public List<Scenario> scenarios() {
    return scenarioNames().stream().map(this::scenario).toList();
  }

  /** The database a scenario's first StartupMessage asks for, read without loading the whole capture. */
  public String databaseOf(String name) {
    Path file = captureFile(name);
    try (BufferedReader in = open(file)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (!line.isBlank() && line.contains("\"startup\"")) {
          CapturedMessage m = parseLine(line, file, lineNo);
          if (m.type().equals(CapturedMessage.STARTUP)) {
            return new Scenario(name, dir, List.of(m)).database();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("scenario " + name + " has no StartupMessage with a database");
  }

  private Path captureFile(String name) {
    return CAPTURE_SUFFIXES.stream().map(suffix -> dir.resolve(name + suffix))
        .filter(Files::isRegularFile).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no scenario " + name + " in " + dir + "; have " + scenarioNames()));
  }

  public Scenario scenario(String name) {
    Path file = captureFile(name);
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
