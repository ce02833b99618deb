package io.rocklake.server;

import java.util.Objects;
import java.util.Optional;

/**
 * The database name whose sessions see the lake's DuckLake tables instead of the catalog's relations
 * (docs/lake-reads.md, "Lake tables in SQL"), and where those sessions find the lake's files: the
 * {@code data_path} DuckDB recorded in the catalog, unless {@code dataPath} replaces it.
 */
public record LakeDatabase(String name, Optional<String> dataPath) {
  public static final String DEFAULT_NAME = "lake";

  public LakeDatabase {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(dataPath, "dataPath");
    if (name.isBlank()) {
      throw new IllegalArgumentException("the lake database needs a name");
    }
  }

  /** {@value #DEFAULT_NAME}, reading files where the catalog says they are. */
  public static LakeDatabase defaults() {
    return new LakeDatabase(DEFAULT_NAME, Optional.empty());
  }
}
