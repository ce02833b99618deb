package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * One struct, list or map column of a data file assembled, a row at a time, from the repetition and
 * definition levels of its leaf columns (Dremel record assembly), into Arrow's StructVector,
 * ListVector and MapVector. The plan's child columns are bound to the file's fields by field id, as
 * top-level columns are: a field added after the file reads as its initial_default in every non-null
 * parent, one dropped is not read, one renamed is found by its id, a leaf may be a narrower type.
 *
 * <p>DuckDB writes lists and maps in Parquet's three-level form ({@code optional group (LIST)} /
 * {@code repeated group list} / {@code element}; {@code optional group (MAP)} / {@code repeated group
 * key_value} / {@code key}, {@code value}); that is the form read here, anything else is refused.
 */
final class NestedColumnReader {
  private static final PrimitiveConverter NO_CONVERTER = new PrimitiveConverter() {};

  private final Node root;
  private final List<Leaf> leaves;
  private final Type requested;

  private NestedColumnReader(Node root, List<Leaf> leaves, Type requested) {
    this.root = root;
    this.leaves = leaves;
    this.requested = requested;
  }

  /** The file's column pruned to the fields the plan reads: what to request of the file. */
  Type requested() {
    return requested;
  }

  /**
   * Binds the plan's column {@code c} to the file's field {@code t} (found by its field id).
   *
   * @throws LakeReadException naming the column, the file and both shapes when they do not match
   */
  static NestedColumnReader bind(BoundColumn c, Type t, MessageType schema, String file) {
    List<Leaf> leaves = new ArrayList<>();
    Binding b = bind(c, t, new String[] {t.getName()}, schema, file, c.column().name(), leaves);
    return new NestedColumnReader(b.node, List.copyOf(leaves), b.requested);
  }

  private record Binding(Node node, Type requested) {}

