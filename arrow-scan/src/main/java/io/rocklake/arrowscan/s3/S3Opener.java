package io.rocklake.arrowscan.s3;

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
   * whose lake is local never builds one. The client lives as long as the process.
   */
  public static S3Opener lazy(S3Settings settings) {
    Objects.requireNonNull(settings, "settings");
    return new S3Opener(new Supplier<>() {
      private S3Client built;

      @Override
      public synchronized S3Client get() {
        if (built == null) {
          built = settings.client();
        }
        return built;
      }
    });
  }

  @Override
  public InputFile open(String path) {
    return new S3InputFile(client.get(), S3Location.parse(path), path, -1);
  }

  @Override
  public InputFile open(String path, long length) {
    return new S3InputFile(client.get(), S3Location.parse(path), path, length);
  }
}
