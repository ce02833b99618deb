package io.rocklake.conformance.inventory;

/** How a statement reached the server. */
public enum MessageKind {
  SIMPLE_QUERY("simple query"),
  PARSE("parse"),
  COPY_IN("COPY in"),
  COPY_OUT("COPY out");

  private final String label;

  MessageKind(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