  private static Binding bind(BoundColumn c, Type t, String[] path, MessageType schema, String file, String name,
      List<Leaf> leaves) {
    String where = "column \"" + name + "\" (column_id " + c.column().columnId() + ") of data file " + file
        + " (stored as \"" + String.join(".", path) + "\")";
    LakeType type = c.type();
    if (!type.isNested()) {
      if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
        throw new LakeReadException(where + " is a Parquet " + shape(t) + ", which cannot be read as the table's type " + type);
      }
      LakeType fileType = FileColumnType.of(t.asPrimitiveType(), file);
      if (!FileColumnType.readsAs(fileType, type)) {
        throw new LakeReadException(where + " holds " + fileType + " values, which cannot be read as the table's type "
            + type + " (only widening promotions are allowed)");
      }
      ColumnDescriptor d = schema.getColumnDescription(path);
      Leaf leaf = new Leaf(d, ValueCopier.of(type, fileType, d.getPrimitiveType().getPrimitiveTypeName(), where));
      leaves.add(leaf);
      return new Binding(leaf, t);
    }
    String expected = switch (type.kind()) {
      case STRUCT -> "struct group";
      case LIST -> "list group";
      default -> "map group";
    };
    if (!shape(t).equals(expected)) {
      throw new LakeReadException(where + " is a Parquet " + shape(t) + ", which cannot be read as the table's type " + type);
    }
    GroupType g = t.asGroupType();
    int present = schema.getMaxDefinitionLevel(path);
    if (type.kind() == LakeType.Kind.STRUCT) {
      List<Node> children = new ArrayList<>();
      List<Type> kept = new ArrayList<>();
      for (BoundColumn child : c.children()) {
        Type f = fieldById(g, child.column().columnId());
        if (f == null) {
          // A field added after the file was written.
          children.add(new Constant(child.initialDefault()));
          continue;
        }
        Binding cb = bind(child, f, append(path, f.getName()), schema, file, name + "." + child.column().name(), leaves);
        children.add(cb.node);
        kept.add(cb.requested);
      }
      if (kept.isEmpty()) {
        throw new LakeReadException(where + " holds none of the struct's fields the table has at the snapshot, so which of"
            + " its rows are NULL cannot be told");
      }
      return new Binding(new Struct(present, children), g.withNewFields(kept));
    }
    GroupType repeated = g.getType(0).asGroupType();
    String[] repeatedPath = append(path, repeated.getName());
    int element = schema.getMaxDefinitionLevel(repeatedPath);
    int repetition = schema.getMaxRepetitionLevel(repeatedPath);
    if (type.kind() == LakeType.Kind.LIST) {
      BoundColumn child = c.children().get(0);
      Type f = repeated.getType(0);
      if (f.getId() == null || f.getId().intValue() != child.column().columnId()) {
        throw new LakeReadException(where + " has a list element with field id " + f.getId() + ", not the column_id "
            + child.column().columnId() + " of the table's element");
      }
      Binding cb = bind(child, f, append(repeatedPath, f.getName()), schema, file, name + "." + child.column().name(), leaves);
      return new Binding(new Repeated(present, element, repetition, cb.node), g.withNewFields(repeated.withNewFields(cb.requested)));
    }
    List<Node> entry = new ArrayList<>();
    List<Type> kept = new ArrayList<>();
    for (BoundColumn child : c.children()) {
      Type f = fieldById(repeated, child.column().columnId());
      if (f == null) {
        throw new LakeReadException(where + " has no map " + child.column().name() + " with field id "
            + child.column().columnId());
      }
      Binding cb = bind(child, f, append(repeatedPath, f.getName()), schema, file, name + "." + child.column().name(), leaves);
      entry.add(cb.node);
      kept.add(cb.requested);
    }
    return new Binding(new Repeated(present, element, repetition, new Struct(element, entry)),
        g.withNewFields(repeated.withNewFields(kept)));
  }

  /** What a file field is, in the words of the errors. */
  private static String shape(Type t) {
    if (t.isRepetition(Type.Repetition.REPEATED)) {
      return "repeated field";
    }
    if (t.isPrimitive()) {
      return "primitive " + t.asPrimitiveType().getPrimitiveTypeName();
    }
    GroupType g = t.asGroupType();
    LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
    boolean threeLevel = g.getFieldCount() == 1 && g.getType(0).isRepetition(Type.Repetition.REPEATED)
        && !g.getType(0).isPrimitive();
    if (a instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      return threeLevel && g.getType(0).asGroupType().getFieldCount() == 1 ? "list group" : "list group of another layout";
    }
    if (a instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
        || a instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
      return threeLevel && g.getType(0).asGroupType().getFieldCount() == 2 ? "map group" : "map group of another layout";
    }
    return a == null ? "struct group" : "group " + a;
  }

  private static Type fieldById(GroupType g, long id) {
    for (Type f : g.getFields()) {
      if (f.getId() != null && f.getId().intValue() == id) {
        return f;
      }
    }
    return null;
  }

  private static String[] append(String[] path, String name) {
    String[] p = Arrays.copyOf(path, path.length + 1);
    p[path.length] = name;
    return p;
  }

  /** Positions the leaves at the start of a row group. */
  void startRowGroup(PageReadStore rowGroup, VersionParser.ParsedVersion writerVersion) {
    for (Leaf leaf : leaves) {
      leaf.start(new ColumnReaderImpl(leaf.descriptor, rowGroup.getPageReader(leaf.descriptor), NO_CONVERTER, writerVersion));
    }
  }

  /** Reads the next row into slot {@code i} of {@code v}. */
  void read(FieldVector v, int i) {
    root.read(v, i);
  }

  /** Skips the next row (a deleted one): every leaf entry up to the next that starts a row. */
  void skipRow() {
    for (Leaf leaf : leaves) {
      leaf.consumeOne();
      while (leaf.hasNext() && leaf.repetition() > 0) {
        leaf.consumeOne();
      }
    }
  }

  /** A node of the column's shape, bound to the leaves beneath it. */
  private abstract static class Node {
    /** Reads one instance at the leaves' current entries into slot {@code i}. */
    abstract void read(FieldVector v, int i);

    /** Consumes the one entry each leaf beneath has for an instance whose parent is NULL or empty. */
    abstract void consumeOne();

    /** Writes a NULL into slot {@code i} (a NULL parent's slot), consuming nothing. */
    abstract void writeNull(FieldVector v, int i);

    /** The first leaf beneath, whose levels tell the shape of this node's instance; null if none. */
    abstract Leaf first();
  }

  /** A primitive field: its column reader and the copier of its values into the vector's type. */
  private static final class Leaf extends Node {
    final ColumnDescriptor descriptor;
    private final ValueCopier copier;
    private final int maxDef;
    private ColumnReaderImpl reader;
    private long left;

    Leaf(ColumnDescriptor descriptor, ValueCopier copier) {
      this.descriptor = descriptor;
      this.copier = copier;
      this.maxDef = descriptor.getMaxDefinitionLevel();
    }

    void start(ColumnReaderImpl r) {
      reader = r;
      left = r.getTotalValueCount();
    }

    boolean hasNext() {
      return left > 0;
    }

    int definition() {
      return reader.getCurrentDefinitionLevel();
    }

    int repetition() {
      return reader.getCurrentRepetitionLevel();
    }

    @Override
    void read(FieldVector v, int i) {
      ensureCapacity(v, i);
      copier.copy(reader, maxDef, v, i, 1);
      left--;
    }

    @Override
    void consumeOne() {
      if (reader.getCurrentDefinitionLevel() == maxDef) {
        reader.skip();
      }
      reader.consume();
      left--;
    }

    @Override
    void writeNull(FieldVector v, int i) {
      ensureCapacity(v, i);
      ValueCopier.setNull(v, i);
    }

    @Override
    Leaf first() {
      return this;
    }
  }

  /** A struct field added after the file was written: its initial_default wherever its struct is not NULL. */
  private static final class Constant extends Node {
    private final InitialDefault value;

    Constant(InitialDefault value) {
      this.value = value;
    }

    @Override
    void read(FieldVector v, int i) {
      ensureCapacity(v, i);
      value.write(v, i);
    }

    @Override
    void consumeOne() {}

    @Override
    void writeNull(FieldVector v, int i) {
      ensureCapacity(v, i);
      ValueCopier.setNull(v, i);
    }

    @Override
    Leaf first() {
      return null;
    }
  }

  /** A struct (or a map's entry): present when the definition level reaches {@code present}. */
  private static final class Struct extends Node {
    private final int present;
    private final List<Node> children;
    private final Leaf first;

    Struct(int present, List<Node> children) {
      this.present = present;
      this.children = List.copyOf(children);
      Leaf f = null;
      for (Node c : children) {
        if (f == null) {
          f = c.first();
        }
      }
      this.first = f;
    }

    @Override
    void read(FieldVector v, int i) {
      StructVector s = (StructVector) v;
      if (first.definition() < present) {
        writeNull(v, i);
        consumeOne();
        return;
      }
      s.setIndexDefined(i);
      for (int k = 0; k < children.size(); k++) {
        children.get(k).read((FieldVector) s.getChildByOrdinal(k), i);
      }
    }

    @Override
    void consumeOne() {
      for (Node c : children) {
        c.consumeOne();
      }
    }

    @Override
    void writeNull(FieldVector v, int i) {
      StructVector s = (StructVector) v;
      s.setNull(i);
      for (int k = 0; k < children.size(); k++) {
        children.get(k).writeNull((FieldVector) s.getChildByOrdinal(k), i);
      }
    }

    @Override
    Leaf first() {
      return first;
    }
  }

  /**
   * A list or a map: NULL below definition level {@code present}, empty below {@code element}, else
   * elements for as long as the next entry repeats at level {@code repetition}.
   */
  private static final class Repeated extends Node {
    private final int present;
    private final int element;
    private final int repetition;
    private final Node child;

    Repeated(int present, int element, int repetition, Node child) {
      this.present = present;
      this.element = element;
      this.repetition = repetition;
      this.child = child;
    }

    @Override
    void read(FieldVector v, int i) {
      ListVector l = (ListVector) v;
      Leaf first = child.first();
      int def = first.definition();
      if (def < present) {
        l.setNull(i);
        child.consumeOne();
        return;
      }
      int start = l.startNewValue(i);
      if (def < element) {
        child.consumeOne();
        l.endValue(i, 0);
        return;
      }
      FieldVector data = l.getDataVector();
      int n = 0;
      do {
        child.read(data, start + n);
        n++;
      } while (first.hasNext() && first.repetition() == repetition);
      l.endValue(i, n);
    }

    @Override
    void consumeOne() {
      child.consumeOne();
    }

    @Override
    void writeNull(FieldVector v, int i) {
      ((ListVector) v).setNull(i);
    }

    @Override
    Leaf first() {
      return child.first();
    }
  }

  /** Grows {@code v} until slot {@code i} exists (nested children outgrow the batch's row count). */
  static void ensureCapacity(FieldVector v, int i) {
    FieldVector storage = v instanceof UuidVector u ? u.getUnderlyingVector() : v;
    while (i >= storage.getValueCapacity()) {
      storage.reAlloc();
    }
  }
}
