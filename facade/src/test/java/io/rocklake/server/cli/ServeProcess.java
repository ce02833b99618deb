package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rocklake serve} as a child process (optionally behind a launcher such as {@code prlimit}),
 * with its merged output collected line by line and the port it printed.
 */
public final class ServeProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("rocklake: listening on 127\\.0\\.0\\.1:(\\d+) .*");

  private final Process process;
  private final BlockingQueue<String> unread = new LinkedBlockingQueue<>();
  private final StringBuffer transcript = new StringBuffer();
  private final Thread reader;
  private int port = -1;

  private ServeProcess(Process process) {
    this.process = process;
    reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          transcript.append(line).append('\n');
          unread.add(line);
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "serve-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code launcher... java ... RockLakeCli args...}; does not wait for anything. */
  static ServeProcess launch(List<String> launcher, Map<String, String> env, String... args) throws IOException {
    return launch(launcher, List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), env, args);
  }

  /** The same with these JVM options (a heap limit, a collector) instead of the fast-start ones. */
  static ServeProcess launch(List<String> launcher, List<String> jvmOptions, Map<String, String> env, String... args)
      throws IOException {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(launcher);
    command.add(java);
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), RockLakeCli.class.getName()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().remove("ROCKLAKE_PASSWORD");
    pb.environment().remove("ROCKLAKE_USER");
    pb.environment().putAll(env);
    return new ServeProcess(pb.start());
  }

  /** {@code serve --bind 127.0.0.1:0 args...}, waited for until it prints where it listens. */
  static ServeProcess serve(List<String> launcher, Map<String, String> env, Path catalog, String... args)
      throws IOException, InterruptedException {
    return serve(launcher, List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), env, catalog, args);
  }

  /** {@code serve} on {@code catalog} with these JVM options, waited for until it listens. */
  public static ServeProcess serve(List<String> jvmOptions, Path catalog) throws IOException, InterruptedException {
    return serve(List.of(), jvmOptions, Map.of(), catalog);
  }

  private static ServeProcess serve(List<String> launcher, List<String> jvmOptions, Map<String, String> env,
      Path catalog, String... args) throws IOException, InterruptedException {
    return serveAt(launcher, jvmOptions, env, List.of("--catalog", catalog.toString()), args);
  }

  /** {@code serve --catalog-root root --bind 127.0.0.1:0 args...}, waited for until it listens. */
  static ServeProcess serveRoot(Path root, String... args) throws IOException, InterruptedException {
    return serveAt(List.of(), List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"), Map.of(),
        List.of("--catalog-root", root.toString()), args);
  }

  private static ServeProcess serveAt(List<String> launcher, List<String> jvmOptions, Map<String, String> env,
      List<String> where, String... args) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(List.of("serve"));
    all.addAll(where);
    all.addAll(List.of("--bind", "127.0.0.1:0"));
    all.addAll(List.of(args));
    ServeProcess p = launch(launcher, jvmOptions, env, all.toArray(String[]::new));
    String line = p.awaitLine(l -> LISTENING.matcher(l).matches(), 60);
    Matcher m = LISTENING.matcher(line);
    assertThat(m.matches()).isTrue();
    p.port = Integer.parseInt(m.group(1));
    p.awaitLine(l -> l.startsWith("ATTACH "), 10);
    return p;
  }

  /** The next line matching {@code wanted}, skipping the others; fails with the transcript if none comes in time. */
  String awaitLine(Predicate<String> wanted, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (true) {
      String line = unread.poll(200, TimeUnit.MILLISECONDS);
      if (line == null) {
        boolean over = System.nanoTime() > deadline || (!reader.isAlive() && unread.isEmpty());
        assertThat(over ? null : "waiting").as("the server's output (it has %s):%n%s",
            process.isAlive() ? "not exited" : "exited with " + process.exitValue(), transcript).isNotNull();
        continue;
      }
      if (wanted.test(line)) {
        return line;
      }
    }
  }

  public int port() {
    return port;
  }

  public long pid() {
    return process.pid();
  }

  public Process process() {
    return process;
  }

  public String transcript() {
    return transcript.toString();
  }

  /** The child's thread count, from the kernel ({@code Threads:} of /proc/PID/status). */
  int threads() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid()), "status"))) {
      if (line.startsWith("Threads:")) {
        return Integer.parseInt(line.substring("Threads:".length()).trim());
      }
    }
    throw new IllegalStateException("no Threads: line for " + pid());
  }

  /** The child's open file descriptors. */
  int openFileDescriptors() throws IOException {
    try (var s = Files.list(Path.of("/proc", String.valueOf(pid()), "fd"))) {
      return (int) s.count();
    }
  }

  /** Sends a signal by name (HUP, TERM, ...) with kill(1). */
  void signal(String name) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(pid())).redirectErrorStream(true).start();
    assertThat(kill.waitFor()).isZero();
  }

  /** Waits for the process to exit and its output to be read to the end; its exit status. */
  public int awaitExit(long seconds) throws InterruptedException {
    assertThat(process.waitFor(seconds, TimeUnit.SECONDS)).as("the server exits within %d s:%n%s", seconds, transcript)
        .isTrue();
    reader.join(10_000);
    return process.exitValue();
  }

  @Override public void close() {
    process.toHandle().destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
