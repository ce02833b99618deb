package io.rocklake.server.migrate;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Copies a RockLake catalog into an empty PostgreSQL database, so DuckDB can attach it there: the
 * catalog read at its latest commit (one consistent picture), the 28 tables and every inlined table
 * created with the CREATE TABLE DuckDB sends, every row sent as binary COPY, all in one PostgreSQL
 * transaction (a failed export leaves the database as empty as it was).
 */
public final class CatalogExport {
  private final PrintWriter progress;

  public CatalogExport(PrintWriter progress) {
    this.progress = progress;
  }

  public MigrationReport run(Catalog source, String sourceName, PostgresUrl to, String schema) throws SQLException {
    long start = System.nanoTime();
    MigrationReport report = new MigrationReport("export", sourceName, to + " schema " + schema);
    CatalogTransaction tx = source.beginAt(source.latestCommit());
    List<RelationDef> relations = tx.relations().stream()
        .filter(r -> r.kind() == RelationDef.Kind.DUCKLAKE
            || r.kind() == RelationDef.Kind.DYNAMIC && PostgresCatalogTables.isInlined(r.name()))
        .filter(r -> r.schema().equals(schema))
        .sorted(Comparator.comparingInt(RelationDef::id)).toList();
    if (relations.stream().noneMatch(r -> r.name().equals("ducklake_snapshot"))) {
      throw new MigrationException("the catalog " + sourceName + " holds no DuckLake catalog in schema \"" + schema
          + "\" (DuckDB has not attached it yet)");
    }
    try (Connection pg = to.connect()) {
      pg.setAutoCommit(false);
      requireEmpty(pg, schema, to);
      try (Statement s = pg.createStatement()) {
        s.execute("CREATE SCHEMA IF NOT EXISTS " + CatalogImport.quote(schema));
        for (RelationDef r : relations) {
          s.execute(createTable(r));
        }
      }
      for (RelationDef r : relations) {
        long t0 = System.nanoTime();
        long rows = copy(pg, tx, r);
        report.add(r.name(), rows);
        progress.printf("export: %s %d rows (%.1f s)%n", r.name(), rows, (System.nanoTime() - t0) / 1e9);
        progress.flush();
      }
      pg.commit();
    } finally {
      tx.rollback();
    }
    report.finish(System.nanoTime() - start);
    return report;
  }

  /** DuckDB's own CREATE TABLE: the 28 tables as its postgres extension spells them, inlined ones as DuckLake does. */
  static String createTable(RelationDef r) {
    if (r.kind() == RelationDef.Kind.DUCKLAKE) {
      return r.createTableSql();
    }
    StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(CatalogImport.quote(r.schema()))
        .append('.').append(r.name()).append('(');
    for (int i = 0; i < r.columns().size(); i++) {
      ColumnDef c = r.columns().get(i);
      sb.append(i == 0 ? "" : ", ").append(CatalogImport.quote(c.name())).append(' ').append(c.typeSql());
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
    }
    return sb.append(')').toString();
  }

  private static void requireEmpty(Connection pg, String schema, PostgresUrl to) throws SQLException {
    try (PreparedStatement ps = pg.prepareStatement("SELECT c.relname FROM pg_catalog.pg_class c"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ?"
        + " AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1 LIMIT 4")) {
      ps.setString(1, schema);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          throw new MigrationException("schema \"" + schema + "\" of " + to + " is not empty (it holds "
              + rs.getString(1) + (rs.next() ? ", …" : "") + "); export only into an empty database:"
              + " createdb a new one");
        }
      }
    }
  }

  private static long copy(Connection pg, CatalogTransaction tx, RelationDef r) throws SQLException {
    String columns = String.join(", ", r.columns().stream().map(c -> CatalogImport.quote(c.name())).toList());
    String sql = "COPY " + CatalogImport.quote(r.schema()) + "." + CatalogImport.quote(r.name()) + " (" + columns
        + ") FROM STDIN (FORMAT binary)";
    int n = r.columns().size();
    long rows = 0;
    try (OutputStream out = new BufferedOutputStream(new PGCopyOutputStream(pg.unwrap(PGConnection.class), sql),
        1 << 16)) {
      BinaryCopy.Writer writer = new BinaryCopy.Writer(out);
      Iterator<CatalogRow> it = tx.stream(r, ScanBounds.all(r));
      byte[][] fields = new byte[n][];
      while (it.hasNext()) {
        CatalogRow row = it.next();
        for (int c = 0; c < n; c++) {
          fields[c] = ValueCodecs.encode(r.columns().get(c).type(), row.get(c));
        }
        writer.tuple(fields);
        rows++;
      }
      writer.finish();
    } catch (IOException e) {
      throw new MigrationException("writing " + r.qualifiedName() + " to PostgreSQL failed: " + e.getMessage(), e);
    }
    return rows;
  }
}
