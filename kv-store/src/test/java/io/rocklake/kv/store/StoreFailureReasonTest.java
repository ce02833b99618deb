package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/** A store failure names the operating system's cause and carries it as a typed reason. */
class StoreFailureReasonTest {

  @Test
  void aWriteToAFullDeviceIsNoSpaceWithTheOperatingSystemsText() {
    // /dev/full answers every write(2) with ENOSPC, for any user: a real full disk without a mount.
    IOException enospc = null;
    try (FileChannel full = FileChannel.open(Path.of("/dev/full"), StandardOpenOption.WRITE)) {
      full.write(ByteBuffer.wrap(new byte[4096]));
      full.force(true);
    } catch (IOException e) {
      enospc = e;
    }
    assertThat(enospc).as("/dev/full refuses writes").isNotNull();
    ObjectStoreException failure = ObjectStoreException.of("could not write wal/00000000000000000007.wal", enospc);
    assertThat(failure.reason()).isEqualTo(StoreFailureReason.NO_SPACE);
    assertThat(failure).hasMessage("could not write wal/00000000000000000007.wal: No space left on device");
  }

  @Test
  void theJdksReadOnlyFileSystemErrorIsReadOnly() {
    // How the JDK reports EROFS from open(2), link(2) or rename(2): a FileSystemException with strerror.
    IOException erofs = new FileSystemException("/catalog/wal/.tmp-1", null, "Read-only file system");
    ObjectStoreException failure = ObjectStoreException.of("could not write wal/00000000000000000007.wal", erofs);
    assertThat(failure.reason()).isEqualTo(StoreFailureReason.READ_ONLY);
    assertThat(failure).hasMessage("could not write wal/00000000000000000007.wal: Read-only file system");
  }

  @Test
  void anAccessDeniedFolderIsPermissionDenied() {
    ObjectStoreException failure = ObjectStoreException.of("could not write wal/00000000000000000007.wal",
        new AccessDeniedException("/catalog/wal/.tmp-1"));
    assertThat(failure.reason()).isEqualTo(StoreFailureReason.PERMISSION_DENIED);
    assertThat(failure).hasMessage("could not write wal/00000000000000000007.wal: Permission denied");
  }

  @Test
  void anUnknownCauseIsOtherAndKeepsItsText() {
    ObjectStoreException failure = ObjectStoreException.of("could not read sst/x.sst",
        new FileSystemException("/catalog/sst/x.sst", null, "Input/output error"));
    assertThat(failure.reason()).isEqualTo(StoreFailureReason.OTHER);
    assertThat(failure).hasMessage("could not read sst/x.sst: Input/output error");
  }

  @Test
  void theReasonIsFoundBeneathTheLayersThatWrapIt() {
    ObjectStoreException root = new ObjectStoreException("could not write wal/1.wal: No space left on device",
        StoreFailureReason.NO_SPACE, null);
    RuntimeException wrapped = new RuntimeException("commit failed", new IllegalStateException("group", root));
    assertThat(StoreFailureReason.in(wrapped)).isEqualTo(StoreFailureReason.NO_SPACE);
    assertThat(StoreFailureReason.in(new RuntimeException("no store involved"))).isEqualTo(StoreFailureReason.OTHER);
  }

  @Test
  void anOutageFailsEveryWriteWithItsReasonUntilItEndsWhileReadsGoOn() {
    InMemoryObjectStore backing = new InMemoryObjectStore();
    FaultInjectingObjectStore store = new FaultInjectingObjectStore(backing);
    store.put("k/a", new byte[] {1});
    store.startOutage(StoreFailureReason.NO_SPACE);
    assertThatThrownBy(() -> store.putIfAbsent("k/b", new byte[] {2}))
        .isInstanceOfSatisfying(ObjectStoreException.class,
            e -> assertThat(e.reason()).isEqualTo(StoreFailureReason.NO_SPACE))
        .hasMessage("could not write k/b: No space left on device");
    assertThatThrownBy(() -> store.put("k/c", new byte[] {3})).isInstanceOf(ObjectStoreException.class);
    assertThat(backing.get("k/b")).isEmpty();
    assertThat(store.get("k/a")).isPresent();
    store.endOutage();
    assertThat(store.putIfAbsent("k/b", new byte[] {2})).isTrue();
  }
}
