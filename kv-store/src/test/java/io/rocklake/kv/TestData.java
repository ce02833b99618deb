package io.rocklake.kv;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Small helpers shared by the kv-store specs. */
public final class TestData {
  private TestData() {}

  public static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  public static String s(byte[] b) {
    return new String(b, UTF_8);
  }

  /** Everything a reader sees, as strings, in scan order. */
  public static TreeMap<String, String> dump(KvReader reader) {
    return toMap(reader.scan(null, null));
  }

  public static TreeMap<String, String> toMap(Iterator<KeyValue> it) {
    TreeMap<String, String> out = new TreeMap<>();
    List<String> order = new ArrayList<>();
    while (it.hasNext()) {
      KeyValue kv = it.next();
      order.add(s(kv.key()));
      out.put(s(kv.key()), s(kv.value()));
    }
    if (!order.equals(new ArrayList<>(out.keySet()))) {
      throw new AssertionError("scan out of order or with duplicates: " + order);
    }
    return out;
  }

  /** Applies a batch given as key -> value (null value = delete) to a model map. */
  public static void apply(Map<String, String> model, Map<String, String> batch) {
    batch.forEach((k, v) -> {
      if (v == null) {
        model.remove(k);
      } else {
        model.put(k, v);
      }
    });
  }

  public static WriteBatch toBatch(Map<String, String> batch) {
    WriteBatch wb = new WriteBatch();
    batch.forEach((k, v) -> {
      if (v == null) {
        wb.delete(b(k));
      } else {
        wb.put(b(k), b(v));
      }
    });
    return wb;
  }

  /**
   * Writes keys {@code prefix000000 ...} ({@code count} of them, six digits) with values
   * {@code valuePrefix + i}, a thousand to a batch.
   */
  public static void writeNumbered(Db db, String prefix, int count, String valuePrefix) {
    WriteBatch batch = new WriteBatch();
    for (int i = 0; i < count; i++) {
      batch.put(b(String.format("%s%06d", prefix, i)), b(valuePrefix + i));
      if (batch.size() == 1000) {
        db.write(batch);
        batch = new WriteBatch();
      }
    }
    if (!batch.isEmpty()) {
      db.write(batch);
    }
  }

  /** Options that make flushes, compaction and collection deterministic (no background thread, tiny tables). */
  public static DbOptions deterministic() {
    return DbOptions.defaults()
        .withBackgroundCompaction(false)
        .withMemtableFlushBytes(Long.MAX_VALUE)
        .withBlockSize(256)
        .withSstTargetBytes(2048)
        .withL0CompactionTrigger(Integer.MAX_VALUE)
        .withWalFlushObjects(Integer.MAX_VALUE)
        .withGcInterval(java.time.Duration.ZERO);
  }
}
