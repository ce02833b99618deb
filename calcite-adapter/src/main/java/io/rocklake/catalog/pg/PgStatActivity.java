package io.rocklake.catalog.pg;

import java.time.Instant;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code pg_stat_activity}: one row per live session of the server the query runs in, with
 * PostgreSQL 15's 22 columns in its order. Unlike the other derived relations its rows are not a
 * function of the catalog: they are read, at each scan, from the {@link Sessions} the query's
 * {@link DataContext} holds under {@link #CONTEXT_KEY} (the engine's own registry, one per server).
 * RowDescription types come from {@link PgColumns} like every pg_catalog column's: oid, name, int4,
 * text, inet, timestamptz, xid, int8.
 */
public final class PgStatActivity extends AbstractTable implements ScannableTable {
  /** Where a query's {@link DataContext} holds the {@link Sessions} to list. */
  public static final String CONTEXT_KEY = "rocklake.sessions";
  static final String NAME = "pg_stat_activity";

  /** The live sessions a query lists. */
  public interface Sessions {
    List<Row> sessions();
  }

  /**
   * One session as pg_stat_activity shows it. {@code clientAddress} null and {@code clientPort} -1
   * for a session with no client socket (as PostgreSQL shows a Unix-socket one); {@code xactStart}
   * and {@code queryStart} null until there is a transaction and a statement.
   */
  public record Row(int pid, String database, String user, String application, String clientAddress,
      int clientPort, Instant backendStart, Instant xactStart, Instant queryStart, Instant stateChange,
      String state, String query) {}

  private static final List<String> NAMES = List.of("datid", "datname", "pid", "leader_pid", "usesysid", "usename",
      "application_name", "client_addr", "client_hostname", "client_port", "backend_start", "xact_start",
      "query_start", "state_change", "wait_event_type", "wait_event", "state", "backend_xid", "backend_xmin",
      "query_id", "query", "backend_type");
  private static final List<SqlTypeName> TYPES = List.of(SqlTypeName.BIGINT, SqlTypeName.VARCHAR,
      SqlTypeName.INTEGER, SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.VARCHAR,
      SqlTypeName.VARCHAR, SqlTypeName.VARCHAR, SqlTypeName.VARCHAR, SqlTypeName.INTEGER,
      SqlTypeName.TIMESTAMP, SqlTypeName.TIMESTAMP, SqlTypeName.TIMESTAMP, SqlTypeName.TIMESTAMP,
      SqlTypeName.VARCHAR, SqlTypeName.VARCHAR, SqlTypeName.VARCHAR, SqlTypeName.BIGINT, SqlTypeName.BIGINT,
      SqlTypeName.BIGINT, SqlTypeName.VARCHAR, SqlTypeName.VARCHAR);

  @Override public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (int i = 0; i < NAMES.size(); i++) {
      b.add(NAMES.get(i), f.createTypeWithNullability(f.createSqlType(TYPES.get(i)), true));
    }
    return b.build();
  }

  @Override public Enumerable<Object[]> scan(DataContext root) {
    Sessions sessions = (Sessions) root.get(CONTEXT_KEY);
    List<Object[]> rows = sessions == null ? List.of() : sessions.sessions().stream().map(PgStatActivity::values)
        .toList();
    return Linq4j.asEnumerable(rows);
  }

  /**
   * A row's values in Calcite's representation (timestamps as epoch microseconds). Every session is a
   * client backend without a parallel leader, waiting on nothing; no transaction ids are assigned
   * (RockLake's transactions are snapshots of the store), and no query ids computed.
   */
  private static Object[] values(Row r) {
    return new Object[] {PgOids.DATABASE, r.database(), r.pid(), null, usesysid(r.user()), r.user(),
        r.application(), r.clientAddress(), null, r.clientPort(), micros(r.backendStart()), micros(r.xactStart()),
        micros(r.queryStart()), micros(r.stateChange()), null, null, r.state(), null, null, null, r.query(),
        "client backend"};
  }

  /** pg_roles lists one role, the owner of everything: a session of another user has no role OID to show. */
  private static Long usesysid(String user) {
    return PgCatalogTables.OWNER_NAME.equals(user) ? PgCatalogTables.OWNER : null;
  }

  /** A TIMESTAMP as plans hold it. */
  private static Long micros(Instant t) {
    return t == null ? null : io.rocklake.catalog.calcite.CalciteTypes.epochMicros(t);
  }
}
