package io.rocklake.conformance.scale;

import java.util.Locale;

/**
 * How large a generated catalog is: tables, snapshots and data-file rows. Every named scale keeps
 * the same shape per table (ten snapshots, a hundred data-file rows), so that a table's own reads
 * answer the same rows at every scale and only the catalog around it grows.
 */
record CatalogScale(String name, int tables, int snapshots, int files) {
  static final int SNAPSHOTS_PER_TABLE = 10;
  static final int FILES_PER_TABLE = 100;

  CatalogScale {
    if (tables < 1) {
      throw new IllegalArgumentException("a catalog needs at least one table, not " + tables);
    }
    if (snapshots % tables != 0 || files % tables != 0) {
      throw new IllegalArgumentException("scale " + name + ": snapshots (" + snapshots + ") and files (" + files
          + ") must be whole multiples of tables (" + tables + ")");
    }
    if (snapshots / tables < 3) {
      throw new IllegalArgumentException("scale " + name + ": each table needs at least three snapshots (create, append,"
          + " rewrite), not " + snapshots / tables);
    }
    if (files / tables < 2) {
      throw new IllegalArgumentException("scale " + name + ": each table needs at least two data-file rows");
    }
  }

  /** A catalog of a handful of tables, the baseline that "flat" is measured against. */
  static CatalogScale fresh() {
    return ofTables("fresh", 4);
  }

  /**
   * {@code fresh}, or a number of tables with an optional k/m suffix ({@code 1k}: 1,000 tables,
   * 10,000 snapshots, 100,000 data-file rows; {@code 10k}: 10,000, 100,000 and 1,000,000).
   */
  static CatalogScale parse(String spec) {
    String s = spec.strip().toLowerCase(Locale.ROOT);
    if (s.equals("fresh")) {
      return fresh();
    }
    long multiplier = s.endsWith("k") ? 1_000 : s.endsWith("m") ? 1_000_000 : 1;
    String digits = multiplier == 1 ? s : s.substring(0, s.length() - 1);
    long tables;
    try {
      tables = Long.parseLong(digits) * multiplier;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("scale \"" + spec + "\" is neither fresh nor a table count such as 1k or 10k");
    }
    if (tables < 1 || tables * FILES_PER_TABLE > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("scale \"" + spec + "\" is out of range (1 to 20m tables)");
    }
    return ofTables(s, (int) tables);
  }

  private static CatalogScale ofTables(String name, int tables) {
    return new CatalogScale(name, tables, tables * SNAPSHOTS_PER_TABLE, tables * FILES_PER_TABLE);
  }

  int snapshotsPerTable() {
    return snapshots / tables;
  }

  int filesPerTable() {
    return files / tables;
  }

  @Override public String toString() {
    return String.format(Locale.ROOT, "%s (%,d tables, %,d snapshots, %,d data-file rows)", name, tables, snapshots, files);
  }
}
