package io.rocklake.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocklake serve --metrics-bind ... --log-format json --slow-statement-ms 0} as its own process:
 * no library prints anything at start, every log line on its output is one JSON object, the
 * connection, the error and the slow statement are among them (the statement by its fingerprint,
 * without its literal), and {@code /metrics} answers over HTTP.
 */
class ServeLogsAndMetricsProcessTest {
  private static final Pattern METRICS = Pattern.compile("rocklake: metrics on http://127\\.0\\.0\\.1:(\\d+)/metrics .*");
  @TempDir Path dir;

  @Test
  void jsonLogLinesAndAScrapeFromAServeProcess() throws Exception {
    String transcript;
    int metricsPort;
    try (ServeProcess server = ServeProcess.serve(List.of(), Map.of(), dir.resolve("catalog"),
        "--metrics-bind", "127.0.0.1:0", "--log-format", "json", "--slow-statement-ms", "0")) {
      Matcher m = METRICS.matcher(server.awaitLine(l -> METRICS.matcher(l).matches(), 10));
      assertThat(m.matches()).isTrue();
      metricsPort = Integer.parseInt(m.group(1));
      String url = "jdbc:postgresql://127.0.0.1:" + server.port()
          + "/rocklake?user=duck&ApplicationName=ops&assumeMinServerVersion=16&preferQueryMode=simple";
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        s.executeQuery("SELECT 424242 AS answer").close();
        assertThatThrownBy(() -> s.execute("SELEC 1"))
            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42601"));
      }
      HttpResponse<String> scrape = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + metricsPort + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(scrape.statusCode()).isEqualTo(200);
      assertThat(scrape.body()).contains("rocklake_statements_total{class=\"query\",outcome=\"ok\"} 1.0");
      server.awaitLine(l -> l.contains("connection end: "), 10);
      server.close();
      transcript = server.transcript();
    }

    assertThat(transcript).as("no library talks at start").doesNotContain("SLF4J").doesNotContain("|-INFO")
        .doesNotContain("logback");
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> events = new ArrayList<>();
    for (String line : transcript.split("\n")) {
      if (!line.startsWith("rocklake: ") && !line.startsWith("ATTACH ")) {
        JsonNode event = json.readTree(line); // every other line is a log event, one JSON object each
        assertThat(event.isObject()).as(line).isTrue();
        assertThat(event.has("timestamp") && event.has("level") && event.has("loggerName")).as(line).isTrue();
        events.add(event);
      }
    }
    List<String> messages = events.stream().map(e -> e.get("formattedMessage").asText()).toList();
    assertThat(messages).anyMatch(t -> t.startsWith("server start: version ") && t.contains("listening on 127.0.0.1:")
        && t.contains("metrics on 127.0.0.1:" + metricsPort));
    assertThat(messages).anyMatch(t -> t.startsWith("connection start: ") && t.contains("user=duck application=\"ops\""));
    assertThat(messages).anyMatch(t -> t.startsWith("connection end: ") && t.contains("statements=1"));
    assertThat(messages).anyMatch(t -> t.startsWith("error sent: ERROR 42601 "));
    assertThat(messages).anyMatch(t -> t.startsWith("slow statement: ") && t.contains("class=query")
        && t.matches(".* fingerprint=[0-9a-f]{16} .*"));
    assertThat(messages).noneMatch(t -> t.contains("424242"));
    assertThat(messages).anyMatch(t -> t.startsWith("server stop: closed"));
  }
}
