package io.rocklake.kv;

/** This writer was superseded by a writer with a newer epoch; it must stop and never write again. */
public final class FencedException extends KvException {
  private static final long serialVersionUID = 1L;
  private final long ownEpoch;
  private final long fencingEpoch;

  public FencedException(long ownEpoch, long fencingEpoch, String where) {
    super("writer epoch " + ownEpoch + " fenced by epoch " + fencingEpoch + " (" + where + ")");
    this.ownEpoch = ownEpoch;
    this.fencingEpoch = fencingEpoch;
  }

  public long ownEpoch() {
    return ownEpoch;
  }

  public long fencingEpoch() {
    return fencingEpoch;
  }
}
