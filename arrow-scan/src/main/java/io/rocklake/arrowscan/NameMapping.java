package io.rocklake.arrowscan;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How the columns of a data file that carries no (or foreign) Parquet field ids are bound to the
 * table's columns: by name, DuckLake's {@code ducklake_name_mapping} of the file's {@code mapping_id}
 * (files registered by {@code ducklake_add_data_files}). With a mapping, the file's own field ids are
 * ignored; a table column no entry targets is absent from the file (it reads as its initial_default).
 *
 * @param columns the top-level entries (rows with {@code parent_column} NULL)
 */
public record NameMapping(List<Entry> columns) {

  public NameMapping {
    columns = List.copyOf(columns);
    checkTargets(columns, "the mapping's top level");
  }

  /**
   * One {@code ducklake_name_mapping} row.
   *
   * @param sourceName the name of the column (or struct field, map key or value) in the file
   * @param targetFieldId the {@code column_id} of the table column (or child column) it holds
   * @param hivePartition {@code is_partition}: the value is not in the file but in the file's path, as a
   *     Hive partition folder {@code sourceName=value/}
   * @param children entries of a struct's fields, a list's element, a map's key and value (rows whose
   *     {@code parent_column} is this entry's)
   */
  public record Entry(String sourceName, long targetFieldId, boolean hivePartition, List<Entry> children) {
    public Entry {
      Objects.requireNonNull(sourceName, "sourceName");
      children = List.copyOf(children);
      checkTargets(children, "the children of \"" + sourceName + "\"");
      if (hivePartition && !children.isEmpty()) {
        throw new IllegalArgumentException("the hive partition entry \"" + sourceName + "\" has children");
      }
    }

    /** An entry without children. */
    public static Entry column(String sourceName, long targetFieldId) {
      return new Entry(sourceName, targetFieldId, false, List.of());
    }

    /** An entry whose value comes from the file's path ({@code sourceName=value/}). */
    public static Entry hivePartition(String sourceName, long targetFieldId) {
      return new Entry(sourceName, targetFieldId, true, List.of());
    }
  }

  /** A mapping of these entries. */
  public static NameMapping of(Entry... columns) {
    return new NameMapping(List.of(columns));
  }

  private static void checkTargets(List<Entry> entries, String where) {
    Set<Long> targets = new HashSet<>();
    for (Entry e : entries) {
      if (!targets.add(e.targetFieldId())) {
        throw new IllegalArgumentException("target_field_id " + e.targetFieldId() + " appears twice in " + where);
      }
    }
  }
}
