package io.rocklake.server.migrate;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.server.migrate.PostgresCatalogTables.Table;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;

/**
 * Copies a DuckLake catalog from PostgreSQL into an empty RockLake catalog: every row of every catalog
 * relation (DuckLake keeps its history in begin/end_snapshot columns, so every row is all history),
 * read in one REPEATABLE READ transaction (a consistent picture even while DuckDB writes), streamed
 * as binary COPY and inserted through {@link CatalogTransaction#insert}, committed every
 * {@code batchRows} rows. The relations are created first, in one commit, as DuckDB's CREATE TABLEs
 * create them on RockLake.
 */
public final class CatalogImport {
  private final int batchRows;
  private final PrintWriter progress;

  public CatalogImport(int batchRows, PrintWriter progress) {
    this.batchRows = batchRows;
    this.progress = progress;
  }

  public MigrationReport run(PostgresUrl from, String schema, Catalog target, String targetName) throws SQLException {
    return run(from, schema, () -> target, targetName);
  }

  /**
   * As {@link #run(PostgresUrl, String, Catalog, String)}, opening the target only once PostgreSQL has
   * answered and shown a DuckLake catalog: a wrong URL or schema leaves no empty catalog behind.
   */
  public MigrationReport run(PostgresUrl from, String schema, java.util.function.Supplier<Catalog> opener,
      String targetName) throws SQLException {
    long start = System.nanoTime();
    MigrationReport report = new MigrationReport("import", from + " schema " + schema, targetName);
    try (Connection pg = from.connect()) {
      pg.setAutoCommit(false);
      try (Statement s = pg.createStatement()) {
        s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      }
      List<Table> tables = PostgresCatalogTables.read(pg, schema);
      Catalog target = opener.get();
      requireEmpty(target, targetName);
      List<RelationDef> created = createRelations(target, schema, tables);
      for (int i = 0; i < tables.size(); i++) {
        long t0 = System.nanoTime();
        long rows = copy(pg, tables.get(i).def(), created.get(i), target);
        report.add(tables.get(i).def().name(), rows);
        progress.printf("import: %s %d rows (%.1f s)%n", tables.get(i).def().name(), rows,
            (System.nanoTime() - t0) / 1e9);
        progress.flush();
      }
      pg.rollback();
    }
    report.finish(System.nanoTime() - start);
    return report;
  }

  /** An import only ever starts a catalog: into one that holds relations it would mix two histories. */
  static void requireEmpty(Catalog target, String targetName) {
    CatalogTransaction tx = target.beginAt(target.latestCommit());
    List<String> held = tx.relations().stream()
        .filter(r -> r.kind() == RelationDef.Kind.DUCKLAKE || r.kind() == RelationDef.Kind.DYNAMIC)
        .map(RelationDef::name).toList();
    tx.rollback();
    if (!held.isEmpty()) {
      throw new MigrationException("the catalog " + targetName + " is not empty (it holds " + held.size()
          + " relations, " + String.join(", ", held.subList(0, Math.min(3, held.size())))
          + (held.size() > 3 ? ", …" : "") + "); import only into a new catalog: name a folder or S3 prefix"
          + " that does not exist yet");
    }
  }

  private static List<RelationDef> createRelations(Catalog target, String schema, List<Table> tables) {
    CatalogTransaction tx = target.begin();
    try {
      if (schema.equals(DuckLakeRelations.SCHEMA)) {
        DuckLakeRelations.createTables(tx);
      }
      for (Table t : tables) {
        RelationDef d = t.def();
        if (t.inlined() || !schema.equals(DuckLakeRelations.SCHEMA)) {
          tx.createRelation(schema, d.name(), d.columns(), d.primaryKey(), RelationDef.Kind.DYNAMIC, false);
        }
      }
      List<RelationDef> out = tables.stream().map(t -> tx.requireRelation(schema, t.def().name())).toList();
      tx.commit();
      return out;
    } catch (RuntimeException e) {
      tx.rollback();
      throw e;
    }
  }

  private long copy(Connection pg, RelationDef source, RelationDef into, Catalog target) throws SQLException {
    String columns = String.join(", ", source.columns().stream().map(c -> quote(c.name())).toList());
    String sql = "COPY " + quote(source.schema()) + "." + quote(source.name()) + " (" + columns
        + ") TO STDOUT (FORMAT binary)";
    int n = source.columns().size();
    long rows = 0;
    CatalogTransaction tx = target.begin();
    try (InputStream in = new java.io.BufferedInputStream(new PGCopyInputStream(pg.unwrap(PGConnection.class), sql),
        1 << 16)) {
      BinaryCopy.Reader reader = new BinaryCopy.Reader(in);
      byte[][] fields;
      while ((fields = reader.next()) != null) {
        if (fields.length != n) {
          throw new MigrationException("COPY of " + source.qualifiedName() + " sent " + fields.length
              + " fields where " + n + " columns were asked for");
        }
        Object[] values = new Object[n];
        for (int c = 0; c < n; c++) {
          values[c] = ValueCodecs.decode(into.columns().get(c).type(), fields[c]);
        }
        tx.insert(into, values);
        if (++rows % batchRows == 0) {
          tx.commit();
          tx = target.begin();
        }
      }
      tx.commit();
    } catch (IOException e) {
      tx.rollback();
      throw new MigrationException("reading " + source.qualifiedName() + " from PostgreSQL failed: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      if (tx.isActive()) {
        tx.rollback();
      }
      throw e;
    }
    return rows;
  }

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
