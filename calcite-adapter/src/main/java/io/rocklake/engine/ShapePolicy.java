package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.sql.fingerprint.Fingerprint;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;
import org.apache.calcite.sql.SqlNode;

/**
 * Which statement shapes the server accepts. Writes must match the whitelist of the shapes DuckDB
 * sends ({@value #RESOURCE}, generated from the wire captures by {@code rocklake-conformance
 * whitelist}); reads may take any shape Calcite can plan, unless {@code strictReads} holds them to
 * the whitelist too. Shapes are compared by {@link ShapeKey}.
 */
public final class ShapePolicy {
  public static final String RESOURCE = "shape-whitelist.txt";

  private final Set<String> shapes;
  private final boolean enforceWrites;
  private final boolean strictReads;

  private ShapePolicy(Set<String> shapes, boolean enforceWrites, boolean strictReads) {
    this.shapes = shapes;
    this.enforceWrites = enforceWrites;
    this.strictReads = strictReads;
  }

  /** Every shape the engine can execute: for tests of the engine itself. */
  public static ShapePolicy permissive() {
    return new ShapePolicy(Set.of(), false, false);
  }

  /** An explicit set of shape hashes. */
  public static ShapePolicy whitelist(Set<String> hashes, boolean strictReads) {
    return new ShapePolicy(Set.copyOf(hashes), true, strictReads);
  }

  /** The whitelist generated from DuckDB's captured traffic, shipped with the engine. */
  public static ShapePolicy duckLake(boolean strictReads) {
    return whitelist(load(), strictReads);
  }

  /** The hashes in the shipped whitelist resource. */
  public static Set<String> load() {
    Set<String> out = new HashSet<>();
    try (InputStream in = ShapePolicy.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the shape whitelist resource " + RESOURCE + " is missing from the build");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank() && !line.startsWith("#")) {
          out.add(line.substring(0, line.indexOf('\t')));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** {@code privateCopy} makes the trees the key is computed on ({@link ShapeKey#of(SqlNode, Function)}). */
  void checkWrite(SqlNode statement, Function<String, SqlNode> privateCopy) {
    if (enforceWrites) {
      check(statement, privateCopy, "write");
    }
  }

  void checkRead(SqlNode statement, Function<String, SqlNode> privateCopy) {
    if (strictReads) {
      check(statement, privateCopy, "read (--strict-shapes)");
    }
  }

  /** Statements already found on the list (parsed trees are shared per distinct text). */
  private final java.util.Map<SqlNode, Boolean> accepted =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  private void check(SqlNode statement, Function<String, SqlNode> privateCopy, String what) {
    if (accepted.containsKey(statement)) {
      return;
    }
    Fingerprint f = ShapeKey.of(statement, privateCopy);
    if (!shapes.contains(f.hash())) {
      throw new EngineException(SqlState.FEATURE_NOT_SUPPORTED, "statement shape " + f.hash() + " is not on the whitelist of " + what
          + " shapes: " + f.normalizedSql());
    }
    accepted.put(statement, Boolean.TRUE);
  }
}
