package io.rocklake.catalog.lake;

import static io.rocklake.catalog.lake.CatalogLookups.col;
import static io.rocklake.catalog.lake.CatalogLookups.where;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Data files left out of a scan by their partition values: a file written under a partition spec
 * ({@code ducklake_data_file.partition_id}, whose keys are {@code ducklake_partition_column} rows) has
 * one {@code ducklake_file_partition_value} per key. Under the {@code identity} transform every row of
 * the file has that value in the key's column; under {@code year}, {@code month}, {@code day} and
 * {@code hour} of a date or timestamp column the keys together bound the column to a stretch of time
 * ({@link TemporalPartitionSpan}). When {@link FileRanges} confine the column and the value or the
 * stretch lies outside, the file holds no row the query keeps.
 *
 * <p>Safe by construction, as {@link FileRanges}: a value is read as a value of the column's type
 * (integers, decimals, floats, varchar, dates, timestamps, each in its own order); a file without a
 * partition_id, a key without a value, a NULL value, {@code __HIVE_DEFAULT_PARTITION__} or a value that
 * is not of the column's type keeps the file. {@code bucket(n)} hashes values and the {@code epoch_*}
 * transforms are not read: they never prune.
 */
final class LakePartitionPruning {
  private static final String IDENTITY = "identity";
  private static final Set<String> TEMPORAL = Set.of("year", "month", "day", "hour");

  /** A partition spec's keys on columns the ranges confine: identity keys, and temporal keys per column. */
  private static final class Keys {
    /** partition_key_index → column_id. */
    final Map<Long, Long> identity = new HashMap<>();
    /** column_id → transform → partition_key_index. */
    final Map<Long, Map<String, Long>> temporal = new HashMap<>();
  }

  private final Map<Long, Keys> prunableKeys;
  /** Per data_file_id, per partition_key_index, the file's value of the key. */
  private final Map<Long, Map<Long, String>> values;
  private final FileRanges ranges;

  private LakePartitionPruning(Map<Long, Keys> prunableKeys, Map<Long, Map<Long, String>> values, FileRanges ranges) {
    this.prunableKeys = prunableKeys;
    this.values = values;
    this.ranges = ranges;
  }

  /** The table's identity and temporal partition keys on columns {@code ranges} confine, and its files' values of them. */
  static LakePartitionPruning of(CatalogTransaction tx, long tableId, FileRanges ranges) {
    RelationDef keys = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_partition_column");
    Map<Long, Keys> prunable = new HashMap<>();
    for (CatalogRow r : tx.scan(keys, where(keys, "table_id", tableId))) {
      Long columnId = (Long) r.get(col(keys, "column_id"));
      Object transform = r.get(col(keys, "transform"));
      if (columnId == null || !ranges.constrains(columnId) || !(transform instanceof String t)) {
        continue;
      }
      Long keyIndex = (Long) r.get(col(keys, "partition_key_index"));
      Long partitionId = (Long) r.get(col(keys, "partition_id"));
      if (IDENTITY.equals(t)) {
        prunable.computeIfAbsent(partitionId, p -> new Keys()).identity.put(keyIndex, columnId);
      } else if (TEMPORAL.contains(t)) {
        prunable.computeIfAbsent(partitionId, p -> new Keys()).temporal
            .computeIfAbsent(columnId, c -> new HashMap<>()).put(t, keyIndex);
      }
    }
    Map<Long, Map<Long, String>> values = new HashMap<>();
    if (!prunable.isEmpty()) {
      RelationDef rel = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_file_partition_value");
      for (CatalogRow r : tx.scan(rel, where(rel, "table_id", tableId))) {
        values.computeIfAbsent((Long) r.get(col(rel, "data_file_id")), f -> new HashMap<>())
            .put((Long) r.get(col(rel, "partition_key_index")), (String) r.get(col(rel, "partition_value")));
      }
    }
    return new LakePartitionPruning(prunable, values, ranges);
  }

  /** True when the file, written under {@code partitionId} (null: none), holds no row in the ranges. */
  boolean excludes(long dataFileId, Long partitionId) {
    Keys keys = partitionId == null ? null : prunableKeys.get(partitionId);
    Map<Long, String> fileValues = values.get(dataFileId);
    if (keys == null || fileValues == null) {
      return false;
    }
    for (Map.Entry<Long, Long> key : keys.identity.entrySet()) {
      if (ranges.excludesValue(key.getValue(), fileValues.get(key.getKey()))) {
        return true;
      }
    }
    for (Map.Entry<Long, Map<String, Long>> column : keys.temporal.entrySet()) {
      Map<String, Long> byTransform = column.getValue();
      TemporalPartitionSpan span = TemporalPartitionSpan.of(value(fileValues, byTransform.get("year")),
          value(fileValues, byTransform.get("month")), value(fileValues, byTransform.get("day")),
          value(fileValues, byTransform.get("hour")));
      if (ranges.excludesSpan(column.getKey(), span)) {
        return true;
      }
    }
    return false;
  }

  private static String value(Map<Long, String> fileValues, Long keyIndex) {
    return keyIndex == null ? null : fileValues.get(keyIndex);
  }
}
