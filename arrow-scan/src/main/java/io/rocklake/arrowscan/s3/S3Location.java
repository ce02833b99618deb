package io.rocklake.arrowscan.s3;

import io.rocklake.arrowscan.LakeReadException;

/**
 * An object named by an {@code s3://bucket/key} path. The key is taken verbatim, as DuckDB writes it
 * (no percent-decoding: a space or {@code %} in a file name is part of the key).
 */
public record S3Location(String bucket, String key) {
  static final String SCHEME = "s3://";

  public static S3Location parse(String path) {
    if (!path.startsWith(SCHEME)) {
      throw new IllegalArgumentException("not an s3:// path: " + path);
    }
    String rest = path.substring(SCHEME.length());
    int slash = rest.indexOf('/');
    if (slash <= 0 || slash == rest.length() - 1) {
      throw new LakeReadException("cannot open " + path + ": an S3 path is s3://bucket/key, with a bucket and a key");
    }
    return new S3Location(rest.substring(0, slash), rest.substring(slash + 1));
  }

  @Override
  public String toString() {
    return SCHEME + bucket + "/" + key;
  }
}
