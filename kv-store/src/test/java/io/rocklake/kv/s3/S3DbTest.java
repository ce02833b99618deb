package io.rocklake.kv.s3;

import static io.rocklake.kv.TestData.b;
import static io.rocklake.kv.TestData.dump;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.kv.CrashConsistencyAccess;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.FencedException;
import io.rocklake.kv.TestData;
import io.rocklake.kv.store.MeteredObjectStore;
import io.rocklake.kv.store.S3ObjectStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The writer, reader, fencing and crash suites against S3Mock, with fewer randomized runs than in memory. */
class S3DbTest {

  @Test
  void writesFlushesCompactsAndReopens() {
    S3ObjectStore store = S3Fixture.freshStore();
    try (Db db = Db.open(store, TestData.deterministic())) {
      for (int i = 0; i < 100; i++) {
        db.put(b("k" + (i % 40)), b("v" + i));
        if (i % 30 == 29) {
          db.flush();
        }
      }
      db.compact();
      db.put(b("tail"), b("x"));
    }
    try (Db db = Db.open(store, TestData.deterministic())) {
      assertThat(dump(db)).hasSize(41).containsEntry("k0", "v80").containsEntry("tail", "x");
    }
  }

  @Test
  void aSecondWriterFencesTheFirst() {
    S3ObjectStore store = S3Fixture.freshStore();
    Db first = Db.open(store, TestData.deterministic());
    first.put(b("a"), b("1"));
    try (Db second = Db.open(store, TestData.deterministic())) {
      assertThatThrownBy(() -> first.put(b("b"), b("2"))).isInstanceOf(FencedException.class);
      assertThat(dump(second)).isEqualTo(Map.of("a", "1"));
    }
    first.close();
  }

  @Test
  void aReaderCatchesUpAndNeverWrites() {
    S3ObjectStore store = S3Fixture.freshStore();
    MeteredObjectStore metered = new MeteredObjectStore(store);
    try (Db db = Db.open(store, TestData.deterministic())) {
      db.put(b("a"), b("1"));
      try (DbReader reader = DbReader.open(metered)) {
        db.put(b("b"), b("2"));
        db.flush();
        reader.refresh();
        assertThat(dump(reader)).isEqualTo(Map.of("a", "1", "b", "2"));
      }
    }
    assertThat(metered.metrics().writeRequests()).isZero();
  }

  @Test
  void fencingInterleavings() {
    int runs = Integer.getInteger("kv.s3.fencing.interleavings", 25);
    int splitBrains = 0;
    for (int i = 0; i < runs; i++) {
      splitBrains += CrashConsistencyAccess.fencingInterleaving(0x53FE11L + i, S3Fixture.freshStore());
    }
    assertThat(splitBrains).isZero();
  }

  @Test
  void crashSchedules() {
    int schedules = Integer.getInteger("kv.s3.crash.schedules", 40);
    for (int i = 0; i < schedules; i++) {
      S3ObjectStore store = S3Fixture.freshStore();
      CrashConsistencyAccess.crashSchedule(0x53C4A5L + i, () -> store);
    }
  }
}
