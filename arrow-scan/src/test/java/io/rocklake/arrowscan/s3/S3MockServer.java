package io.rocklake.arrowscan.s3;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The S3-compatible test server: S3Mock's standalone jar (copied into target/s3mock by this module's
 * build, as kv-store's does) run as a child JVM on a free port with its own store folder. Closing
 * kills it and removes its folder; it also halts by itself if the test JVM dies without running
 * shutdown hooks. A copy of kv-store's test server, so arrow-scan does not depend on kv-store.
 */
public final class S3MockServer implements AutoCloseable {
  public static final String ACCESS_KEY = "test";
  public static final String SECRET_KEY = "test";
  private static final long READY_TIMEOUT_SECONDS = 180;
  private static S3MockServer shared;

  private final Process process;
  private final URI endpoint;
  private final Path root;
  private final Path log;

  private S3MockServer(Process process, URI endpoint, Path root, Path log) {
    this.process = process;
    this.endpoint = endpoint;
    this.root = root;
    this.log = log;
  }

  /** One server for the whole test JVM, stopped when it exits. */
  public static synchronized S3MockServer shared() {
    if (shared == null) {
      S3MockServer started = start();
      Runtime.getRuntime().addShutdownHook(new Thread(started::close, "s3mock-stop"));
      shared = started;
    }
    return shared;
  }

  /** A server of the caller's own, to close when done. */
  public static S3MockServer start() {
    String jar = System.getProperty("s3mock.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException("S3Mock jar not found (system property s3mock.jar=" + jar
          + "); run the tests through Maven, which copies it into target/s3mock");
    }
    try {
      Path root = Files.createTempDirectory("s3mock-root");
      Path log = Files.createTempFile("s3mock", ".log");
      int port = freePort();
      String java = ProcessHandle.current().info().command().orElse("java");
      String launcherDir = Path.of(S3MockLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      ProcessBuilder pb = new ProcessBuilder(List.of(
          java,
          "-Xmx384m",
          "-XX:TieredStopAtLevel=1",
          // The launcher halts the child when this JVM dies, so no server outlives its tests.
          "-Drocklake.parent.pid=" + ProcessHandle.current().pid(),
          "-cp", jar + File.pathSeparator + launcherDir,
          S3MockLauncher.class.getName(),
          "--server.port=0", // the HTTPS connector: any free port, unused
          "--http.port=" + port,
          "--spring.main.banner-mode=off"));
      pb.environment().put("COM_ADOBE_TESTING_S3MOCK_STORE_ROOT", root.toString());
      pb.redirectErrorStream(true);
      pb.redirectOutput(log.toFile());
      S3MockServer server = new S3MockServer(pb.start(), URI.create("http://127.0.0.1:" + port), root, log);
      server.awaitReady();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start S3Mock", e);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public URI endpoint() {
    return endpoint;
  }

  /** A client for this server, scoped to nothing: callers name the bucket per request. */
  public S3Client client() {
    return settings().client();
  }

  /** How to reach this server. */
  public S3Settings settings() {
    return S3Settings.s3Compatible(endpoint, ACCESS_KEY, SECRET_KEY);
  }

  public void createBucket(String bucket) {
    try (S3Client client = client()) {
      client.createBucket(b -> b.bucket(bucket));
    }
  }

  /** The environment a RockLake process needs to reach this server. */
  public Map<String, String> env() {
    return Map.of(
        "AWS_ENDPOINT_URL", endpoint.toString(),
        "AWS_ACCESS_KEY_ID", ACCESS_KEY,
        "AWS_SECRET_ACCESS_KEY", SECRET_KEY,
        "AWS_REGION", "us-east-1");
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + READY_TIMEOUT_SECONDS * 1_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("S3Mock exited early; log: " + tail());
      }
      try {
        HttpURLConnection c = (HttpURLConnection) endpoint.toURL().openConnection();
        c.setConnectTimeout(500);
        c.setReadTimeout(2000);
        int code = c.getResponseCode();
        c.disconnect();
        if (code > 0) {
          return;
        }
      } catch (IOException notYet) {
        // still starting
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    String tail = tail();
    close();
    throw new IllegalStateException("S3Mock did not answer within " + READY_TIMEOUT_SECONDS + " s; log: " + tail);
  }

  /** The last lines of the server's log, for failure messages. */
  public String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  @Override public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> s = Files.walk(root)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException ignored) {
      // a leftover temp folder
    }
    log.toFile().delete();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    }
  }
}
