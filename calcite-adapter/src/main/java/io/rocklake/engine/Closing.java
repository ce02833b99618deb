package io.rocklake.engine;

/** Closes rows that hold resources until read to the end (a lake scan's file and batch); others hold none. */
final class Closing {
  private Closing() {}

  static void close(Object rows) {
    if (rows instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
