package io.rocklake.catalog.lake;

/**
 * DuckLake's path rule: a path with {@code path_is_relative} is appended to its parent's resolved
 * path — a data or delete file's to its table's, a table's to its schema's, a schema's to the lake's
 * {@code data_path} — and any other path is used as it is. DuckLake stores directory paths with a
 * trailing separator ({@code main/}, {@code ty/}) and concatenates; a parent without one (a
 * {@code DATA_PATH} given without it) gets one, as DuckDB adds it at ATTACH.
 */
public final class LakePaths {
  private LakePaths() {}

  /** {@code path} resolved against {@code parent} when relative. */
  public static String resolve(String parent, String path, boolean pathIsRelative) {
    if (!pathIsRelative) {
      return path;
    }
    return directory(parent) + path;
  }

  /** The path with a trailing separator. */
  public static String directory(String path) {
    return path.isEmpty() || path.endsWith("/") || path.endsWith("\\") ? path : path + "/";
  }
}
