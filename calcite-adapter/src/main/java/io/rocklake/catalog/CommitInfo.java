package io.rocklake.catalog;

/** Who made a commit and what it carried; recorded in its {@code rocklake_commit} row. */
public record CommitInfo(String user, String application, long statements) {
  public static final CommitInfo INTERNAL = new CommitInfo("rocklake", "rocklake", 0);
}
