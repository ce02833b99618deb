package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFolderObjectStoreTest extends ObjectStoreContract {
  @TempDir Path dir;
  private LocalFolderObjectStore store;

  @BeforeEach
  void open() {
    store = new LocalFolderObjectStore(dir);
  }

  @Override
  protected ObjectStore store() {
    return store;
  }

  @Test
  void createIfAbsentLeavesNoTempFilesBehind() throws Exception {
    store.putIfAbsent("m/1", new byte[] {1});
    store.putIfAbsent("m/1", new byte[] {2});
    store.put("m/2", new byte[] {3});
    try (Stream<Path> files = Files.list(dir.resolve("m"))) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("1", "2");
    }
  }

  @Test
  void leftoverTempFilesAreInvisible() throws Exception {
    Files.createDirectories(dir.resolve("wal"));
    Files.write(dir.resolve("wal/.tmp-crashed-upload"), new byte[] {9, 9});
    store.put("wal/a", new byte[] {1});
    assertThat(store.list("wal/")).containsExactly("wal/a");
  }

  @Test
  void objectsSurviveReopeningTheFolder() {
    store.putIfAbsent("x/y", new byte[] {7});
    assertThat(new LocalFolderObjectStore(dir).get("x/y")).hasValueSatisfying(v -> assertThat(v).containsExactly(7));
  }
}
