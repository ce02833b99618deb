package io.rocklake.arrowscan.s3;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.ScanOptions.DataFileOpener;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.parquet.io.InputFile;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Opens the {@code s3://bucket/key} files of a plan. Opening costs no request: the first read of a
 * file fetches its tail, and a file whose length the plan records needs no HEAD.
 */
public final class S3Opener implements DataFileOpener {
  private final Supplier<S3Client> client;

  /** Reads through {@code client}, which the caller owns and closes. */
  public S3Opener(S3Client client) {
    Objects.requireNonNull(client, "client");
    this.client = () -> client;
  }

  private S3Opener(Supplier<S3Client> client) {
    this.client = client;
  }

  /**
   * Reads through a client built from {@code settings} when the first file is opened, so a process
   * whose lake is local never builds one, and S3 settings that cannot be read (a malformed
   * {@code AWS_ENDPOINT_URL}, say) fail the {@code s3://} reads only, naming the path. The client
   * lives as long as the process.
   */
  public static S3Opener lazy(Supplier<S3Settings> settings) {
    Objects.requireNonNull(settings, "settings");
    return new S3Opener(new Supplier<>() {
      private S3Client built;

      @Override
      public synchronized S3Client get() {
        if (built == null) {
          built = settings.get().client();
        }
        return built;
      }
    });
  }

  @Override
  public InputFile open(String path) {
    return open(path, -1);
  }

  @Override
  public InputFile open(String path, long length) {
    S3Location location = S3Location.parse(path);
    S3Client c;
    try {
      c = client.get();
    } catch (RuntimeException e) {
      throw new LakeReadException("cannot open " + path + ": the S3 client cannot be set up: " + e.getMessage(), e);
    }
    return new S3InputFile(c, location, path, length);
  }
}
