package io.rocklake.kv.s3;

import io.rocklake.kv.CrashConsistencyAccess;
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
  private static final class AtomicConditionalPuts implements ObjectStore {
    private final S3ObjectStore s3;

    AtomicConditionalPuts(S3ObjectStore s3) {
      this.s3 = s3;
    }

    @Override
    public synchronized boolean putIfAbsent(String key, byte[] data) {
      return s3.putIfAbsent(key, data);
    }

    @Override
    public Optional<byte[]> get(String key) {
      return s3.get(key);
    }

    @Override
    public byte[] getRange(String key, long offset, int length) {
      return s3.getRange(key, offset, length);
    }

    @Override
    public void put(String key, byte[] data) {
      s3.put(key, data);
    }

    @Override
    public List<String> list(String prefix) {
      return s3.list(prefix);
    }

    @Override
    public void delete(String key) {
      s3.delete(key);
    }
  }
}
