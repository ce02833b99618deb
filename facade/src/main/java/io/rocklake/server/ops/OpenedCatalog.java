package io.rocklake.server.ops;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.KeyValue;
import io.rocklake.kv.manifest.Manifest;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Iterator;
import java.util.function.Function;

/**
 * A catalog as an operator's command holds it: read-only through a kv-store reader (which writes
 * nothing, so a running server is neither fenced nor slowed beyond the reads), or through the writer.
 * Either way a location that holds no catalog is refused before anything is written there: opening a
 * writer on an empty store would create a catalog, and a local store creates its folder.
 */
final class OpenedCatalog implements AutoCloseable {
  /**
   * The writer's options: no background collector (it would delete superseded manifests and WAL
   * objects, which is not what gc means) and compaction inline, so the command owns every write it makes.
   */
  static final DbOptions WRITER_OPTIONS = DbOptions.defaults().withGcInterval(Duration.ZERO).withBackgroundCompaction(false);

  private final ObjectStore store;
  private final DbReader reader;
  private final Db writer;
  private final Catalog catalog;

  private OpenedCatalog(ObjectStore store, DbReader reader, Db writer, Catalog catalog) {
    this.store = store;
    this.reader = reader;
    this.writer = writer;
    this.catalog = catalog;
  }

  static OpenedCatalog readOnly(CatalogLocation location, Function<CatalogLocation, ObjectStore> stores, String command) {
    ObjectStore store = existingStore(location, stores);
    DbReader reader = DbReader.open(store);
    return new OpenedCatalog(store, reader, null, Catalog.openReadOnly(reader, "rocklake " + command
        + " reads the catalog without writing to it"));
  }

  static OpenedCatalog writer(CatalogLocation location, Function<CatalogLocation, ObjectStore> stores) {
    ObjectStore store = existingStore(location, stores);
    Db db = Db.open(store, WRITER_OPTIONS);
    try {
      return new OpenedCatalog(store, null, db, Catalog.open(db));
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
  }

  /** Refuses a local location that is no folder, before a store opened on it would create one. */
  static void requireFolder(CatalogLocation location) {
    if (location.folder() != null && !Files.isDirectory(location.folder())) {
      throw new OpsException("no catalog at " + location + ": " + (Files.exists(location.folder())
          ? "it is a file, not a folder" : "the folder does not exist"));
    }
  }

  private static ObjectStore existingStore(CatalogLocation location, Function<CatalogLocation, ObjectStore> stores) {
    requireFolder(location);
    ObjectStore store = stores.apply(location);
    if (!CatalogLocation.holdsCatalog(store)) {
      store.close();
      throw new OpsException("no catalog at " + location + ": it holds no kv-store manifest (manifest/ is empty or"
          + " missing), so it is not a RockLake catalog or no server has opened it yet");
    }
    return store;
  }

  Catalog catalog() {
    return catalog;
  }

  ObjectStore store() {
    return store;
  }

  /** The kv-store manifest the catalog is read through now. */
  Manifest manifest() {
    return reader != null ? reader.manifest() : writer.manifest();
  }

  /** Reads the keys {@code [from, to)} of the kv-store, for counts the catalog does not keep. */
  Iterator<KeyValue> scan(byte[] from, byte[] to) {
    return reader != null ? reader.scan(from, to) : writer.scan(from, to);
  }

  @Override public void close() {
    if (reader != null) {
      reader.close();
    }
    if (writer != null) {
      writer.close();
    }
    store.close();
  }
}
