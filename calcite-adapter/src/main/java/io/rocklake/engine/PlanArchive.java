package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.RelationDef;
import io.rocklake.pgwire.types.PgType;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Compiled plans carried from one process to the next: for each statement shape, the class files
 * Calcite generated for it ({@link GeneratedCode}), its result description, its parameter types and
 * the relations it reads. A server that starts with an archive runs DuckDB's known reads at once,
 * without validating, optimizing, generating or compiling anything: on a cold JVM that work is
 * seconds per session, most of a fresh server's first ATTACH.
 *
 * <p>Only catalog-independent plans are archived (they read DuckLake's, RockLake's and pg_catalog's
 * relations, the same in every catalog). A plan is used only if every catalog relation it reads is,
 * for the transaction at hand, exactly the relation it was compiled against (pg_catalog's are fixed
 * by the code), and only by the code that wrote the archive: the archive is stamped with a digest of the classes its generated code calls
 * into, and an archive with another stamp is ignored as a whole. The launcher writes one after each
 * build (docs/engine.md, "Cold start").
 *
 * <p>Format: {@code "RLPLANS2"}, the stamp, an entry count, then per entry its key, class name,
 * single-column flag, class files, fields, parameter types, relations and whether its answer
 * depends on the relations alone, every string as a length-prefixed UTF-8 byte run.
 */
final class PlanArchive {
  private static final byte[] MAGIC = "RLPLANS2".getBytes(StandardCharsets.US_ASCII);
  /** The classes generated code links against: a change to any of them makes old archives unusable. */
  private static final List<Class<?>> LINKED = List.of(PgFunctions.class, PgTextFunctions.class, PgCompat.class,
      CalcitePlan.class, PostgresSemantics.class, MicrosecondTimestamps.class,
      io.rocklake.catalog.calcite.CalciteTypes.class, org.apache.calcite.runtime.SqlFunctions.class,
      org.apache.calcite.adapter.enumerable.EnumerableRelImplementor.class,
      io.rocklake.catalog.calcite.ScopedTable.class, io.rocklake.catalog.calcite.ScopedSchema.class,
      io.rocklake.catalog.calcite.BoundsTemplate.class,
      // pg_catalog's relations are pinned by no definition: their columns are this code's.
      io.rocklake.catalog.pg.PgCatalogTables.class, io.rocklake.catalog.pg.PgColumns.class,
      io.rocklake.catalog.pg.PgStatActivity.class);

  /** One archived plan. A relation is named by schema and name and pinned by its definition's text. */
  record Entry(String key, GeneratedCode code, List<Field> fields, List<SqlTypeName> parameterTypes,
      List<RelationPin> relations, boolean answerDependsOnlyOnRelations) {
    Entry {
      fields = List.copyOf(fields);
      parameterTypes = List.copyOf(parameterTypes);
      relations = List.copyOf(relations);
    }

    static Entry of(String key, CalcitePlan plan) {
      return new Entry(key, plan.code(), plan.fields(), plan.parameterTypes(),
          plan.relations().stream().map(RelationPin::of).toList(), plan.answerDependsOnlyOnRelations());
    }

    /** The plan, if every relation it reads is for this transaction what it was compiled against. */
    Optional<CalcitePlan> plan(CatalogTransaction tx, JavaTypeFactory typeFactory) {
      List<RelationDef> defs = new ArrayList<>();
      for (RelationPin pin : relations) {
        Optional<RelationDef> r = tx.relation(pin.schema(), pin.name());
        if (r.isEmpty() || !r.get().toString().equals(pin.definition())) {
          return Optional.empty();
        }
        defs.add(r.get());
      }
      return Optional.of(new CalcitePlan(code, fields, parameterTypes, typeFactory, defs, answerDependsOnlyOnRelations));
    }
  }

  record RelationPin(String schema, String name, String definition) {
    static RelationPin of(RelationDef r) {
      return new RelationPin(r.schema(), r.name(), r.toString());
    }
  }

  private final Map<String, Entry> entries;

  private PlanArchive(Map<String, Entry> entries) {
    this.entries = entries;
  }

  static PlanArchive empty() {
    return new PlanArchive(Map.of());
  }

  Optional<Entry> entry(String key) {
    return Optional.ofNullable(entries.get(key));
  }

  int size() {
    return entries.size();
  }

