package io.rocklake.conformance.whitelist;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The source census: every SQL text a DuckDB line can send to a DuckLake metadata catalog, read out
 * of DuckLake's and the postgres extension's source, one block per template in the two files of
 * each line's folder ({@link #DIRECTORIES}: 1.5.5, and the 2.0 development line). A block is
 *
 * <pre>
 * -- template: id
 * -- source: file:line function
 * -- when: what makes DuckDB send it
 * -- reach: ducklake | generic
 * -- given: one SQL statement of setup (repeatable)
 * -- on: a DuckLake 1.0 catalog   (optional: the template runs where DuckLake 1.0's tables are, a migration)
 * the statement, as sent (may span lines, hold blank lines and raw control bytes)
 * </pre>
 *
 * Blocks are split on their {@code -- template:} lines, never on blank lines: some statements hold
 * empty lines of their own. Only {@link Reach#DUCKLAKE} templates feed the whitelist.
 */
public final class SourceTemplates {
  /** DuckDB 1.5.5's census, a classpath folder beside this class. */
  public static final String DIRECTORY = "duckdb-1.5.5-source/";
  /** The 2.0 development line's census (ducklake 2ed0a0be, catalog 1.1-dev1), beside the first. */
  public static final String DIRECTORY_2_0_DEV = "duckdb-2.0-dev-source/";
  /** Every line's census folder, oldest DuckDB first. */
  public static final List<String> DIRECTORIES = List.of(DIRECTORY, DIRECTORY_2_0_DEV);
  /** The files of the census, in the order their templates are listed. */
  public static final List<String> FILES = List.of("ducklake-execute.sql", "postgres-extension.sql");

  private static final String TEMPLATE = "-- template:";
  private static final String ON_VERSION_1_0 = "-- on: a DuckLake 1.0 catalog";

  /** Whether DuckLake's own code can make DuckDB send a template to its metadata catalog. */
  public enum Reach {
    /** DuckLake 1.0's code paths send it: the catalog must answer it as PostgreSQL does. */
    DUCKLAKE,
    /** Only a direct use of the attached postgres catalog (or a path DuckLake never takes) sends it. */
    GENERIC;

    static Reach parse(String word) {
      return switch (word.trim().toLowerCase(Locale.ROOT)) {
        case "ducklake" -> DUCKLAKE;
        case "generic" -> GENERIC;
        default -> throw new IllegalArgumentException("reach must be ducklake or generic, not '" + word.trim() + "'");
      };
    }
  }

  /** One block: {@code sql} is the statement as DuckDB sends it, with the census's trailing {@code ;}. */
  public record Template(String file, String id, String source, String when, Reach reach, List<String> given,
      String sql, boolean onVersion10Catalog) {
    public Template {
      given = List.copyOf(given);
    }

    public Template(String file, String id, String source, String when, Reach reach, List<String> given, String sql) {
      this(file, id, source, when, reach, given, sql, false);
    }

    /** Sent as a Parse message (postgres_query's Describe), never executed as written. */
    public boolean isParseOnly() {
      return id.contains(".parse.") || id.endsWith(".parse");
    }

    /** The statement without the census's closing {@code ;}, as the Parse message carries it. */
    public String sqlWithoutSemicolon() {
      String s = sql.strip();
      return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }
  }

  private SourceTemplates() {}

  /** Every template of every line's census, in folder then file order. */
  public static List<Template> load() {
    return DIRECTORIES.stream().flatMap(d -> load(d).stream()).toList();
  }

  /**
   * Every template of one line's census, in file order; each names its file with the folder
   * ({@code duckdb-2.0-dev-source/postgres-extension.sql}) when it is not 1.5.5's.
   */
  public static List<Template> load(String directory) {
    List<Template> all = new ArrayList<>();
    for (String file : FILES) {
      all.addAll(parse(directory.equals(DIRECTORY) ? file : directory + file, resource(directory, file)));
    }
    return all;
  }

  static String resource(String file) {
    return resource(DIRECTORY, file);
  }

  static String resource(String directory, String file) {
    try (InputStream in = SourceTemplates.class.getResourceAsStream(directory + file)) {
      if (in == null) {
        throw new IllegalStateException("census file not on the classpath: " + directory + file);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The blocks of one census file. Everything before the first {@code -- template:} line is the
   * file's header. A block's comment lines come first; its statement is every line after them,
   * without the trailing blank lines that separate blocks.
   */
  public static List<Template> parse(String file, String text) {
    List<Template> out = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    String[] lines = text.split("\n", -1);
    int i = 0;
    while (i < lines.length && !lines[i].startsWith(TEMPLATE)) {
      i++;
    }
    while (i < lines.length) {
      int start = i++;
      while (i < lines.length && !lines[i].startsWith(TEMPLATE)) {
        i++;
      }
      Template t = block(file, lines, start, i);
      if (!ids.add(t.id())) {
        throw new IllegalArgumentException(file + ": template " + t.id() + " appears twice");
      }
      out.add(t);
    }
    return out;
  }

  private static Template block(String file, String[] lines, int start, int end) {
    String id = lines[start].substring(TEMPLATE.length()).strip();
    String where = file + ":" + (start + 1) + " (" + id + ")";
    String source = null;
    String when = null;
    Reach reach = null;
    List<String> given = new ArrayList<>();
    boolean onVersion10 = false;
    int i = start + 1;
    for (; i < end && lines[i].startsWith("--"); i++) {
      String line = lines[i];
      if (line.startsWith("-- source:")) {
        source = value(line);
      } else if (line.startsWith("-- when:")) {
        when = value(line);
      } else if (line.startsWith("-- reach:")) {
        try {
          reach = Reach.parse(value(line));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
      } else if (line.startsWith("-- given:")) {
        given.add(value(line));
      } else if (line.startsWith(ON_VERSION_1_0)) {
        onVersion10 = true;
      } // any other comment line annotates the block
    }
    int last = end;
    while (last > i && lines[last - 1].isBlank()) {
      last--;
    }
    String sql = String.join("\n", java.util.Arrays.asList(lines).subList(i, last)).strip();
    if (id.isEmpty() || source == null || when == null || reach == null || sql.isEmpty()) {
      throw new IllegalArgumentException(where + ": a block needs an id, -- source:, -- when:, -- reach: and a statement");
    }
    return new Template(file, id, source, when, reach, given, sql, onVersion10);
  }

  private static String value(String line) {
    return line.substring(line.indexOf(':') + 1).strip();
  }
}
