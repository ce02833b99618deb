package io.rocklake.server;

import io.rocklake.kv.manifest.ManifestStore;
import io.rocklake.kv.store.LocalFolderObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.S3ObjectStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the catalog lives: a local folder (the default) or {@code s3://bucket/prefix}. S3 settings
 * come from the standard AWS environment ({@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY},
 * {@code AWS_REGION}; {@code AWS_ENDPOINT_URL_S3} or {@code AWS_ENDPOINT_URL} for S3-compatible stores).
 */
public record CatalogLocation(String spec, Path folder, S3ObjectStore.Config s3) {

  public static CatalogLocation parse(String spec) {
    return parse(spec, System.getenv());
  }

  public static CatalogLocation parse(String spec, Map<String, String> env) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("--catalog needs a folder or s3://bucket/prefix");
    }
    if (!spec.startsWith("s3://")) {
      return new CatalogLocation(spec, Path.of(spec).toAbsolutePath().normalize(), null);
    }
    URI uri = URI.create(spec);
    String bucket = uri.getHost();
    if (bucket == null || bucket.isEmpty()) {
      throw new IllegalArgumentException("no bucket in " + spec + " (expected s3://bucket/prefix)");
    }
    String prefix = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
    String endpoint = env.getOrDefault("AWS_ENDPOINT_URL_S3", env.get("AWS_ENDPOINT_URL"));
    String region = env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
    S3ObjectStore.Config config = new S3ObjectStore.Config(endpoint == null ? null : URI.create(endpoint), region,
        bucket, prefix, env.get("AWS_ACCESS_KEY_ID"), env.get("AWS_SECRET_ACCESS_KEY"), endpoint != null, 5);
    return new CatalogLocation(spec, null, config);
  }

  /**
   * Where DuckDB should keep the lake's Parquet files when none is given: {@code data/} inside a
   * local catalog folder (the kv-store only reads its own {@code manifest/}, {@code wal/} and
   * {@code sst/} prefixes, so the two share the folder safely); none for S3, where the bucket layout
   * is the operator's choice.
   */
  public Optional<String> defaultDataPath() {
    return folder == null ? Optional.empty() : Optional.of(folder.resolve("data") + "/");
  }

  /** Whether a catalog was ever written in {@code store}: a kv-store begins with its first manifest. */
  public static boolean holdsCatalog(ObjectStore store) {
    return new ManifestStore(store).latestId().isPresent();
  }

  public ObjectStore open() {
    return folder != null ? new LocalFolderObjectStore(folder) : new S3ObjectStore(s3);
  }

  @Override public String toString() {
    return spec;
  }
}
