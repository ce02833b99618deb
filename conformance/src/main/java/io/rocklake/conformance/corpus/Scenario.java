package io.rocklake.conformance.corpus;

import io.rocklake.conformance.wire.StartupParameters;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** One captured DuckDB session: its script, its wire messages and its lake data folder. */
public record Scenario(String name, Path corpusDir, List<CapturedMessage> messages) {

  /** Connection numbers in order of first appearance. */
  public List<Integer> connections() {
    return List.copyOf(new TreeSet<>(messages.stream().map(CapturedMessage::conn).toList()));
  }

  /** The database the captured StartupMessages asked for (every connection asks for the same). */
  public String database() {
    return startupParameters().map(p -> p.get("database")).orElseThrow(
        () -> new IllegalStateException("scenario " + name + " has no StartupMessage with a database"));
  }

  public Optional<StartupParameters> startupParameters() {
    return messages.stream()
        .filter(m -> m.type().equals(CapturedMessage.STARTUP))
        .findFirst()
        .map(m -> StartupParameters.parse(m.payload()));
  }

  /**
   * The same session asking for {@code database} in every StartupMessage: the captures name their
   * database nowhere else, so this replays a session into another database (a fresh catalog of a
   * {@code --catalog-root} server, say) unchanged otherwise.
   */
  public Scenario withDatabase(String database) {
    List<CapturedMessage> rewritten = messages.stream().map(m -> !m.type().equals(CapturedMessage.STARTUP) ? m
        : new CapturedMessage(m.seq(), m.conn(), m.direction(), m.type(),
            StartupParameters.parse(m.payload()).with("database", database).payload())).toList();
    return new Scenario(name, corpusDir, rewritten);
  }

  public long frontendCount() {
    return messages.stream().filter(CapturedMessage::isFrontend).count();
  }

  public Path script() {
    return corpusDir.resolve(name + ".sql");
  }
}
