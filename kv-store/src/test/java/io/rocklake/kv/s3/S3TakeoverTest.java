package io.rocklake.kv.s3;

import io.rocklake.kv.CrashConsistencyAccess;
import io.rocklake.kv.ForwardingObjectStore;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.S3ObjectStore;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Replacing a writer while it commits, against S3Mock: listings there race with writes as well. */
class S3TakeoverTest {

  @Test
  void takeoversUnderLoadAllStartAndLoseNoAcknowledgedBatch() throws Exception {
    CrashConsistencyAccess.takeoversUnderLoad(new AtomicConditionalPuts(S3Fixture.freshStore()),
        Integer.getInteger("kv.s3.takeovers", 15));
  }

  /**
   * S3Mock 5.2.0 lets racing {@code If-None-Match: *} PUTs all succeed, which AWS S3 does not; this
   * restores that one guarantee in-process (every writer here shares the wrapper), while gets, lists
   * and deletes go to S3Mock as they are.
   */
  private static final class AtomicConditionalPuts extends ForwardingObjectStore {
    AtomicConditionalPuts(S3ObjectStore s3) {
      super(s3);
    }

    @Override
    public synchronized boolean putIfAbsent(String key, byte[] data) {
      return super.putIfAbsent(key, data);
    }
  }
}
