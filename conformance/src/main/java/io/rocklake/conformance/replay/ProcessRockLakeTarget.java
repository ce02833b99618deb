package io.rocklake.conformance.replay;

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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * RockLake in a child JVM ({@link ServerProcess}), one per scenario on a fresh catalog location,
 * which can be killed hard ({@link Process#destroyForcibly()}: SIGKILL, no shutdown hooks, no
 * close) and restarted on the same catalog: what a crash and a supervisor's restart do. A restart
 * asks for the same port; if the port cannot be bound again it takes any free one, and
 * {@link #restart()} says which.
 *
 * <p>The child runs this JVM's {@code java} on this JVM's class path, so it serves exactly the code
 * under test; with {@code --add-opens=java.base/java.nio=ALL-UNNAMED} for Arrow and the stack size
 * the tests use. It compiles with C1 only and collects with the serial collector: a child lives for
 * part of one scenario, too short for C2 to pay back its compile time (measured on 01_basic with two
 * restarts: 40 CPU seconds with C2, 21 without).
 */
public final class ProcessRockLakeTarget implements ReplayTarget {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  private static final int SAME_PORT_ATTEMPTS = 3;

  private final Path root;
  private final IntFunction<String> locations;
  private final Map<String, String> env;
  private final List<String> jvmOptions;
  private final boolean localFolders;
  private final List<String> log = new ArrayList<>();
  private int scenarios;
  private String location;
  private Process process;
  private Endpoint endpoint;
  private int restarts;
  private int portChanges;

  /** Catalogs in fresh local folders under a temporary directory. */
  public ProcessRockLakeTarget() {
    this.root = tempRoot();
    this.locations = n -> root.resolve("catalog-" + n).toString();
    this.env = Map.of();
    this.jvmOptions = List.of();
    this.localFolders = true;
  }

  /** Catalogs in fresh local folders, the child started with these JVM options too (e.g. {@code -Dname=value}). */
  public ProcessRockLakeTarget(List<String> jvmOptions) {
    this.root = tempRoot();
    this.locations = n -> root.resolve("catalog-" + n).toString();
    this.env = Map.of();
    this.jvmOptions = List.copyOf(jvmOptions);
    this.localFolders = true;
  }

  /**
   * Catalogs where {@code locations} says for the n-th scenario (1-based), e.g. fresh
   * {@code s3://bucket/prefix-n} prefixes, with {@code env} added to the child's environment
   * (AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, ...). Those locations are not cleaned up.
   */
  public ProcessRockLakeTarget(IntFunction<String> locations, Map<String, String> env) {
    this.root = tempRoot();
    this.locations = locations;
    this.env = Map.copyOf(env);
    this.jvmOptions = List.of();
    this.localFolders = false;
  }

  private static Path tempRoot() {
    try {
      return Files.createTempDirectory("rocklake-process-replay-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override public Endpoint prepare(String database) {
    stop();
    location = locations.apply(++scenarios);
    endpoint = launch(0);
    return endpoint;
  }

  /**
   * Kills the server with SIGKILL and starts a new one on the same catalog location, on the same
   * port if it can be bound again (a few attempts), otherwise on a free one.
   *
   * @return where the restarted server listens
   */
  public Endpoint restart() {
    if (location == null) {
      throw new IllegalStateException("no scenario prepared");
    }
    killHard();
    int previousPort = endpoint.port();
    IllegalStateException lastFailure = null;
    for (int attempt = 0; attempt < SAME_PORT_ATTEMPTS; attempt++) {
      try {
        endpoint = launch(previousPort);
        restarts++;
        return endpoint;
      } catch (PortTakenException e) {
        lastFailure = e;
        sleep(200L * (attempt + 1));
      }
    }
    logLine("port " + previousPort + " could not be bound again (" + lastFailure.getMessage() + "); taking a free one");
    endpoint = launch(0);
    restarts++;
    portChanges++;
    return endpoint;
  }

  /** SIGKILL, then waits until the process is gone; the catalog is left exactly as the kill found it. */
  public void killHard() {
    end("SIGKILL", Process::destroyForcibly);
  }

  /**
   * SIGTERM, then waits until the process is gone: the child's orderly exit, shutdown hooks
   * included. Its last lines reach {@link #log()} shortly after.
   */
  public void stopGracefully() {
    // Through the handle: unlike Process.destroy, it leaves the output pipe open for the last lines.
    end("SIGTERM", p -> p.toHandle().destroy());
  }

  private void end(String signal, java.util.function.Consumer<Process> send) {
    if (process == null) {
      return;
    }
    send.accept(process);
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("RockLake child " + process.pid() + " outlived " + signal + " for 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    process = null;
  }

  /** Restarts since this target was made. */
  public int restarts() {
    return restarts;
  }

  /** Restarts that could not get the old port back and moved to another. */
  public int portChanges() {
    return portChanges;
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  /** The catalog location of the scenario prepared last. */
  public String location() {
    return location;
  }

  /** The children's output (every start, every restart), for failure messages. */
  public synchronized String log() {
    List<String> tail = log.subList(Math.max(0, log.size() - 200), log.size());
    return String.join("\n", tail);
  }

  private synchronized void logLine(String line) {
    log.add(line);
  }

  private static final class PortTakenException extends IllegalStateException {
    PortTakenException(String message) {
      super(message);
    }
  }

  private Endpoint launch(int port) {
    String java = ProcessHandle.current().info().command().orElse(
        Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(
        java,
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Xss4m",
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC",
        "-Drocklake.parent.pid=" + ProcessHandle.current().pid()));
    command.addAll(jvmOptions);
    command.addAll(List.of(
        "-cp", System.getProperty("java.class.path"),
        ServerProcess.class.getName(),
        location,
        String.valueOf(port)));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
    String tag = "[pid " + p.pid() + "] ";
    logLine(tag + "started on " + location + (port == 0 ? " (any port)" : " (port " + port + ")"));
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          logLine(tag + line);
          if (line.startsWith(ServerProcess.READY)) {
            ready.complete(line.substring(ServerProcess.READY.length()).trim());
          } else if (line.startsWith(ServerProcess.PORT_TAKEN)) {
            ready.completeExceptionally(new PortTakenException(line));
          } else if (line.startsWith(ServerProcess.FAILED)) {
            ready.completeExceptionally(new IllegalStateException(line));
          }
        }
      } catch (IOException ignored) {
        // the child was killed
      }
      ready.completeExceptionally(new IllegalStateException("RockLake child exited before it was ready"));
    }, "rocklake-child-output-" + p.pid());
    reader.setDaemon(true);
    reader.start();
    try {
      String hostPort = ready.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      process = p;
      int colon = hostPort.lastIndexOf(':');
      return new Endpoint(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    } catch (ExecutionException e) {
      destroy(p);
      if (e.getCause() instanceof PortTakenException taken) {
        throw taken;
      }
      throw new IllegalStateException("RockLake child did not start on " + location + ":\n" + log(), e.getCause());
    } catch (TimeoutException e) {
      destroy(p);
      throw new IllegalStateException("RockLake child not ready within " + START_TIMEOUT.toSeconds() + " s:\n" + log());
    } catch (InterruptedException e) {
      destroy(p);
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static void destroy(Process p) {
    p.destroyForcibly();
    try {
      p.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override public String describe() {
    return "RockLake in a child JVM on " + (localFolders ? "fresh catalog folders under " + root : "fresh catalog locations");
  }

  private void stop() {
    killHard();
    if (localFolders && location != null) {
      RockLakeTarget.delete(Path.of(location));
    }
  }

  @Override public void close() {
    stop();
    RockLakeTarget.delete(root);
  }
}
