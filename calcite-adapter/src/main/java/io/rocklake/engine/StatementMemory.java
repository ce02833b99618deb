package io.rocklake.engine;

import io.rocklake.catalog.SqlState;

/**
 * The heap that statements being parsed and planned may take, shared by every session of a server.
 * Calcite's parser, validator and planner hold many times a statement's text while they work (a
 * 60 MB string literal peaked near 1.9 GB of heap, about 31 times its size; lists of small literals
 * cost more per byte), so a few large statements at once could exhaust the heap and end the server
 * in OutOfMemoryError. Before a large text is even buffered its estimate ({@link #AMPLIFICATION}
 * times its bytes) is reserved here: a statement larger than the whole budget is 54000
 * program_limit_exceeded, one that does not fit beside those running now 53200 out_of_memory. Texts
 * under {@link #MIN_RESERVED_BYTES} are not counted: they cannot endanger the heap, and counting
 * them would cost every small statement a lock.
 */
public final class StatementMemory {
  /** Heap bytes a statement may take per byte of its text while it is parsed and planned. */
  public static final int AMPLIFICATION = 64;
  /** The share of the maximum heap statements may take together unless configured otherwise. */
  public static final double DEFAULT_HEAP_FRACTION = 0.5;
  /** The system property that sets that share (0 &lt; fraction &le; 1), e.g. {@code -Drocklake.statementMemoryFraction=0.3}. */
  public static final String FRACTION_PROPERTY = "rocklake.statementMemoryFraction";
  /** Texts smaller than this are not reserved. */
  public static final int MIN_RESERVED_BYTES = 1 << 20;

  private static final long MB = 1 << 20;
  private final long budget;
  private long used;

  public StatementMemory(long budgetBytes) {
    if (budgetBytes <= 0) {
      throw new IllegalArgumentException("statement memory budget must be positive: " + budgetBytes);
    }
    this.budget = budgetBytes;
  }

  /** A budget of the configured share of this JVM's maximum heap. */
  public static StatementMemory ofHeap() {
    double fraction = DEFAULT_HEAP_FRACTION;
    String configured = System.getProperty(FRACTION_PROPERTY);
    if (configured != null) {
      try {
        fraction = Double.parseDouble(configured);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(FRACTION_PROPERTY + " must be a number, not " + configured);
      }
      if (!(fraction > 0 && fraction <= 1)) {
        throw new IllegalArgumentException(FRACTION_PROPERTY + " must be in (0, 1], not " + configured);
      }
    }
    return new StatementMemory((long) (Runtime.getRuntime().maxMemory() * fraction));
  }

  public long budgetBytes() {
    return budget;
  }

  public synchronized long usedBytes() {
    return used;
  }

  /** What a text of this many bytes is estimated to take, 0 below {@link #MIN_RESERVED_BYTES}. */
  public static long estimate(long textBytes) {
    return textBytes < MIN_RESERVED_BYTES ? 0 : textBytes * AMPLIFICATION;
  }

  /**
   * Reserves the estimate for a text of this many bytes until the reservation is closed.
   *
   * @throws EngineException 54000 if it exceeds the whole budget, 53200 if it does not fit now
   */
  public Reservation reserve(long textBytes) {
    long need = estimate(textBytes);
    if (need > budget) {
      throw new EngineException(SqlState.PROGRAM_LIMIT_EXCEEDED, "statement too large: a text of " + mb(textBytes) + " MB needs about "
          + mb(need) + " MB of memory to parse and plan; the server has " + mb(budget) + " MB of statement memory",
          "Send smaller statements, or give the server more heap (-Xmx) or a larger " + FRACTION_PROPERTY + ".");
    }
    synchronized (this) {
      if (used + need > budget) {
        throw new EngineException(SqlState.OUT_OF_MEMORY, "out of memory: the statement needs about " + mb(need)
            + " MB; the server has " + mb(budget) + " MB of statement memory and " + mb(used) + " MB in use",
            "Retry when fewer large statements run at once.");
      }
      used += need;
    }
    return new Reservation(need);
  }

  private static long mb(long bytes) {
    return (bytes + MB - 1) / MB;
  }

  /** Memory held for one statement; closing it (more than once is harmless) gives it back. */
  public final class Reservation implements AutoCloseable {
    private long bytes;

    private Reservation(long bytes) {
      this.bytes = bytes;
    }

    @Override public void close() {
      synchronized (StatementMemory.this) {
        used -= bytes;
        bytes = 0;
      }
    }

    public boolean isReleased() {
      synchronized (StatementMemory.this) {
        return bytes == 0;
      }
    }
  }
}
