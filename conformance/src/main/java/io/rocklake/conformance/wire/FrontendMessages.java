package io.rocklake.conformance.wire;

import io.rocklake.conformance.corpus.CapturedMessage;
import java.util.Optional;

/** Reads the SQL text out of frontend Query and Parse messages. */
public final class FrontendMessages {
  private FrontendMessages() {}

  /** The SQL of a Query ('Q') or Parse ('P') message, if it is one. */
  public static Optional<String> sql(CapturedMessage m) {
    if (!m.isFrontend() || m.isUntyped()) {
      return Optional.empty();
    }
    PayloadReader r = new PayloadReader(m.payload());
    switch (m.type()) {
      case "Q":
        return Optional.of(r.cstring());
      case "P":
        r.cstring(); // statement name
        return Optional.of(r.cstring());
      default:
        return Optional.empty();
    }
  }
}
