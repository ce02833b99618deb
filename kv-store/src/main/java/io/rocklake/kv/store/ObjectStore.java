package io.rocklake.kv.store;

import java.util.List;
import java.util.Optional;

/**
 * The only way the kv-store touches durable state. Objects are written once and never modified;
 * {@link #putIfAbsent} is the compare-and-swap primitive everything else (manifest updates, fencing)
 * is built on.
 *
 * <p>Contract for implementations: a put is atomic — a reader sees either the whole object or no
 * object under that key, never a prefix. Failures surface as {@link ObjectStoreException}; after a
 * failed put the object may or may not exist (the caller cannot know whether it landed).
 */
public interface ObjectStore extends AutoCloseable {

  /** The whole object, or empty if no object has that key. */
  Optional<byte[]> get(String key);

  /**
   * {@code length} bytes starting at {@code offset}; fewer if the object ends first.
   *
   * @throws ObjectNotFoundException if no object has that key
   */
  byte[] getRange(String key, long offset, int length);

  /** Writes (or replaces) the object. The kv-store only calls this for keys that are unique by construction. */
  void put(String key, byte[] data);

  /**
   * Creates the object only if no object has that key.
   *
   * @return true if this call created it, false if the key already existed (lost the race)
   */
  boolean putIfAbsent(String key, byte[] data);

  /**
   * Keys starting with {@code prefix}, in lexicographic order. Not a snapshot: a key created or
   * deleted while the listing runs may or may not be in it (a folder's {@code readdir} and S3's LIST
   * alike), so one can appear without an older one. Every key that exists for the whole listing is
   * in it; the kv-store relies on nothing more.
   */
  List<String> list(String prefix);

  /** Deletes the object; deleting a missing key is not an error. */
  void delete(String key);

  @Override
  default void close() {}
}
