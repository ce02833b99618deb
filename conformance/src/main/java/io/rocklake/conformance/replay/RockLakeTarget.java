package io.rocklake.conformance.replay;

import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * A fresh RockLake server per scenario, in this process, by default on a new catalog folder under a
 * temporary directory (durable: the local folder store fsyncs every commit). The previous scenario's
 * server is closed and its folder deleted when the next one is prepared.
 */
public final class RockLakeTarget implements ReplayTarget {
  private final Path root;
  private final IntFunction<CatalogLocation> locations;
  private final java.util.function.UnaryOperator<ServerConfig> configured;
  private RockLakeServer server;
  private CatalogLocation location;
  private int scenarios;

  public RockLakeTarget() {
    this(java.util.function.UnaryOperator.identity());
  }

  /** Fresh catalog folders, each served with the local configuration as {@code configured} changes it. */
  public static RockLakeTarget configured(java.util.function.UnaryOperator<ServerConfig> configured) {
    return new RockLakeTarget(configured);
  }

  private RockLakeTarget(java.util.function.UnaryOperator<ServerConfig> configured) {
    this.configured = configured;
    try {
      this.root = Files.createTempDirectory("rocklake-replay-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.locations = n -> CatalogLocation.parse(root.resolve("catalog-" + n).toString());
  }

  /**
   * Catalogs where {@code locations} says for the n-th scenario (1-based), e.g. fresh prefixes of
   * an S3 bucket. Folders among them are deleted after their scenario; S3 prefixes are left.
   */
  public RockLakeTarget(IntFunction<CatalogLocation> locations) {
    this.configured = java.util.function.UnaryOperator.identity();
    this.root = null;
    this.locations = locations;
  }

  @Override public Endpoint prepare(String database) {
    stop();
    location = locations.apply(++scenarios);
    try {
      server = RockLakeServer.start(configured.apply(ServerConfig.local(location, 0)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return new Endpoint("127.0.0.1", server.port());
  }

  /** The server of the scenario prepared last. */
  public RockLakeServer server() {
    return server;
  }

  /** The port of the server of the scenario prepared last. */
  public int port() {
    return server.port();
  }

  /** The catalog location of the scenario prepared last. */
  public CatalogLocation currentLocation() {
    return location;
  }

  /** The catalog folder of the scenario prepared last (null when it is not a folder). */
  public Path currentFolder() {
    return location == null ? null : location.folder();
  }

  @Override public String describe() {
    return "RockLake (in-process) on fresh catalog " + (root != null ? "folders under " + root : "locations");
  }

  private void stop() {
    if (server != null) {
      server.close();
      server = null;
      if (location.folder() != null) {
        delete(location.folder());
      }
    }
  }

  @Override public void close() {
    stop();
    if (root != null) {
      delete(root);
    }
  }

  /** Removes a folder and everything in it, if it exists. */
  static void delete(Path p) {
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
