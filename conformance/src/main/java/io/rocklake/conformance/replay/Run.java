package io.rocklake.conformance.replay;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Direction;
import java.util.ArrayList;
import java.util.List;

/** A maximal sequence of captured messages that one side sent on one connection without a reply. */
record Run(int conn, Direction direction, List<CapturedMessage> messages) {

  int firstSeq() {
    return messages.get(0).seq();
  }

  static List<Run> of(List<CapturedMessage> messages) {
    List<Run> runs = new ArrayList<>();
    List<CapturedMessage> current = new ArrayList<>();
    for (CapturedMessage m : messages) {
      if (!current.isEmpty()
          && (current.get(0).conn() != m.conn() || current.get(0).direction() != m.direction())) {
        runs.add(new Run(current.get(0).conn(), current.get(0).direction(), List.copyOf(current)));
        current.clear();
      }
      current.add(m);
    }
    if (!current.isEmpty()) {
      runs.add(new Run(current.get(0).conn(), current.get(0).direction(), List.copyOf(current)));
    }
    return runs;
  }
}
