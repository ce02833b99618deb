package io.rocklake.server.telemetry;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The HTTP endpoint of {@code --metrics-bind}: {@code GET /metrics} (Prometheus text format 0.0.4),
 * {@code /health} (200 while the process runs) and {@code /ready} (200 once the catalog is open and
 * the PostgreSQL endpoint listens, 503 before and while stopping). The JDK's own HTTP server on one
 * thread: a scrape every few seconds needs no more, and it adds no dependency.
 */
public final class MetricsEndpoint implements AutoCloseable {
  static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

  private final HttpServer http;
  private final ExecutorService thread;

  private MetricsEndpoint(HttpServer http, ExecutorService thread) {
    this.http = http;
    this.thread = thread;
  }

  /** Listens on {@code bind} (port 0: any free one); {@code metrics} is null until the catalog is open. */
  public static MetricsEndpoint start(InetSocketAddress bind, Supplier<String> metrics, BooleanSupplier ready) {
    HttpServer http;
    try {
      http = HttpServer.create(bind, 16);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on " + bind.getHostString() + ":" + bind.getPort() + " for "
          + "--metrics-bind: " + e.getMessage(), e);
    }
    ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "rocklake-metrics-http");
      t.setDaemon(true);
      return t;
    });
    http.setExecutor(thread);
    http.createContext("/metrics", ex -> {
      String text = metrics.get();
      answer(ex, text == null ? 503 : 200, text == null ? "catalog not open yet\n" : text, PROMETHEUS_TEXT);
    });
    http.createContext("/health", ex -> answer(ex, 200, "ok\n", "text/plain; charset=utf-8"));
    http.createContext("/ready", ex -> {
      boolean r = ready.getAsBoolean();
      answer(ex, r ? 200 : 503, r ? "ready\n" : "not ready\n", "text/plain; charset=utf-8");
    });
    http.start();
    return new MetricsEndpoint(http, thread);
  }

  private static void answer(HttpExchange ex, int status, String body, String contentType) throws IOException {
    try (ex) {
      if (!ex.getRequestMethod().equals("GET") && !ex.getRequestMethod().equals("HEAD")) {
        ex.getResponseHeaders().set("Allow", "GET, HEAD");
        ex.sendResponseHeaders(405, -1);
        return;
      }
      String path = ex.getRequestURI().getPath();
      if (!path.equals(ex.getHttpContext().getPath())) {
        ex.sendResponseHeaders(404, -1);
        return;
      }
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", contentType);
      if (ex.getRequestMethod().equals("HEAD")) {
        ex.sendResponseHeaders(status, -1);
        return;
      }
      ex.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  public InetSocketAddress address() {
    return http.getAddress();
  }

  @Override public void close() {
    http.stop(0);
    thread.shutdownNow();
  }
}
