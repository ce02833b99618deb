package io.rocklake.conformance.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rocklake serve ARGS} in a child JVM on this JVM's class path, as an operator runs it: waited
 * for until its banner says where it listens (and where its metrics are), killed with SIGKILL by
 * {@link #kill()} — no shutdown hook, nothing closed — or stopped with SIGTERM by {@link #close()}.
 */
final class ServeChild implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("rocklake: listening on [0-9.]+:(\\d+) .*");
  private static final Pattern METRICS = Pattern.compile("rocklake: metrics on http://[0-9.]+:(\\d+)/metrics.*");

  private final Process process;
  private final StringBuffer transcript = new StringBuffer();
  private final CompletableFuture<Integer> port = new CompletableFuture<>();
  private final CompletableFuture<Integer> metricsPort = new CompletableFuture<>();
  private final CompletableFuture<Void> bannerDone = new CompletableFuture<>();

  private ServeChild(Process process) {
    this.process = process;
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          transcript.append(line).append('\n');
          Matcher m = LISTENING.matcher(line);
          if (m.matches()) {
            port.complete(Integer.parseInt(m.group(1)));
          }
          Matcher mm = METRICS.matcher(line);
          if (mm.matches()) {
            metricsPort.complete(Integer.parseInt(mm.group(1)));
          }
          if (line.startsWith("rocklake: any PostgreSQL client")) {
            bannerDone.complete(null);
          }
        }
      } catch (IOException e) {
        // the child is gone
      }
      port.completeExceptionally(new IllegalStateException("the server exited before listening:\n" + transcript));
      bannerDone.complete(null);
    }, "serve-child-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code serve args...} with {@code env} added, and waits until it listens. */
  static ServeChild serve(Map<String, String> env, String... args) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xss4m",
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        "io.rocklake.server.cli.RockLakeCli", "serve"));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().remove("ROCKLAKE_PASSWORD");
    pb.environment().putAll(env);
    ServeChild child;
    try {
      child = new ServeChild(pb.start());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      child.port.get(180, TimeUnit.SECONDS);
      child.bannerDone.get(30, TimeUnit.SECONDS);
      if (List.of(args).contains("--metrics-bind")) {
        child.metricsPort.get(30, TimeUnit.SECONDS); // printed after the psql line
      }
    } catch (Exception e) {
      child.kill();
      throw new IllegalStateException("rocklake serve did not start:\n" + child.transcript, e);
    }
    return child;
  }

  int port() {
    return port.join();
  }

  /** The port of {@code /metrics}; the child must have been started with {@code --metrics-bind}. */
  int metricsPort() {
    return metricsPort.join();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  String transcript() {
    return transcript.toString();
  }

  /** SIGKILL, waited for: the catalog is left exactly as the kill found it. */
  void kill() {
    process.destroyForcibly();
    await();
  }

  private void await() {
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("rocklake serve " + process.pid() + " outlived its signal for 60 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override public void close() {
    if (process.isAlive()) {
      process.toHandle().destroy();
      await();
    }
  }
}
