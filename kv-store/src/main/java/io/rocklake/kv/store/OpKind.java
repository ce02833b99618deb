package io.rocklake.kv.store;

/** The kinds of object store request, as billed by object stores. */
public enum OpKind {
  GET,
  GET_RANGE,
  PUT,
  PUT_IF_ABSENT,
  LIST,
  DELETE;

  public boolean isWrite() {
    return this == PUT || this == PUT_IF_ABSENT || this == DELETE;
  }
}
