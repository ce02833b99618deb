package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Throttling and 5xx answers are retried with backoff; a flaky server is survived. */
class S3RetryTest {
  private HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private volatile int failFirst;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      int n = requests.incrementAndGet();
      exchange.getRequestBody().readAllBytes();
      if (n <= failFirst) {
        S3ErrorResponses.send(exchange, 503, "SlowDown", "Please reduce your request rate.");
      } else {
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
      }
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private S3ObjectStore store(int maxAttempts) {
    URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    return new S3ObjectStore(new S3ObjectStore.Config(endpoint, "us-east-1", "bucket", "p", "k", "s", true, maxAttempts));
  }

  @Test
  void aThrottledRequestSucceedsOnRetry() {
    failFirst = 2;
    try (S3ObjectStore store = store(5)) {
      assertThat(store.get("x")).hasValueSatisfying(v -> assertThat(new String(v, StandardCharsets.UTF_8)).isEqualTo("hello"));
    }
    assertThat(requests.get()).isEqualTo(3);
  }

  @Test
  void aServerThatKeepsFailingIsReportedAfterTheConfiguredAttempts() {
    failFirst = Integer.MAX_VALUE;
    try (S3ObjectStore store = store(3)) {
      assertThatThrownBy(() -> store.get("x")).isInstanceOf(ObjectStoreException.class).hasMessageContaining("S3 get x failed");
    }
    assertThat(requests.get()).isEqualTo(3);
  }
}