  Collection<Entry> entries() {
    return entries.values();
  }

  /**
   * The archive in a file, or empty if the file was written by other code (another stamp). A file
   * that is not an archive at all is an error.
   */
  static PlanArchive read(Path file) {
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      byte[] magic = in.readNBytes(MAGIC.length);
      if (!java.util.Arrays.equals(magic, MAGIC)) {
        throw new IllegalArgumentException(file + " is not a RockLake plan archive");
      }
      if (!readString(in).equals(stamp())) {
        return empty();
      }
      int n = in.readInt();
      Map<String, Entry> entries = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        Entry e = readEntry(in);
        entries.put(e.key(), e);
      }
      return new PlanArchive(Map.copyOf(entries));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the plan archive " + file, e);
    }
  }

  /** Writes entries to a file, atomically (a temporary file renamed over it). */
  static void write(Path file, Collection<Entry> entries) {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
        out.write(MAGIC);
        writeString(out, stamp());
        out.writeInt(entries.size());
        for (Entry e : entries) {
          writeEntry(out, e);
        }
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the plan archive " + file, e);
    }
  }

  private static void writeEntry(DataOutputStream out, Entry e) throws IOException {
    writeString(out, e.key());
    writeString(out, e.code().className());
    out.writeBoolean(e.code().singleColumn());
    out.writeInt(e.code().classes().size());
    for (Map.Entry<String, byte[]> c : new java.util.TreeMap<>(e.code().classes()).entrySet()) {
      writeString(out, c.getKey());
      out.writeInt(c.getValue().length);
      out.write(c.getValue());
    }
    out.writeInt(e.fields().size());
    for (Field f : e.fields()) {
      writeString(out, f.name());
      writeString(out, f.type().name());
      out.writeInt(f.typmod());
      out.writeInt(f.tableOid());
      out.writeShort(f.attnum());
    }
    out.writeInt(e.parameterTypes().size());
    for (SqlTypeName t : e.parameterTypes()) {
      writeString(out, t.name());
    }
    out.writeInt(e.relations().size());
    for (RelationPin r : e.relations()) {
      writeString(out, r.schema());
      writeString(out, r.name());
      writeString(out, r.definition());
    }
    out.writeBoolean(e.answerDependsOnlyOnRelations());
  }

  private static Entry readEntry(DataInputStream in) throws IOException {
    String key = readString(in);
    String className = readString(in);
    boolean single = in.readBoolean();
    int nClasses = in.readInt();
    Map<String, byte[]> classes = new LinkedHashMap<>();
    for (int i = 0; i < nClasses; i++) {
      String name = readString(in);
      classes.put(name, in.readNBytes(in.readInt()));
    }
    int nFields = in.readInt();
    List<Field> fields = new ArrayList<>(nFields);
    for (int i = 0; i < nFields; i++) {
      fields.add(new Field(readString(in), PgType.valueOf(readString(in)), in.readInt(), in.readInt(), in.readShort()));
    }
    int nParams = in.readInt();
    List<SqlTypeName> params = new ArrayList<>(nParams);
    for (int i = 0; i < nParams; i++) {
      params.add(SqlTypeName.valueOf(readString(in)));
    }
    int nRelations = in.readInt();
    List<RelationPin> relations = new ArrayList<>(nRelations);
    for (int i = 0; i < nRelations; i++) {
      relations.add(new RelationPin(readString(in), readString(in), readString(in)));
    }
    return new Entry(key, new GeneratedCode(className, single, classes), fields, params, relations, in.readBoolean());
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > 64 << 20) {
      throw new IOException("corrupt plan archive: a string of " + n + " bytes");
    }
    return new String(in.readNBytes(n), StandardCharsets.UTF_8);
  }

  private static volatile String stamp;

  /** A digest of the class files that generated code links against. */
  static String stamp() {
    String s = stamp;
    if (s == null) {
      try {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        for (Class<?> c : LINKED) {
          try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            if (in == null) {
              throw new IllegalStateException("no class file for " + c.getName());
            }
            d.update(in.readAllBytes());
          }
        }
        s = HexFormat.of().formatHex(d.digest(), 0, 16);
      } catch (NoSuchAlgorithmException | IOException e) {
        throw new IllegalStateException("cannot stamp the plan archive", e);
      }
      stamp = s;
    }
    return s;
  }
}
