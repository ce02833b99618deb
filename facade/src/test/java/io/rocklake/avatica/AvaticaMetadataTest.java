package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.server.RockLakeServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DatabaseMetaData and result metadata over Avatica say what pgjdbc says over the PostgreSQL
 * endpoint of the same server, except the documented type codes of values Avatica carries as text.
 */
class AvaticaMetadataTest {
  /** The documented departures from pgjdbc's type codes: values Avatica carries exactly only as text. */
  static final Map<String, Integer> TEXT_CARRIED = Map.of("timestamptz", Types.TIMESTAMP_WITH_TIMEZONE,
      "timetz", Types.TIME_WITH_TIMEZONE, "timestamp", Types.VARCHAR, "time", Types.VARCHAR);
  @TempDir static Path dir;
  static RockLakeServer server;
  static Connection avatica;
  static Connection pg;

  @BeforeAll
  static void start() throws Exception {
    server = RockLakeServer.start(AvaticaFixture.config(AvaticaFixture.catalog(dir, 3), AvaticaFixture.avatica()));
    avatica = AvaticaFixture.avatica(server);
    pg = AvaticaFixture.pgjdbc(server);
  }

  @AfterAll
  static void stop() throws SQLException {
    avatica.close();
    pg.close();
    server.close();
  }

