package io.rocklake.catalog.lake;

import io.rocklake.arrowscan.ScanOptions.DataFileOpener;
import io.rocklake.arrowscan.SchemeOpener;

/**
 * How this process opens a lake's data and delete files: by path scheme (local paths and
 * {@code file://}, {@code s3://}; others refused naming the path), S3 reached as the process
 * environment says ({@code AWS_ENDPOINT_URL_S3}/{@code AWS_ENDPOINT_URL}, {@code AWS_REGION},
 * {@code AWS_ACCESS_KEY_ID}/{@code AWS_SECRET_ACCESS_KEY}, else the default credential chain), as for
 * an {@code s3://} catalog. One opener for the process, so all scans share one S3 client, built at
 * the first {@code s3://} file.
 */
final class LakeFiles {
  static final DataFileOpener OPENER = SchemeOpener.fromEnvironment(System.getenv());

  private LakeFiles() {}
}
