package io.rocklake.engine;

import io.rocklake.sql.fingerprint.Fingerprint;
import java.util.Set;

/**
 * Which statement shapes the server accepts. Writes must match the whitelist of shapes DuckDB
 * sends; reads may take any shape unless {@code strict} holds them to the whitelist too.
 */
public final class ShapePolicy {
  private final Set<String> whitelist;
  private final boolean enforceWrites;
  private final boolean strictReads;

  private ShapePolicy(Set<String> whitelist, boolean enforceWrites, boolean strictReads) {
    this.whitelist = whitelist;
    this.enforceWrites = enforceWrites;
    this.strictReads = strictReads;
  }

  /** Every shape the engine can execute (for tests of the engine itself). */
  public static ShapePolicy permissive() {
    return new ShapePolicy(Set.of(), false, false);
  }

  public static ShapePolicy whitelist(Set<String> fingerprints, boolean strictReads) {
    return new ShapePolicy(Set.copyOf(fingerprints), true, strictReads);
  }

  void checkWrite(Fingerprint f) {
    if (enforceWrites && !whitelist.contains(f.hash())) {
      throw new EngineException("0A000", "statement shape " + f.hash() + " is not on the whitelist of write shapes: "
          + f.normalizedSql());
    }
  }

  void checkRead(Fingerprint f) {
    if (strictReads && !whitelist.contains(f.hash())) {
      throw new EngineException("0A000", "statement shape " + f.hash() + " is not on the whitelist (--strict-shapes): "
          + f.normalizedSql());
    }
  }
}
