package io.rocklake.kv.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An S3 endpoint's refusals carry their typed reason: 403 is a permission, 507 a full backend. */
class S3FailureReasonTest {
  private HttpServer server;
  private volatile int status;
  private volatile String code;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      S3ErrorResponses.send(exchange, status, code, "refused");
      exchange.close();
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private S3ObjectStore store() {
    URI endpoint = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    return new S3ObjectStore(new S3ObjectStore.Config(endpoint, "us-east-1", "bucket", "p", "k", "s", true, 1));
  }

  @Test
  void aForbiddenWriteIsPermissionDenied() {
    status = 403;
    code = "AccessDenied";
    try (S3ObjectStore store = store()) {
      assertThatThrownBy(() -> store.putIfAbsent("wal/00000000000000000001.wal", new byte[] {1}))
          .isInstanceOfSatisfying(ObjectStoreException.class,
              e -> assertThat(e.reason()).isEqualTo(StoreFailureReason.PERMISSION_DENIED))
          .hasMessageStartingWith("S3 create-if-absent wal/00000000000000000001.wal failed: ");
    }
  }

  @Test
  void aFullBackendIsNoSpace() {
    status = 507;
    code = "XMinioStorageFull";
    try (S3ObjectStore store = store()) {
      assertThatThrownBy(() -> store.put("sst/x.sst", new byte[] {1}))
          .isInstanceOfSatisfying(ObjectStoreException.class,
              e -> assertThat(e.reason()).isEqualTo(StoreFailureReason.NO_SPACE));
    }
  }

  @Test
  void anyOtherErrorIsOther() {
    status = 500;
    code = "InternalError";
    try (S3ObjectStore store = store()) {
      assertThatThrownBy(() -> store.put("sst/x.sst", new byte[] {1}))
          .isInstanceOfSatisfying(ObjectStoreException.class,
              e -> assertThat(e.reason()).isEqualTo(StoreFailureReason.OTHER));
    }
  }
}
