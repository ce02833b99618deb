package io.rocklake.conformance.whitelist;

import io.rocklake.conformance.corpus.Corpus;

/** DuckDB 1.5.5's census on the DuckLake 1.0 catalog its first ATTACH creates. */
class SourceTemplatesReplayTest extends SourceTemplatesReplay {
  @Override String census() {
    return SourceTemplates.DIRECTORY;
  }

  @Override String corpus() {
    return Corpus.DEFAULT_VERSION_DIR;
  }
}
