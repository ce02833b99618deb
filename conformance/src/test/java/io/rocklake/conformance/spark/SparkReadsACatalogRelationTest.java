package io.rocklake.conformance.spark;

import static io.rocklake.conformance.spark.SparkRows.collect;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.spark.ExecutionRecordingProxy.Execution;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Spark's JDBC data source, through pgjdbc, reading a catalog relation of many rows from RockLake —
 * the whole relation, in partitions, with a filter Spark pushes down, as a subquery, streamed with a
 * fetch size — and getting exactly the rows written, as it does from PostgreSQL 15 holding the same
 * rows. Both servers sit behind an {@link ExecutionRecordingProxy}: what Spark asked (the SQL text)
 * and how many rows each server sent back is read off the wire.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkReadsACatalogRelationTest {
  private static final int ROWS = 12_000;
  private static final String TABLE = DataFileRows.RELATION;

  private RockLakeTarget rocklake;
  private PostgresTarget postgres;
  private ExecutionRecordingProxy rocklakeWire;
  private ExecutionRecordingProxy postgresWire;
  private Endpoint rocklakeServer;
  private SparkSession spark;
  private final List<List<Object>> written = DataFileRows.rows(ROWS);

  /** One side: where Spark connects (the proxy) and what it saw. */
  private record Side(String url, ExecutionRecordingProxy wire) {}

  @BeforeAll
  void start() throws Exception {
    rocklake = new RockLakeTarget();
    rocklakeServer = rocklake.prepare("rocklake");
    postgres = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
    Endpoint pg = postgres.prepare("spark_oracle");
    try (Connection c = connect(url(rocklakeServer.port(), "rocklake"))) {
      DataFileRows.write(c, ROWS);
    }
    try (Connection c = connect(url(pg.port(), "spark_oracle"))) {
      DataFileRows.write(c, ROWS);
    }
    rocklakeWire = new ExecutionRecordingProxy(rocklakeServer.host(), rocklakeServer.port());
    postgresWire = new ExecutionRecordingProxy(pg.host(), pg.port());
    spark = LocalSpark.start(getClass().getSimpleName());
  }

  @AfterAll
  void stop() throws Exception {
    if (spark != null) {
      spark.stop();
    }
    for (AutoCloseable c : new AutoCloseable[] {rocklakeWire, postgresWire, rocklake, postgres}) {
      if (c != null) {
        c.close();
      }
    }
  }

  @BeforeEach
  void forgetEarlierTraffic() {
    rocklakeWire.clear();
    postgresWire.clear();
  }

  private Side rocklake() {
    return new Side(url(rocklakeWire.port(), "rocklake"), rocklakeWire);
  }

  private Side postgres() {
    return new Side(url(postgresWire.port(), "spark_oracle"), postgresWire);
  }

  private static String url(int port, String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres&sslmode=disable&gssEncMode=disable";
  }

  private static Connection connect(String url) throws SQLException {
    return DriverManager.getConnection(url);
  }

  private Dataset<Row> read(Side side, UnaryOperator<DataFrameReader> options) {
    return options.apply(spark.read().format("jdbc").option("url", side.url())).load();
  }

  private Dataset<Row> readTable(Side side, UnaryOperator<DataFrameReader> options) {
    return read(side, r -> options.apply(r.option("dbtable", TABLE)));
  }

  /** The relation as pgjdbc reads it directly from RockLake, no Spark in between. */
  private List<List<Object>> directlyFromRocklake() throws SQLException {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection c = connect(url(rocklakeServer.port(), "rocklake"));
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT * FROM " + TABLE)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
    }
    return SparkRows.sorted(rows);
  }

  /** The SELECTs of the relation's rows Spark sent (not its schema probe), each with the rows the server sent for it. */
  private static Map<String, Long> rowReads(ExecutionRecordingProxy wire) {
    Map<String, Long> reads = new LinkedHashMap<>();
    for (Execution e : wire.executions()) {
      if (e.sql().startsWith("SELECT ") && e.sql().contains(" FROM " + TABLE) && !e.sql().contains("1=0")) {
        reads.merge(e.sql(), e.rows(), Long::sum);
      }
    }
    return reads;
  }

  @Test
  void theWholeRelationReadsAsWrittenWithPostgresSchema() throws SQLException {
    long started = System.nanoTime();
    Dataset<Row> fromRocklake = readTable(rocklake(), r -> r);
    List<List<Object>> rows = collect(fromRocklake);
    long nanos = System.nanoTime() - started;
    System.out.printf("spark read %d rows of %s from RockLake in %d ms: %.0f rows/s%n", rows.size(), TABLE,
        nanos / 1_000_000, rows.size() * 1e9 / nanos);

    assertThat(rows).hasSize(ROWS);
    assertThat(rows).isEqualTo(written);
    assertThat(rows).isEqualTo(directlyFromRocklake());
    Dataset<Row> fromPostgres = readTable(postgres(), r -> r);
    assertThat(collect(fromPostgres)).isEqualTo(written);
    assertThat(fromRocklake.schema()).isEqualTo(fromPostgres.schema());
    // One read of every row, the same SQL text to both servers.
    assertThat(rowReads(rocklakeWire)).containsExactly(Map.entry(onlyKey(rowReads(postgresWire)), (long) ROWS));
  }

  @Test
  void aPartitionedReadIsFourRangeQueriesEachAnsweredWithItsOwnRows() {
    UnaryOperator<DataFrameReader> partitioned = r -> r.option("partitionColumn", "data_file_id")
        .option("lowerBound", "0").option("upperBound", String.valueOf(ROWS)).option("numPartitions", "4");
    Dataset<Row> fromRocklake = readTable(rocklake(), partitioned);
    assertThat(fromRocklake.rdd().getNumPartitions()).isEqualTo(4);
    long started = System.nanoTime();
    List<List<Object>> rows = collect(fromRocklake);
    long nanos = System.nanoTime() - started;
    System.out.printf("spark read %d rows of %s from RockLake in 4 partitions in %d ms: %.0f rows/s%n", rows.size(),
        TABLE, nanos / 1_000_000, rows.size() * 1e9 / nanos);
    assertThat(rows).isEqualTo(written);
    assertThat(collect(readTable(postgres(), partitioned))).isEqualTo(written);

    Map<String, Long> reads = rowReads(rocklakeWire);
    assertThat(reads).hasSize(4).allSatisfy((sql, sent) -> {
      assertThat(sql).contains("WHERE").contains("\"data_file_id\"");
      assertThat(sent).isEqualTo(ROWS / 4);
    });
    assertThat(reads).isEqualTo(rowReads(postgresWire));
  }

  @Test
  void aFilterSparkPushesDownReachesTheServerAndOnlyTheMatchingRowsComeBack() {
    UnaryOperator<Dataset<Row>> query = df -> df
        .filter(col("table_id").equalTo(3).and(col("end_snapshot").isNull()).and(col("path").startsWith("ducklake-")))
        .select("data_file_id", "path", "partition_id");
    List<List<Object>> expected = written.stream()
        .filter(r -> r.get(1).equals(3L) && r.get(3) == null && ((String) r.get(5)).startsWith("ducklake-"))
        .map(r -> Arrays.asList(r.get(0), r.get(5), r.get(12))).toList();
    assertThat(expected).hasSizeBetween(100, ROWS / 5).anyMatch(r -> r.get(2) == null);

    Dataset<Row> fromRocklake = query.apply(readTable(rocklake(), r -> r));
    String plan = fromRocklake.queryExecution().executedPlan().toString();
    assertThat(plan).as(plan).containsPattern("PushedFilters: \\[[^\\]]*EqualTo\\(table_id,3\\)")
        .containsPattern("PushedFilters: \\[[^\\]]*IsNull\\(end_snapshot\\)")
        .containsPattern("PushedFilters: \\[[^\\]]*StringStartsWith\\(path,ducklake-\\)");
    assertThat(collect(fromRocklake)).isEqualTo(expected);
    assertThat(collect(query.apply(readTable(postgres(), r -> r)))).isEqualTo(expected);

    // On the wire: the filter and the projection are in the SQL, and the server sent the matching rows only.
    Map<String, Long> reads = rowReads(rocklakeWire);
    String sql = onlyKey(reads);
    assertThat(sql).containsPattern("^SELECT \"data_file_id\",\"path\",\"partition_id\" FROM " + TABLE + "\\s+WHERE ")
        .contains("\"table_id\" = 3").contains("\"end_snapshot\" IS NULL").contains("\"path\" LIKE 'ducklake-%'");
    assertThat(reads.get(sql)).isEqualTo(expected.size());
    assertThat(reads).isEqualTo(rowReads(postgresWire));
  }

  @Test
  void aQueryOptionIsProbedForItsSchemaAsASubqueryThatReturnsNoRowsThenReadWhole() {
    String inner = "SELECT data_file_id, path, record_count FROM " + TABLE + " WHERE begin_snapshot <= 10";
    UnaryOperator<DataFrameReader> asQuery = r -> r.option("query", inner);
    List<List<Object>> expected = written.stream().filter(r -> (Long) r.get(2) <= 10)
        .map(r -> List.of(r.get(0), r.get(5), r.get(8))).toList();

    Dataset<Row> fromRocklake = read(rocklake(), asQuery);
    assertThat(collect(fromRocklake)).isEqualTo(expected);
    Dataset<Row> fromPostgres = read(postgres(), asQuery);
    assertThat(collect(fromPostgres)).isEqualTo(expected);
    assertThat(fromRocklake.schema()).isEqualTo(fromPostgres.schema());

    List<Execution> probes = rocklakeWire.executions().stream()
        .filter(e -> e.sql().contains("(" + inner + ") SPARK_GEN_SUBQ_") && e.sql().endsWith("WHERE 1=0")).toList();
    assertThat(probes).as("%s", rocklakeWire.executions()).isNotEmpty()
        .allSatisfy(e -> assertThat(e.rows()).isZero()).allSatisfy(e -> assertThat(e.ending()).isEqualTo("SELECT 0"));
    assertThat(rocklakeWire.executions()).anySatisfy(e -> {
      assertThat(e.sql()).contains("(" + inner + ") SPARK_GEN_SUBQ_").doesNotContain("1=0");
      assertThat(e.rows()).isEqualTo(expected.size());
    });
  }

  @Test
  void aFetchSizeStreamsEachPartitionThroughASuspendedPortalAsFromPostgres() {
    UnaryOperator<DataFrameReader> streamed = r -> r.option("fetchsize", "1000").option("partitionColumn", "data_file_id")
        .option("lowerBound", "0").option("upperBound", String.valueOf(ROWS)).option("numPartitions", "2");
    assertThat(collect(readTable(rocklake(), streamed))).isEqualTo(written);
    assertThat(collect(readTable(postgres(), streamed))).isEqualTo(written);

    // Spark turns autocommit off for a fetch size; pgjdbc then asks for 1000 rows per Execute.
    Map<String, List<String>> rocklakeEndings = endingsOfRowReads(rocklakeWire);
    assertThat(rocklakeEndings).hasSize(2).allSatisfy((sql, endings) -> {
      assertThat(endings).hasSize(ROWS / 2 / 1000 + 1);
      assertThat(endings.subList(0, endings.size() - 1)).containsOnly("suspended");
    });
    assertThat(rocklakeEndings).isEqualTo(endingsOfRowReads(postgresWire));
    assertThat(rocklakeWire.executions()).filteredOn(e -> e.sql().startsWith("SELECT ") && e.sql().contains(TABLE)
        && !e.sql().contains("1=0")).allSatisfy(e -> assertThat(e.rows()).isLessThanOrEqualTo(1000));
  }

  private static Map<String, List<String>> endingsOfRowReads(ExecutionRecordingProxy wire) {
    Map<String, List<String>> endings = new LinkedHashMap<>();
    for (Execution e : wire.executions()) {
      if (e.sql().startsWith("SELECT ") && e.sql().contains(" FROM " + TABLE) && !e.sql().contains("1=0")) {
        endings.computeIfAbsent(e.sql(), k -> new ArrayList<>()).add(e.ending());
      }
    }
    return endings;
  }

  private static String onlyKey(Map<String, Long> reads) {
    assertThat(reads).hasSize(1);
    return reads.keySet().iterator().next();
  }
}
