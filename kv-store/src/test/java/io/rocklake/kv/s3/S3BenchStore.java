package io.rocklake.kv.s3;

import io.rocklake.kv.store.ObjectStore;

/** Gives the benchmark a fresh store on the shared S3Mock. */
public final class S3BenchStore {
  private S3BenchStore() {}

  public static ObjectStore open() {
    return S3Fixture.freshStore();
  }
}
