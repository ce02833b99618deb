package io.rocklake.conformance.replay;

import io.rocklake.conformance.pg.SimpleQueryClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * RockLake as a user meets it: {@code bin/rocklake serve} started afresh for every scenario, on a
 * new catalog folder and a free loopback port, with the launcher's own JVM options, and nothing
 * warmed. The cold bench replays against it; {@link #timeToFirstAnswer()} measures how long a
 * started server takes to answer its first {@code SELECT 1}.
 */
public final class LaunchedRockLakeTarget implements ReplayTarget {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(300);
  private static final String LISTENING = "rocklake: listening on ";

  private final Path launcher;
  private final java.util.Map<String, String> env;
  private final List<String> serveOptions;
  private final Path root;
  private final List<String> output = new ArrayList<>();
  private Process process;
  private Thread reader;
  private Path catalog;
  private int scenarios;

  /** The launcher at {@code <repository>/bin/rocklake}; the repository is the system property {@code rocklake.root}. */
  public LaunchedRockLakeTarget() {
    this(Path.of(System.getProperty("rocklake.root", ".")).toAbsolutePath().resolve("bin/rocklake"));
  }

  public LaunchedRockLakeTarget(Path launcher) {
    this(launcher, java.util.Map.of(), List.of());
  }

  /** With variables added to the launcher's environment and options added to its {@code serve}. */
  public LaunchedRockLakeTarget(Path launcher, java.util.Map<String, String> env, List<String> serveOptions) {
    this.env = java.util.Map.copyOf(env);
    this.serveOptions = List.copyOf(serveOptions);
    if (!Files.isExecutable(launcher)) {
      throw new IllegalArgumentException("no executable launcher at " + launcher + " (set -Drocklake.root=<repository>)");
    }
    this.launcher = launcher;
    try {
      this.root = Files.createTempDirectory("rocklake-launched-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override public Endpoint prepare(String database) {
    stop();
    catalog = root.resolve("catalog-" + ++scenarios);
    return start();
  }

  /**
   * Starts a server on a fresh catalog, asks it {@code SELECT 1} as soon as it listens, and stops it:
   * the time from spawning the launcher to the answer.
   */
  public Duration timeToFirstAnswer() {
    stop();
    long spawned = System.nanoTime();
    Endpoint e = prepare("rocklake"); // nothing runs any more: stopping again costs nothing
    List<List<String>> rows = SimpleQueryClient.query(e.host(), e.port(), "rocklake", "rocklake", "SELECT 1");
    Duration took = Duration.ofNanos(System.nanoTime() - spawned);
    if (!rows.equals(List.of(List.of("1")))) {
      throw new IllegalStateException("SELECT 1 answered " + rows);
    }
    stop();
    return took;
  }

  private Endpoint start() {
    List<String> command = new ArrayList<>(List.of(launcher.toString(), "serve", "--catalog", catalog.toString(),
        "--bind", "127.0.0.1:0"));
    command.addAll(serveOptions);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + pb.command(), e);
    }
    CompletableFuture<String> listening = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          synchronized (output) {
            output.add(line);
          }
          if (line.startsWith(LISTENING)) {
            listening.complete(line.substring(LISTENING.length()).split(" ")[0]);
          }
        }
      } catch (IOException ignored) {
        // the server was stopped
      }
      listening.completeExceptionally(new IllegalStateException("the server exited before it listened"));
    }, "rocklake-launched-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String hostPort = listening.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      process = p;
      this.reader = reader;
      int colon = hostPort.lastIndexOf(':');
      return new Endpoint(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    } catch (ExecutionException | TimeoutException e) {
      p.destroyForcibly();
      throw new IllegalStateException("bin/rocklake serve did not start on " + catalog + ":\n" + output(), e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The launcher's output so far, every start included. */
  public String output() {
    synchronized (output) {
      return String.join("\n", output.subList(Math.max(0, output.size() - 50), output.size()));
    }
  }

  /** Stops the running server in order (SIGTERM: it finishes its shutdown, plan recording included). */
  public void stop() {
    if (process != null) {
      // SIGTERM, the server's orderly shutdown; through the handle, which (unlike Process.destroy) leaves
      // the output pipe open for what the server says as it stops.
      process.toHandle().destroy();
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        reader.join(10_000); // the last lines: what the server said as it stopped
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
    if (catalog != null) {
      RockLakeTarget.delete(catalog);
      catalog = null;
    }
  }

  @Override public String describe() {
    return "RockLake started afresh by " + launcher + " for every scenario, after no earlier replay";
  }

  @Override public void close() {
    stop();
    RockLakeTarget.delete(root);
  }
}
