package io.rocklake.kv.store;

/** Thrown by {@link FaultInjectingObjectStore} once the modelled process has died. */
public final class SimulatedCrashException extends ObjectStoreException {
  private static final long serialVersionUID = 1L;

  public SimulatedCrashException() {
    super("simulated process crash: the store is unreachable from this process");
  }
}
