package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.NameMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * A data file's Parquet schema with the field ids a {@link NameMapping} gives its columns: each entry's
 * {@code source_name} is looked up among the file's fields at its level and that field gets the entry's
 * {@code target_field_id}; every other field has none (its own ids, if any, are foreign and dropped).
 * The rest of the scan then binds by field id as for any DuckLake-written file, so renames, added and
 * dropped columns, promotions and nested fields follow one set of rules. Entries whose value lives in the
 * path ({@code is_partition}) are collected with their text from the path's Hive folders.
 *
 * <p>A name is matched exactly, else case-insensitively when exactly one field matches so (DuckDB's
 * binding by name ignores case); a list's element is its one child, whatever the file calls it
 * ({@code element}, {@code list}, {@code array}), as DuckDB normalizes those names.
 */
final class NameMappedSchema {
  /** The schema with the mapping's field ids, and per hive-partition column_id its text in the path. */
  record Mapped(MessageType schema, Map<Long, String> pathValues) {}

  private NameMappedSchema() {}

  static Mapped apply(MessageType file, NameMapping mapping, String path) {
    Map<Long, String> pathValues = new HashMap<>();
    Map<String, String> folders = null;
    List<NameMapping.Entry> inFile = new ArrayList<>();
    for (NameMapping.Entry e : mapping.columns()) {
      if (!e.hivePartition()) {
        inFile.add(e);
        continue;
      }
      if (folders == null) {
        folders = HivePartitionPath.folders(path);
      }
      String text = folders.get(e.sourceName());
      if (text == null) {
        throw new LakeReadException("data file " + path + " has no Hive partition folder " + e.sourceName()
            + "=…/ in its path, which its name mapping says holds the value of column_id " + e.targetFieldId());
      }
      pathValues.put(e.targetFieldId(), text);
    }
    List<Type> fields = map(file, inFile, path, "");
    return new Mapped(new MessageType(file.getName(), fields), Map.copyOf(pathValues));
  }

  /** The group's fields, each with the id of the entry naming it, or none. */
  private static List<Type> map(GroupType g, List<NameMapping.Entry> entries, String path, String prefix) {
    Map<Integer, NameMapping.Entry> byField = new HashMap<>();
    for (NameMapping.Entry e : entries) {
      int index = fieldIndex(g, e.sourceName(), path, prefix);
      if (index < 0) {
        continue; // named in the mapping but not in the file: the column reads as absent
      }
      NameMapping.Entry other = byField.put(index, e);
      if (other != null) {
        throw new LakeReadException("data file " + path + ": its name mapping binds field \"" + prefix
            + g.getType(index).getName() + "\" to both column_id " + other.targetFieldId() + " and "
            + e.targetFieldId());
      }
    }
    List<Type> out = new ArrayList<>();
    for (int i = 0; i < g.getFieldCount(); i++) {
      NameMapping.Entry e = byField.get(i);
      Type f = g.getType(i);
      out.add(e == null ? withoutIds(f) : mapped(f, e, path, prefix + f.getName() + "."));
    }
    return out;
  }

  private static Type mapped(Type f, NameMapping.Entry e, String path, String prefix) {
    int id = Math.toIntExact(e.targetFieldId());
    if (f.isPrimitive()) {
      return rebuild(f.asPrimitiveType()).withId(id);
    }
    GroupType g = f.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    boolean listOrMap = a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
    if (listOrMap && g.getFieldCount() == 1 && !g.getType(0).isPrimitive()
        && g.getType(0).isRepetition(Type.Repetition.REPEATED)) {
      GroupType repeated = g.getType(0).asGroupType();
      String inner = prefix + repeated.getName() + ".";
      List<Type> entryFields;
      if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation && repeated.getFieldCount() == 1) {
        // The element is the list's only child, whatever the file names it.
        Type element = repeated.getType(0);
        entryFields = List.of(e.children().size() == 1 ? mapped(element, e.children().get(0), path,
            inner + element.getName() + ".") : withoutIds(element));
      } else {
        entryFields = map(repeated, e.children(), path, inner);
      }
      return group(g, List.of(group(repeated, entryFields))).withId(id);
    }
    return group(g, map(g, e.children(), path, prefix)).withId(id);
  }

  private static int fieldIndex(GroupType g, String name, String path, String prefix) {
    if (g.containsField(name)) {
      return g.getFieldIndex(name);
    }
    int found = -1;
    for (int i = 0; i < g.getFieldCount(); i++) {
      if (g.getType(i).getName().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        if (found >= 0) {
          throw new LakeReadException("data file " + path + " has two fields that match the name mapping's \""
              + prefix + name + "\" but for case: \"" + g.getType(found).getName() + "\" and \""
              + g.getType(i).getName() + "\"");
        }
        found = i;
      }
    }
    return found;
  }

  private static Type withoutIds(Type f) {
    if (f.isPrimitive()) {
      return rebuild(f.asPrimitiveType());
    }
    GroupType g = f.asGroupType();
    List<Type> fields = new ArrayList<>();
    for (Type c : g.getFields()) {
      fields.add(withoutIds(c));
    }
    return group(g, fields);
  }

  /** The primitive field as it is, without its field id. */
  private static PrimitiveType rebuild(PrimitiveType p) {
    Types.PrimitiveBuilder<PrimitiveType> b = Types.primitive(p.getPrimitiveTypeName(), p.getRepetition())
        .as(p.getLogicalTypeAnnotation()).columnOrder(p.columnOrder());
    if (p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      b = b.length(p.getTypeLength());
    }
    if (p.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
      b = b.precision(d.getPrecision()).scale(d.getScale());
    }
    return b.named(p.getName());
  }

  /** The group as it is, with these fields and without a field id. */
  private static GroupType group(GroupType g, List<Type> fields) {
    return Types.buildGroup(g.getRepetition()).as(g.getLogicalTypeAnnotation()).addFields(fields.toArray(Type[]::new))
        .named(g.getName());
  }
}
