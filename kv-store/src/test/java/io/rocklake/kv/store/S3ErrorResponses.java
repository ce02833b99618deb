package io.rocklake.kv.store;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The error answers a fake S3 endpoint sends in these specs: the status and S3's XML error body. */
final class S3ErrorResponses {
  private S3ErrorResponses() {}

  static void send(HttpExchange exchange, int status, String code, String message) throws IOException {
    byte[] body = ("<Error><Code>" + code + "</Code><Message>" + message + "</Message></Error>")
        .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/xml");
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
  }
}