  private static Rows rows(ResultSet rs, String... columns) throws SQLException {
    Rows out = new Rows();
    try (rs) {
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (String c : columns) {
          row.add(rs.getObject(c) == null ? null : rs.getString(c));
        }
        out.add(row);
      }
    }
    return out;
  }

  /** Rows printed one a line, so a difference is easy to see. */
  static final class Rows extends ArrayList<List<Object>> {
    Rows() {}

    Rows(List<List<Object>> rows) {
      super(rows);
    }

    @Override public String toString() {
      StringBuilder b = new StringBuilder("\n");
      for (List<Object> r : this) {
        b.append("  ").append(r).append('\n');
      }
      return b.toString();
    }
  }

  /** pgjdbc's answer with the documented type codes put in. */
  private static Rows documented(List<List<Object>> pgjdbc, int typeName, int dataType) {
    Rows out = new Rows();
    for (List<Object> r : pgjdbc) {
      List<Object> row = new ArrayList<>(r);
      Integer t = TEXT_CARRIED.get((String) r.get(typeName));
      if (t != null) {
        row.set(dataType, "" + t);
      }
      out.add(row);
    }
    return out;
  }

  static final String[] COLUMNS = {"TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "TYPE_NAME", "DATA_TYPE",
      "COLUMN_SIZE", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "IS_NULLABLE", "ORDINAL_POSITION",
      "CHAR_OCTET_LENGTH", "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN", "TABLE_CAT"};

  @Test
  void getColumnsDescribesTheCatalogsRelationsAsPgjdbcDoes() throws Exception {
    // every column of DuckLake's 28 tables (pgjdbc cannot describe pg_catalog's own over RockLake: it asks array_upper)
    Rows expected = documented(rows(pg.getMetaData().getColumns(null, "public", "ducklake%", null), COLUMNS), 3, 4);
    assertThat(expected).hasSizeGreaterThan(100);
    assertThat(rows(avatica.getMetaData().getColumns(null, "public", "ducklake%", null), COLUMNS).toString())
        .isEqualTo(expected.toString());
    List<List<Object>> snapshotTime = rows(avatica.getMetaData().getColumns(null, "public", "ducklake_snapshot",
        "snapshot_time"), "TYPE_NAME", "DATA_TYPE", "DECIMAL_DIGITS");
    assertThat(snapshotTime).containsExactly(List.of("timestamptz", "" + Types.TIMESTAMP_WITH_TIMEZONE, "6"));
  }

  @Test
  void getTablesSchemasCatalogsAndTableTypesAnswerAsPgjdbcDoes() throws Exception {
    DatabaseMetaData a = avatica.getMetaData();
    DatabaseMetaData p = pg.getMetaData();
    String[] tables = {"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE"};
    for (String[] q : new String[][] {{null, "ducklake_%"}, {"pg_catalog", "pg_cl%"}, {"public", "%"}}) {
      List<List<Object>> expected = rows(p.getTables(null, q[0], q[1], null), tables);
      assertThat(expected).isNotEmpty();
      assertThat(rows(a.getTables(null, q[0], q[1], null), tables).toString()).isEqualTo(expected.toString());
    }
    assertThat(rows(a.getTables(null, null, "%", new String[] {"SYSTEM TABLE"}), tables).toString())
        .isEqualTo(rows(p.getTables(null, null, "%", new String[] {"SYSTEM TABLE"}), tables).toString());
    assertThat(rows(a.getSchemas(), "TABLE_SCHEM", "TABLE_CATALOG").toString())
        .isEqualTo(rows(p.getSchemas(), "TABLE_SCHEM", "TABLE_CATALOG").toString());
    assertThat(rows(a.getCatalogs(), "TABLE_CAT").toString()).isEqualTo(rows(p.getCatalogs(), "TABLE_CAT").toString());
    assertThat(rows(a.getTableTypes(), "TABLE_TYPE").toString())
        .isEqualTo(rows(p.getTableTypes(), "TABLE_TYPE").toString());
  }

  @Test
  void getTypeInfoListsTheEnginesTypesByJdbcTypeCode() throws Exception {
    List<List<Object>> info = rows(avatica.getMetaData().getTypeInfo(), "TYPE_NAME", "DATA_TYPE", "PRECISION",
        "MAXIMUM_SCALE", "NUM_PREC_RADIX");
    assertThat(info).contains(List.of("int8", "" + Types.BIGINT, "19", "0", "10"),
        List.of("varchar", "" + Types.VARCHAR, "" + Integer.MAX_VALUE, "0", "10"),
        List.of("timestamptz", "" + Types.TIMESTAMP_WITH_TIMEZONE, "35", "6", "10"),
        List.of("numeric", "" + Types.NUMERIC, "0", "1000", "10"),
        List.of("uuid", "" + Types.OTHER, "" + Integer.MAX_VALUE, "0", "10"));
    List<Integer> codes = info.stream().map(r -> Integer.parseInt((String) r.get(1))).toList();
    assertThat(codes).isSorted();
  }

  @Test
  void resultColumnsAreDescribedAsPgjdbcDescribesThem() throws Exception {
    for (String sql : List.of("SELECT * FROM ducklake_snapshot", "SELECT * FROM ducklake_schema",
        "SELECT relname, relkind, relnatts, reltuples, oid FROM pg_catalog.pg_class",
        "SELECT count(*), 1.5::numeric(10,2), 'x' FROM ducklake_snapshot")) {
      try (Statement s1 = avatica.createStatement(); ResultSet ra = s1.executeQuery(sql);
          Statement s2 = pg.createStatement(); ResultSet rp = s2.executeQuery(sql)) {
        ResultSetMetaData ma = ra.getMetaData();
        ResultSetMetaData mp = rp.getMetaData();
        assertThat(ma.getColumnCount()).isEqualTo(mp.getColumnCount());
        for (int i = 1; i <= mp.getColumnCount(); i++) {
          Integer text = TEXT_CARRIED.get(mp.getColumnTypeName(i));
          assertThat(List.of(ma.getColumnLabel(i), ma.getColumnTypeName(i), ma.getColumnType(i), ma.getPrecision(i),
              ma.getScale(i), ma.isNullable(i))).as(sql + " column " + i).isEqualTo(List.of(mp.getColumnLabel(i),
              mp.getColumnTypeName(i), text != null ? text : mp.getColumnType(i), mp.getPrecision(i), mp.getScale(i),
              mp.isNullable(i)));
        }
      }
    }
  }
}
