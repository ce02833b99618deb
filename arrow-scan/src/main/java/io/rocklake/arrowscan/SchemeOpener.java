package io.rocklake.arrowscan;

import io.rocklake.arrowscan.ScanOptions.DataFileOpener;
import io.rocklake.arrowscan.s3.S3Opener;
import io.rocklake.arrowscan.s3.S3Settings;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.parquet.io.InputFile;

/**
 * Chooses how to open a file by its path: a local path (no {@code scheme://}) or a {@code file://}
 * URL with the local opener, an {@code s3://} URL with the S3 opener, and any other scheme
 * ({@code gs://}, {@code az://}, {@code http://}, ...) is refused naming the path and what is read.
 */
public final class SchemeOpener implements DataFileOpener {
  private static final Pattern URL = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://.*", Pattern.DOTALL);
  static final String SUPPORTED = "local paths, file:// and s3:// URLs";

  private final DataFileOpener local;
  private final DataFileOpener s3;

  public SchemeOpener(DataFileOpener local, DataFileOpener s3) {
    this.local = Objects.requireNonNull(local, "local");
    this.s3 = Objects.requireNonNull(s3, "s3");
  }

  /** Local files as {@link ScanOptions#defaults()} opens them; S3 configured by {@code env} (see {@link S3Settings#fromEnvironment}). */
  public static SchemeOpener fromEnvironment(Map<String, String> env) {
    Map<String, String> copy = Map.copyOf(env);
    return new SchemeOpener(ScanOptions.defaults().opener(), S3Opener.lazy(() -> S3Settings.fromEnvironment(copy)));
  }

  @Override
  public InputFile open(String path) {
    return route(path) == s3 ? s3.open(path) : local.open(localPath(path));
  }

  @Override
  public InputFile open(String path, long length) {
    return route(path) == s3 ? s3.open(path, length) : local.open(localPath(path), length);
  }

  private DataFileOpener route(String path) {
    if (path.startsWith("s3://")) {
      return s3;
    }
    if (!URL.matcher(path).matches() || path.startsWith("file:///") || path.startsWith("file://localhost/")) {
      return local;
    }
    String scheme = path.substring(0, path.indexOf("://") + 3);
    if (scheme.equalsIgnoreCase("file://")) {
      throw new LakeReadException("cannot open " + path + ": a file:// URL names a file of this machine (file:///path)");
    }
    throw new LakeReadException("cannot open " + path + ": " + scheme + " is not a supported location (arrow-scan reads "
        + SUPPORTED + ")");
  }

  /** A file:// URL as the path it names (DuckDB writes them unescaped, so no percent-decoding). */
  private static String localPath(String path) {
    if (path.startsWith("file://localhost/")) {
      return path.substring("file://localhost".length());
    }
    return path.startsWith("file:///") ? path.substring("file://".length()) : path;
  }
}
