package io.rocklake.conformance.whitelist;

import io.rocklake.conformance.corpus.Corpus;

/** The DuckDB 2.0 development line's census on the DuckLake 1.1 catalog its first ATTACH creates. */
class DevelopmentLineSourceTemplatesReplayTest extends SourceTemplatesReplay {
  @Override String census() {
    return SourceTemplates.DIRECTORY_2_0_DEV;
  }

  @Override String corpus() {
    return Corpus.DUCKDB_2_0_DEV;
  }

  /** The migration's templates run on the catalog DuckDB 1.5.5 creates. */
  @Override String version10Corpus() {
    return Corpus.DEFAULT_VERSION_DIR;
  }
}
