package io.rocklake.kv.s3;

import io.rocklake.kv.store.S3ObjectStore;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.s3.S3Client;

/** One bucket on the shared S3Mock; every store gets a fresh key prefix so tests never see each other. */
final class S3Fixture {
  static final String BUCKET = "rocklake-kv-test";
  private static final AtomicInteger PREFIXES = new AtomicInteger();
  private static S3Client client;

  private S3Fixture() {}

  static synchronized S3Client client() {
    if (client == null) {
      S3MockServer server = S3MockServer.shared();
      client = S3ObjectStore.buildClient(S3ObjectStore.Config.s3Compatible(server.endpoint(), BUCKET, "", "test", "test"));
      client.createBucket(b -> b.bucket(BUCKET));
    }
    return client;
  }

  static S3ObjectStore freshStore() {
    return new S3ObjectStore(client(), BUCKET, "db-" + PREFIXES.incrementAndGet());
  }
}
