package io.rocklake.kv.s3;

import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The S3-compatible test server: S3Mock's standalone jar (copied into target/ by the build) run as a
 * child JVM on a free port with its own store folder. One per test JVM; killed on exit, and it halts
 * by itself if this JVM dies without running shutdown hooks.
 */
public final class S3MockServer {
  private static S3MockServer instance;

  private final Process process;
  private final URI endpoint;
  private final Path log;

  private S3MockServer(Process process, URI endpoint, Path log) {
    this.process = process;
    this.endpoint = endpoint;
    this.log = log;
  }

  public static synchronized S3MockServer shared() {
    if (instance == null) {
      instance = start();
      S3MockServer started = instance;
      Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "s3mock-stop"));
    }
    return instance;
  }

  public URI endpoint() {
    return endpoint;
  }

  private static S3MockServer start() {
    String jar = System.getProperty("s3mock.jar");
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      throw new IllegalStateException(
          "S3Mock jar not found (system property s3mock.jar=" + jar + "); run the tests through Maven, which copies it into target/s3mock");
    }
    try {
      Path root = Files.createTempDirectory("s3mock-root");
      Path log = Files.createTempFile("s3mock", ".log");
      int port = freePort();
      String java = ProcessHandle.current().info().command().orElse("java");
      String launcherDir = Path.of(S3MockLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
      ProcessBuilder pb =
          new ProcessBuilder(
              List.of(
                  java,
                  "-Xmx384m",
                  "-XX:TieredStopAtLevel=1",
                  // The launcher halts the child when this JVM dies, so no server outlives its tests.
                  "-Drocklake.parent.pid=" + ProcessHandle.current().pid(),
                  "-cp",
                  jar + File.pathSeparator + launcherDir,
                  S3MockLauncher.class.getName(),
                  "--server.port=0", // the HTTPS connector: any free port, unused
                  "--http.port=" + port,
                  "--spring.main.banner-mode=off"));
      pb.environment().put("COM_ADOBE_TESTING_S3MOCK_STORE_ROOT", root.toString());
      pb.redirectErrorStream(true);
      pb.redirectOutput(log.toFile());
      Process p = pb.start();
      URI endpoint = URI.create("http://127.0.0.1:" + port);
      S3MockServer server = new S3MockServer(p, endpoint, log);
      server.awaitReady();
      return server;
    } catch (IOException | java.net.URISyntaxException e) {
      throw new IllegalStateException("cannot start S3Mock", e);
    }
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + 120_000_000_000L;
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
    stop();
    throw new IllegalStateException("S3Mock did not answer within 120 s; log: " + tail());
  }

  private String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  public void stop() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    }
  }
}
