package io.rocklake.catalog.lake;

import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * Data files left out of a scan by their partition values: a file written under a partition spec
 * ({@code ducklake_data_file.partition_id}, whose keys are {@code ducklake_partition_column} rows) has
 * one {@code ducklake_file_partition_value} per key, and under the {@code identity} transform every row
 * of the file has that value in the key's column. When {@link FileRanges} confine that column and the
 * value lies outside, the file holds no row the query keeps.
 *
 * <p>Safe by construction, as {@link FileRanges}: only identity keys on columns with an integer range
 * prune; a file without a partition_id, a key without a value, a NULL value or one that is not an
 * integer keeps the file. Other transforms ({@code year}, {@code month}, {@code day}, {@code hour},
 * {@code bucket(n)}) never prune: the ranges a direct scan states are on integer columns, and those
 * transforms apply to temporal columns or hash their values.
 */
final class LakePartitionPruning {
  private static final String IDENTITY = "identity";

  /** Per partition_id, per partition_key_index, the column_id of an identity key the ranges confine. */
  private final Map<Long, Map<Long, Long>> prunableKeys;
  /** Per data_file_id, per partition_key_index, the file's value of the key. */
  private final Map<Long, Map<Long, String>> values;
  private final FileRanges ranges;

  private LakePartitionPruning(Map<Long, Map<Long, Long>> prunableKeys, Map<Long, Map<Long, String>> values,
      FileRanges ranges) {
    this.prunableKeys = prunableKeys;
    this.values = values;
    this.ranges = ranges;
  }

  /** The table's identity partition keys on columns {@code ranges} confine, and its files' values of them. */
  static LakePartitionPruning of(CatalogTransaction tx, long tableId, FileRanges ranges) {
    RelationDef keys = tx.requireRelation(DuckLakeRelations.SCHEMA, "ducklake_partition_column");
    Map<Long, Map<Long, Long>> prunable = new HashMap<>();
    for (CatalogRow r : tx.scan(keys, where(keys, "table_id", tableId))) {
      Long columnId = (Long) r.get(col(keys, "column_id"));
      Object transform = r.get(col(keys, "transform"));
      if (columnId != null && IDENTITY.equals(transform) && ranges.bounds(columnId) != null) {
        prunable.computeIfAbsent((Long) r.get(col(keys, "partition_id")), p -> new HashMap<>())
            .put((Long) r.get(col(keys, "partition_key_index")), columnId);
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
    Map<Long, Long> keys = partitionId == null ? null : prunableKeys.get(partitionId);
    Map<Long, String> fileValues = values.get(dataFileId);
    if (keys == null || fileValues == null) {
      return false;
    }
    for (Map.Entry<Long, Long> key : keys.entrySet()) {
      BigInteger value = integer(fileValues.get(key.getKey()));
      long[] range = ranges.bounds(key.getValue());
      if (value != null && (value.compareTo(BigInteger.valueOf(range[0])) < 0
          || value.compareTo(BigInteger.valueOf(range[1])) > 0)) {
        return true;
      }
    }
    return false;
  }

  private static BigInteger integer(String text) {
    if (text == null) {
      return null;
    }
    try {
      return new BigInteger(text.trim());
    } catch (NumberFormatException notAnInteger) {
      return null;
    }
  }

  private static ScanBounds where(RelationDef rel, String column, long value) {
    ScanBounds bounds = ScanBounds.all(rel);
    bounds.compare(col(rel, column), ScanBounds.Comparison.EQUAL, value);
    return bounds;
  }

  private static int col(RelationDef rel, String column) {
    return rel.columnIndex(column).orElseThrow(() -> new IllegalStateException(rel.name() + " has no column " + column));
  }
}
