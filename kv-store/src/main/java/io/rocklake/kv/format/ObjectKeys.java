package io.rocklake.kv.format;

/** Names of numbered objects: {@code manifest/{20-digit id}.manifest} and {@code wal/{20-digit id}.wal}. */
public final class ObjectKeys {
  private ObjectKeys() {}

  public static final String MANIFEST_PREFIX = "manifest/";
  public static final String WAL_PREFIX = "wal/";
  public static final String SST_PREFIX = "sst/";

  public static String manifest(long id) {
    return String.format("%s%020d.manifest", MANIFEST_PREFIX, id);
  }

  public static String wal(long id) {
    return String.format("%s%020d.wal", WAL_PREFIX, id);
  }

  public static long parseManifestId(String key) {
    return parseNumbered(key, MANIFEST_PREFIX, ".manifest");
  }

  public static long parseWalId(String key) {
    return parseNumbered(key, WAL_PREFIX, ".wal");
  }

  /** The SST id of {@code sst/{id}.sst}, or null for anything else (temp files, strays). */
  public static String parseSstId(String key) {
    if (!key.startsWith(SST_PREFIX) || !key.endsWith(".sst")) {
      return null;
    }
    String id = key.substring(SST_PREFIX.length(), key.length() - 4);
    return Ulid.isValid(id) ? id : null;
  }

  /** The id, or -1 if the key is not a well-formed numbered object (e.g. a leftover temp file). */
  private static long parseNumbered(String key, String prefix, String suffix) {
    if (!key.startsWith(prefix) || !key.endsWith(suffix) || key.length() != prefix.length() + 20 + suffix.length()) {
      return -1;
    }
    String digits = key.substring(prefix.length(), prefix.length() + 20);
    for (int i = 0; i < digits.length(); i++) {
      if (!Character.isDigit(digits.charAt(i))) {
        return -1;
      }
    }
    return Long.parseLong(digits);
  }
}
