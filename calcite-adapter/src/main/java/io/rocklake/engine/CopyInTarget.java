package io.rocklake.engine;

/** Receives the rows of a {@code COPY ... FROM STDIN}, decoded per {@link Outcome.CopyIn#fields()}. */
public interface CopyInTarget {

  /** One row, values as the fields' codecs decode them (null for NULL). */
  void row(Object[] values);

  /** The stream ended with CopyDone: applies the rows; returns how many (the {@code COPY n} tag). */
  long finish();

  /** The stream failed (CopyFail or a decoding error): nothing of it is applied. */
  void abandon();
}
