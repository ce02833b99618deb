package io.rocklake.conformance.replay;

import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A fresh RockLake server per scenario, in this process, on a new catalog folder under a temporary
 * directory (durable: the local folder store fsyncs every commit). The previous scenario's server is
 * closed and its folder deleted when the next one is prepared.
 */
public final class RockLakeTarget implements ReplayTarget {
  private final Path root;
  private RockLakeServer server;
  private int scenarios;

  public RockLakeTarget() {
    try {
      this.root = Files.createTempDirectory("rocklake-replay-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override public Endpoint prepare(String database) {
    stop();
    Path folder = root.resolve("catalog-" + (++scenarios));
    try {
      server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(folder.toString()), 0));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return new Endpoint("127.0.0.1", server.port());
  }

  /** The catalog folder of the scenario prepared last. */
  public Path currentFolder() {
    return root.resolve("catalog-" + scenarios);
  }

  @Override public String describe() {
    return "RockLake (in-process) on fresh catalog folders under " + root;
  }

  private void stop() {
    if (server != null) {
      server.close();
      server = null;
      delete(currentFolder());
    }
  }

  @Override public void close() {
    stop();
    delete(root);
  }

  private static void delete(Path p) {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
