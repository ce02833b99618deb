package io.rocklake.kv.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Objects as files under a root folder; the default store. Atomicity comes from never writing the
 * final name directly: bytes go to a hidden temp file that is fsynced, then linked (create-if-absent)
 * or renamed (put) into place, and the directory is fsynced so the name itself is durable.
 */
public final class LocalFolderObjectStore implements ObjectStore {
  private static final String TEMP_PREFIX = ".tmp-";
  private final Path root;

  public LocalFolderObjectStore(Path root) {
    this.root = root.toAbsolutePath().normalize();
    try {
      Files.createDirectories(this.root);
    } catch (IOException e) {
      throw ObjectStoreException.of("could not create store root " + this.root, e);
    }
  }

  public Path root() {
    return root;
  }

  @Override
  public Optional<byte[]> get(String key) {
    try {
      return Optional.of(Files.readAllBytes(pathOf(key)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw ObjectStoreException.of("could not read " + key, e);
    }
  }

  @Override
  public byte[] getRange(String key, long offset, int length) {
    try (FileChannel channel = FileChannel.open(pathOf(key), StandardOpenOption.READ)) {
      long size = channel.size();
      if (offset >= size) {
        return new byte[0];
      }
      int toRead = (int) Math.min(length, size - offset);
      ByteBuffer buffer = ByteBuffer.allocate(toRead);
      while (buffer.hasRemaining()) {
        int n = channel.read(buffer, offset + buffer.position());
        if (n < 0) {
          break;
        }
      }
      return buffer.array();
    } catch (NoSuchFileException e) {
      throw new ObjectNotFoundException(key);
    } catch (IOException e) {
      throw ObjectStoreException.of("could not read " + key, e);
    }
  }

  @Override
  public void put(String key, byte[] data) {
    Path target = pathOf(key);
    Path temp = writeTemp(target, data);
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      fsyncDirectory(target.getParent());
    } catch (IOException e) {
      deleteQuietly(temp);
      throw ObjectStoreException.of("could not write " + key, e);
    }
  }

  @Override
  public boolean putIfAbsent(String key, byte[] data) {
    Path target = pathOf(key);
    Path temp = writeTemp(target, data);
    try {
      // link(2) fails if the name exists: the local equivalent of If-None-Match: *.
      Files.createLink(target, temp);
      fsyncDirectory(target.getParent());
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    } catch (IOException e) {
      throw ObjectStoreException.of("could not write " + key, e);
    } finally {
      deleteQuietly(temp);
    }
  }

  @Override
  public List<String> list(String prefix) {
    int slash = prefix.lastIndexOf('/');
    Path start = slash < 0 ? root : root.resolve(prefix.substring(0, slash));
    if (!Files.isDirectory(start)) {
      return List.of();
    }
    List<String> keys = new ArrayList<>();
    try {
      collect(start, prefix, keys);
    } catch (IOException e) {
      throw ObjectStoreException.of("could not list " + prefix, e);
    }
    keys.sort(null);
    return keys;
  }

  /**
   * Walks a directory without stat-ing temp files: concurrent writers create and delete them all the
   * time, and a name that vanishes between readdir and stat must not fail the listing.
   */
  private void collect(Path dir, String prefix, List<String> keys) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path entry : entries) {
        if (entry.getFileName().toString().startsWith(TEMP_PREFIX)) {
          continue;
        }
        if (Files.isDirectory(entry)) {
          collect(entry, prefix, keys);
          continue;
        }
        String key = root.relativize(entry).toString().replace('\\', '/');
        if (key.startsWith(prefix)) {
          keys.add(key);
        }
      }
    } catch (NoSuchFileException vanished) {
      // The directory itself is gone: nothing to list under it.
    }
  }

  @Override
  public void delete(String key) {
    try {
      Files.deleteIfExists(pathOf(key));
    } catch (IOException e) {
      throw ObjectStoreException.of("could not delete " + key, e);
    }
  }

  private Path pathOf(String key) {
    if (key.isEmpty() || key.startsWith("/") || key.contains("..") || key.contains("\\")) {
      throw new IllegalArgumentException("invalid object key: " + key);
    }
    return root.resolve(key);
  }

  private Path writeTemp(Path target, byte[] data) {
    Path dir = target.getParent();
    Path temp = dir.resolve(TEMP_PREFIX + UUID.randomUUID());
    try {
      Files.createDirectories(dir);
      try (FileChannel channel =
          FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(data);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      return temp;
    } catch (IOException e) {
      deleteQuietly(temp);
      throw ObjectStoreException.of("could not write " + root.relativize(target).toString().replace('\\', '/'), e);
    }
  }

  private static void fsyncDirectory(Path dir) throws IOException {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    }
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // A leftover temp file is invisible to list() and harmless.
    }
  }
}
