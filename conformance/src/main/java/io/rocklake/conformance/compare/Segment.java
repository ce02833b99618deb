package io.rocklake.conformance.compare;

import io.rocklake.conformance.wire.WireMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * A unit of a backend response that is compared as a whole: a row set (RowDescription, DataRows,
 * CommandComplete), a COPY-out stream (CopyOutResponse, CopyData..., CopyDone, CommandComplete), or
 * a single message.
 */
record Segment(Kind kind, List<WireMessage> messages) {
  enum Kind { ROWSET, COPY_OUT, SINGLE }

  /** True when this segment ends one statement of a (multi-statement) query. */
  boolean completesStatement() {
    char last = messages.get(messages.size() - 1).type();
    return last == 'C' || last == 'E' || last == 'I' || last == 'G';
  }

  WireMessage first() {
    return messages.get(0);
  }

  WireMessage last() {
    return messages.get(messages.size() - 1);
  }

  String typeString() {
    StringBuilder sb = new StringBuilder();
    for (WireMessage m : messages) {
      sb.append(m.type());
    }
    return sb.toString();
  }

  static List<Segment> of(List<WireMessage> messages) {
    List<Segment> out = new ArrayList<>();
    int i = 0;
    while (i < messages.size()) {
      WireMessage m = messages.get(i);
      int j = i + 1;
      if (m.type() == 'T' || m.type() == 'D') {
        while (j < messages.size() && messages.get(j).type() == 'D') {
          j++;
        }
        if (j < messages.size() && (messages.get(j).type() == 'C' || messages.get(j).type() == 'E')) {
          j++;
        }
        out.add(new Segment(Kind.ROWSET, List.copyOf(messages.subList(i, j))));
      } else if (m.type() == 'H') {
        while (j < messages.size() && messages.get(j).type() == 'd') {
          j++;
        }
        if (j < messages.size() && messages.get(j).type() == 'c') {
          j++;
        }
        if (j < messages.size() && (messages.get(j).type() == 'C' || messages.get(j).type() == 'E')) {
          j++;
        }
        out.add(new Segment(Kind.COPY_OUT, List.copyOf(messages.subList(i, j))));
      } else {
        out.add(new Segment(Kind.SINGLE, List.of(m)));
      }
      i = j;
    }
    return out;
  }
}
