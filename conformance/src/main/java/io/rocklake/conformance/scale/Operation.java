package io.rocklake.conformance.scale;

/** What the scale bench times, each as DuckDB sends it (see {@link CapturedTraffic} for where each comes from). */
enum Operation {
  ATTACH("attach + first query",
      "a new connection, DuckDB's re-ATTACH reads and the transaction of its first query of one table"),
  FILE_SCAN("table file scan", "the scan of one table's data files at the latest snapshot, alone"),
  COMMIT("commit", "BEGIN, latest-snapshot lookup, the table's stats reads, one append batch, COMMIT"),
  CATALOG_LOAD("show all tables",
      "the catalog load at the latest snapshot that SHOW ALL TABLES and duckdb_tables() wait on"),
  TABLE_STATS("table stats reads", "the two stats reads duckdb_tables() sends per table, for one table");

  final String label;
  final String description;

  Operation(String label, String description) {
    this.label = label;
    this.description = description;
  }
}
