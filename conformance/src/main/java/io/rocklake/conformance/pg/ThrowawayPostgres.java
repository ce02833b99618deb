package io.rocklake.conformance.pg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL 15 server of its own: {@code initdb} into a fresh temporary folder, started on a free
 * loopback port with trust authentication, and removed on {@link #close()} (and at JVM exit, should
 * the caller forget). PostgreSQL refuses to run as root, so as root every command runs through
 * {@code runuser -u postgres}.
 *
 * <p>{@link Durability#RELAXED} turns {@code fsync} off for correctness tests; the benchmark
 * baseline uses {@link Durability#DEFAULT}, PostgreSQL's own durable settings.
 */
public final class ThrowawayPostgres implements AutoCloseable {
  public enum Durability { RELAXED, DEFAULT }

  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final Path dir;
  private final int port;
  private final Process server;
  private final Thread shutdownHook;
  private volatile boolean closed;

  private ThrowawayPostgres(Path dir, int port, Process server) {
    this.dir = dir;
    this.port = port;
    this.server = server;
    this.shutdownHook = new Thread(this::stopQuietly, "throwaway-postgres-cleanup");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  public static ThrowawayPostgres start(Durability durability) {
    Path bin = binDir();
    Path dir = null;
    try {
      dir = Files.createTempDirectory("rocklake-pg-");
      // The postgres user must be able to enter the folder; the data directory below it is its own.
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
      Path data = dir.resolve("data");
      Path socketDir = dir.resolve("socket");
      Files.createDirectories(socketDir);
      Files.setPosixFilePermissions(socketDir, PosixFilePermissions.fromString("rwxrwxrwx"));
      run(dir, List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres",
          "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"));
      int port = freePort();
      List<String> cmd = new ArrayList<>(List.of(bin.resolve("postgres").toString(), "-D", data.toString(),
          "-p", String.valueOf(port), "-k", socketDir.toString(), "-c", "listen_addresses=127.0.0.1",
          "-c", "max_connections=100", "-c", "autovacuum=off", "-c", "TimeZone=Etc/UTC",
          "-c", "logging_collector=off", "-c", "log_min_messages=warning"));
      if (durability == Durability.RELAXED) {
        cmd.addAll(List.of("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
      }
      Process server = new ProcessBuilder(asPostgresUser(cmd))
          .directory(dir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(dir.resolve("server.log").toFile())
          .start();
      ThrowawayPostgres pg = new ThrowawayPostgres(dir, port, server);
      pg.awaitReady();
      return pg;
    } catch (IOException e) {
      deleteTree(dir);
      throw new UncheckedIOException("could not start a throwaway PostgreSQL", e);
    }
  }

  /** The temporary folder holding the data directory, socket and log; gone after {@link #close()}. */
  public Path folder() {
    return dir;
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /** Drops (if present) and creates a database owned by {@code postgres}. */
  public void recreateDatabase(String name) {
    SimpleQueryClient.recreateDatabase(host(), port, name, true);
  }

  /** The server's log so far: the first thing to read when a replay against it fails. */
  public String log() {
    try {
      return Files.readString(dir.resolve("server.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override public void close() {
    stopQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException ignored) {
      // the JVM is already shutting down and runs the hook itself
    }
  }

  private synchronized void stopQuietly() {
    if (closed) {
      return;
    }
    closed = true;
    // SIGTERM is PostgreSQL's "smart" shutdown; the data is disposable, so don't wait long.
    server.destroy();
    try {
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleteTree(dir);
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!server.isAlive()) {
        String log = log();
        close();
        throw new IllegalStateException("PostgreSQL exited during start:\n" + log);
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(host(), port), 500);
        SimpleQueryClient.execute(host(), port, "postgres", "postgres", "SELECT 1");
        return;
      } catch (IOException | RuntimeException notYet) {
        sleep(100);
      }
    }
    String log = log();
    close();
    throw new IllegalStateException("PostgreSQL did not accept connections within " + START_TIMEOUT + ":\n" + log);
  }

  /** Where the PostgreSQL 15 server binaries are: {@code $ROCKLAKE_PG_BIN} or the Debian location. */
  public static Path binDir() {
    String env = System.getenv("ROCKLAKE_PG_BIN");
    Path bin = env != null && !env.isBlank() ? Paths.get(env) : Paths.get("/usr/lib/postgresql/15/bin");
    if (!Files.isExecutable(bin.resolve("postgres")) || !Files.isExecutable(bin.resolve("initdb"))) {
      throw new IllegalStateException("PostgreSQL 15 server binaries not found in " + bin
          + " (install the postgresql-15 package or set ROCKLAKE_PG_BIN)");
    }
    return bin;
  }

  private static List<String> asPostgresUser(List<String> cmd) {
    if (!isRoot()) {
      return cmd;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
    wrapped.addAll(cmd);
    return wrapped;
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void run(Path cwd, List<String> cmd) throws IOException {
    Process p = new ProcessBuilder(asPostgresUser(cmd)).directory(cwd.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    try {
      if (p.waitFor() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + cmd.get(0), e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // best effort: a temp folder left behind is harmless
    }
  }
}
