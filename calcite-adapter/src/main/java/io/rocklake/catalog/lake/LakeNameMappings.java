package io.rocklake.catalog.lake;

import static io.rocklake.catalog.lake.CatalogLookups.col;
import static io.rocklake.catalog.lake.CatalogLookups.where;

import io.rocklake.arrowscan.NameMapping;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.lake.LakeTableRefusedException.Reason;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The name mappings of a table's files ({@code ducklake_data_file.mapping_id}) as arrow-scan's
 * {@link NameMapping}: the {@code ducklake_column_mapping} row of the id (its {@code type} must be
 * {@code map_by_name}, the only kind DuckLake writes) and its {@code ducklake_name_mapping} rows, each an
 * entry binding {@code source_name} to {@code target_field_id}, nested under the entry whose
 * {@code column_id} is its {@code parent_column}, with {@code is_partition} marking a Hive partition
 * column. Read once per mapping per plan (DuckDB shares one mapping among the files of one call).
 */
final class LakeNameMappings {
  private static final String BY_NAME = "map_by_name";

  private final CatalogTransaction tx;
  private final String table;
  private final long snapshot;
  private final Map<Long, NameMapping> read = new HashMap<>();

  LakeNameMappings(CatalogTransaction tx, String table, long snapshot) {
    this.tx = tx;
    this.table = table;
    this.snapshot = snapshot;
  }

  /** The mapping with that id; {@code describe} names the file that uses it, for a refusal. */
  NameMapping mapping(long mappingId, String describe) {
    NameMapping known = read.get(mappingId);
    if (known == null) {
      known = load(mappingId, describe);
      read.put(mappingId, known);
    }
    return known;
  }

  private NameMapping load(long mappingId, String describe) {
    RelationDef kinds = relation("ducklake_column_mapping");
    List<CatalogRow> kind = tx.scan(kinds, where(kinds, "mapping_id", mappingId));
    if (kind.isEmpty()) {
      throw refused(describe + " is read through name mapping " + mappingId
          + ", which ducklake_column_mapping does not have");
    }
    Object type = kind.get(0).get(col(kinds, "type"));
    if (!BY_NAME.equals(type)) {
      throw refused(describe + " is read through name mapping " + mappingId + " of type " + type
          + "; the scan plan binds columns by name (" + BY_NAME + ") only");
    }
    RelationDef names = relation("ducklake_name_mapping");
    Map<Long, List<CatalogRow>> byParent = new HashMap<>();
    for (CatalogRow r : tx.scan(names, where(names, "mapping_id", mappingId))) {
      Long parent = (Long) r.get(col(names, "parent_column"));
      byParent.computeIfAbsent(parent == null ? -1L : parent, p -> new ArrayList<>()).add(r);
    }
    try {
      return new NameMapping(entries(names, byParent, -1L, 0));
    } catch (IllegalArgumentException e) {
      throw refused(describe + " is read through name mapping " + mappingId + ", which is not a mapping: "
          + e.getMessage());
    }
  }

  private List<NameMapping.Entry> entries(RelationDef names, Map<Long, List<CatalogRow>> byParent, long parent,
      int depth) {
    if (depth > 64) {
      throw new IllegalArgumentException("its entries nest in a cycle (parent_column " + parent + ")");
    }
    List<CatalogRow> rows = new ArrayList<>(byParent.getOrDefault(parent, List.of()));
    rows.sort(Comparator.comparingLong(r -> (Long) r.get(col(names, "column_id"))));
    List<NameMapping.Entry> out = new ArrayList<>();
    for (CatalogRow r : rows) {
      long id = (Long) r.get(col(names, "column_id"));
      out.add(new NameMapping.Entry((String) r.get(col(names, "source_name")), (Long) r.get(col(names, "target_field_id")),
          Boolean.TRUE.equals(r.get(col(names, "is_partition"))), entries(names, byParent, id, depth + 1)));
    }
    return out;
  }

  private LakeTableRefusedException refused(String what) {
    return new LakeTableRefusedException(table, snapshot, Reason.NAME_MAPPING, what);
  }

  private RelationDef relation(String name) {
    return tx.requireRelation(DuckLakeRelations.SCHEMA, name);
  }
}
