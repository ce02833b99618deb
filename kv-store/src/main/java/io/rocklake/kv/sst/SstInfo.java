package io.rocklake.kv.sst;

/**
 * What the manifest records about one SST: its id (the object is {@code sst/{id}.sst}), size, key
 * range and newest sequence number.
 */
public record SstInfo(String id, long size, byte[] firstKey, byte[] lastKey, long maxSeq) {

  public String objectKey() {
    return objectKey(id);
  }

  public static String objectKey(String id) {
    return "sst/" + id + ".sst";
  }
}
