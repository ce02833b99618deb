package io.rocklake.kv.manifest;

import java.util.UUID;

/**
 * A pinned manifest: while unexpired, garbage collection keeps that manifest and every SST it names,
 * so readers and catalog time travel can open the database exactly as it was.
 */
public record Checkpoint(UUID id, long manifestId, long createdAtMillis, long expiresAtMillis) {
  public static final long NEVER = Long.MAX_VALUE;

  public boolean isExpired(long nowMillis) {
    return nowMillis >= expiresAtMillis;
  }
}
