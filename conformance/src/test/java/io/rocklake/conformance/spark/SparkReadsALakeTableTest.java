package io.rocklake.conformance.spark;

import static io.rocklake.conformance.spark.SparkRows.collect;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import io.rocklake.conformance.spark.ExecutionRecordingProxy.Execution;
import io.rocklake.server.LakeDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Spark's JDBC data source reading the lake database ({@code jdbc:postgresql://…/lake}) of a RockLake
 * server that replayed a captured DuckDB session, its data path pointed at the corpus' copy of the
 * lake's files; the oracle is DuckDB reading its own export of the table at the same snapshot. Read
 * whole, in partitions each pinned to one snapshot by Spark's {@code sessionInitStatement}, and with a
 * filter Spark pushes down — what Spark sent and how many rows came back seen on the wire.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SparkReadsALakeTableTest {
  private static final String BASIC = "01_basic";
  private static final String TIME_TRAVEL = "03_dml_timetravel";

  private final Corpus corpus = Corpus.locate();
  private final Map<String, RockLakeTarget> servers = new HashMap<>();
  private final Map<String, ExecutionRecordingProxy> wires = new HashMap<>();
  private DuckDbOracle duckdb;
  private SparkSession spark;

  @BeforeAll
  void start() throws Exception {
    duckdb = new DuckDbOracle();
    for (String name : List.of(BASIC, TIME_TRAVEL)) {
      String data = corpus.dir().resolve("data").resolve(name).toAbsolutePath().toString();
      RockLakeTarget target = RockLakeTarget.configured(c -> c.withLake(new LakeDatabase("lake", Optional.of(data)))
          .withAvatica(io.rocklake.avatica.AvaticaOptions.defaults(new java.net.InetSocketAddress("127.0.0.1", 0), 10)));
      servers.put(name, target);
      Scenario scenario = corpus.scenario(name);
      ScenarioResult result = new Replayer().replay(scenario, target.prepare(scenario.database()));
      assertThat(result.passed()).as("replay of %s: %s", name, result.divergence().map(d -> d.describe()).orElse(""))
          .isTrue();
      wires.put(name, new ExecutionRecordingProxy("127.0.0.1", target.port()));
    }
    spark = LocalSpark.start(getClass().getSimpleName());
  }

  @AfterAll
  void stop() throws Exception {
    if (spark != null) {
      spark.stop();
    }
    for (ExecutionRecordingProxy w : wires.values()) {
      w.close();
    }
    servers.values().forEach(RockLakeTarget::close);
    if (duckdb != null) {
      duckdb.close();
    }
  }

  @BeforeEach
  void forgetEarlierTraffic() {
    wires.values().forEach(ExecutionRecordingProxy::clear);
  }

  private Path export(String scenario, String file) {
    return corpus.dir().resolve("expected").resolve(scenario).resolve(file).toAbsolutePath();
  }

  /** The lake table through Spark; timestamps without time zone as Spark's TIMESTAMP_NTZ, as in the lake. */
  private Dataset<Row> read(String scenario, String table, UnaryOperator<DataFrameReader> options) {
    String url = "jdbc:postgresql://127.0.0.1:" + wires.get(scenario).port()
        + "/lake?user=analyst&sslmode=disable&gssEncMode=disable";
    return options.apply(spark.read().format("jdbc").option("url", url).option("dbtable", table)
        .option("preferTimestampNTZ", "true")).load();
  }

  private static boolean readsRows(Execution e, String table) {
    return e.sql().startsWith("SELECT ") && e.sql().contains(" FROM " + table) && !e.sql().contains("1=0");
  }

  @Test
  void aTableAtTheLatestSnapshotHasExactlyDuckDbsRowsAndTypes() throws Exception {
    long started = System.nanoTime();
    Dataset<Row> events = read(BASIC, "main.events", r -> r);
    List<List<Object>> rows = collect(events);
    long nanos = System.nanoTime() - started;
    System.out.printf("spark read %d rows of lake table main.events in %d ms: %.0f rows/s%n", rows.size(),
        nanos / 1_000_000, rows.size() * 1e9 / nanos);

    assertThat(events.schema().fields()).extracting(f -> f.name() + " " + f.dataType())
        .containsExactly("id " + DataTypes.LongType, "name " + DataTypes.StringType,
            "ts " + DataTypes.TimestampNTZType);
    List<List<Object>> expected = duckdb.answer(export(BASIC, "events.csv"),
        "SELECT CAST(id AS BIGINT), name, CAST(ts AS TIMESTAMP) FROM export ORDER BY 1");
    assertThat(expected).hasSize(1999);
    assertThat(rows).isEqualTo(expected);
  }

  @Test
  void everyPartitionIsPinnedToTheSameSnapshotByTheSessionInitStatement() throws Exception {
    // A fetch size too: Spark then turns autocommit off first, so each SET runs in the read's own transaction.
    UnaryOperator<DataFrameReader> pinned = r -> r.option("sessionInitStatement", "SET rocklake.snapshot_id = 2")
        .option("partitionColumn", "id").option("lowerBound", "0").option("upperBound", "1000")
        .option("numPartitions", "4").option("fetchsize", "100");
    Dataset<Row> t = read(TIME_TRAVEL, "t", pinned);
    assertThat(t.rdd().getNumPartitions()).isEqualTo(4);
    List<List<Object>> atTwo = duckdb.answer(export(TIME_TRAVEL, "t@v2.csv"),
        "SELECT CAST(id AS INTEGER), v FROM export ORDER BY 1");
    List<List<Object>> latest = duckdb.answer(export(TIME_TRAVEL, "t.csv"),
        "SELECT CAST(id AS INTEGER), v FROM export ORDER BY 1");
    assertThat(atTwo).hasSize(1000);
    assertThat(latest).hasSize(1490);
    assertThat(collect(t)).isEqualTo(atTwo);

    // Four range reads, each on a connection that pinned the snapshot before it read, each answered
    // with the rows of its range at snapshot 2 only (250 ids apiece), 100 rows per Execute.
    List<Execution> executions = wires.get(TIME_TRAVEL).executions();
    Map<String, List<Execution>> byRead = executions.stream().filter(e -> readsRows(e, "t"))
        .collect(java.util.stream.Collectors.groupingBy(Execution::sql));
    assertThat(byRead).hasSize(4).allSatisfy((sql, batches) -> {
      assertThat(sql).contains("\"id\"");
      assertThat(batches).extracting(Execution::ending).containsExactly("suspended", "suspended", "SELECT 50");
      assertThat(batches).extracting(Execution::rows).containsExactly(100L, 100L, 50L);
    });
    List<Execution> reads = byRead.values().stream().map(b -> b.get(0)).toList();
    assertThat(reads).allSatisfy(e -> {
      assertThat(executions.subList(0, executions.indexOf(e))).as("before %s", e.sql())
          .anySatisfy(set -> {
            assertThat(set.connection()).isEqualTo(e.connection());
            assertThat(set.sql()).isEqualTo("SET rocklake.snapshot_id = 2");
            assertThat(set.ending()).isEqualTo("SET");
          });
    });
    assertThat(reads).extracting(Execution::connection).doesNotHaveDuplicates();

    // Without the statement the same read is the latest snapshot's.
    assertThat(collect(read(TIME_TRAVEL, "t", r -> r.option("partitionColumn", "id").option("lowerBound", "0")
        .option("upperBound", "1000").option("numPartitions", "4")))).isEqualTo(latest);
  }

  /** The same partitioned, pinned read and a pushed filter through the stock Avatica driver instead of pgjdbc. */
  @Test
  void overTheAvaticaDriverAPartitionedPinnedReadAndAPushedFilterHaveDuckDbsRows() throws Exception {
    String url = servers.get(TIME_TRAVEL).server().avatica().jdbcUrl(io.rocklake.pgwire.server.auth.AuthMethod.TRUST);
    UnaryOperator<DataFrameReader> avatica = r -> r.option("url", url)
        .option("driver", "org.apache.calcite.avatica.remote.Driver").option("database", "lake").option("dbtable", "t");
    Dataset<Row> pinned = avatica.apply(spark.read().format("jdbc"))
        .option("sessionInitStatement", "SET rocklake.snapshot_id = 2").option("partitionColumn", "id")
        .option("lowerBound", "0").option("upperBound", "1000").option("numPartitions", "4").load();
    assertThat(pinned.rdd().getNumPartitions()).isEqualTo(4);
    assertThat(collect(pinned)).isEqualTo(duckdb.answer(export(TIME_TRAVEL, "t@v2.csv"),
        "SELECT CAST(id AS INTEGER), v FROM export ORDER BY 1"));
    Dataset<Row> filtered = avatica.apply(spark.read().format("jdbc")).load()
        .filter(col("id").geq(100).and(col("id").lt(200)));
    assertThat(filtered.queryExecution().executedPlan().toString()).contains("PushedFilters: [*IsNotNull(id), *GreaterThanOrEqual(id,100), *LessThan(id,200)]");
    assertThat(collect(filtered)).isEqualTo(duckdb.answer(export(TIME_TRAVEL, "t.csv"),
        "SELECT CAST(id AS INTEGER), v FROM export WHERE CAST(id AS INTEGER) >= 100 AND CAST(id AS INTEGER) < 200 ORDER BY 1"));
  }

  @Test
  void aQueryOptionIsProbedAsASubqueryAndReadAsDuckDbAnswersIt() throws Exception {
    Dataset<Row> q = spark.read().format("jdbc")
        .option("url", "jdbc:postgresql://127.0.0.1:" + wires.get(BASIC).port()
            + "/lake?user=analyst&sslmode=disable&gssEncMode=disable")
        .option("query", "SELECT id, upper(name) AS shout FROM events WHERE id % 100 = 7").load();
    List<List<Object>> expected = duckdb.answer(export(BASIC, "events.csv"),
        "SELECT CAST(id AS BIGINT), upper(name) FROM export WHERE CAST(id AS BIGINT) % 100 = 7 ORDER BY 1");
    assertThat(expected).hasSize(20);
    assertThat(collect(q)).isEqualTo(expected);
    assertThat(wires.get(BASIC).executions()).anySatisfy(e -> {
      assertThat(e.sql()).contains(") SPARK_GEN_SUBQ_").endsWith("WHERE 1=0");
      assertThat(e.ending()).isEqualTo("SELECT 0");
    });
  }

  @Test
  void aTimestampFilterSparkPushesDownIsAnsweredAsDuckDbAnswersIt() throws Exception {
    java.time.LocalDateTime from = java.time.LocalDateTime.of(2026, 1, 2, 12, 30);
    Dataset<Row> later = read(BASIC, "events", r -> r).filter(col("ts").geq(org.apache.spark.sql.functions.lit(from)))
        .select("id", "ts");
    assertThat(later.queryExecution().executedPlan().toString()).containsPattern("PushedFilters: \\[[^\\]]*GreaterThanOrEqual\\(ts,");
    List<List<Object>> expected = duckdb.answer(export(BASIC, "events.csv"), "SELECT CAST(id AS BIGINT),"
        + " CAST(ts AS TIMESTAMP) FROM export WHERE CAST(ts AS TIMESTAMP) >= TIMESTAMP '2026-01-02 12:30:00' ORDER BY 1");
    assertThat(expected).hasSizeBetween(10, 1990);
    assertThat(collect(later)).isEqualTo(expected);
    // One read, in batches (Spark 4.2's PostgreSQL dialect defaults the fetch size to 1000), the bound in its WHERE.
    List<Execution> reads = wires.get(BASIC).executions().stream().filter(e -> readsRows(e, "events")).toList();
    assertThat(reads).extracting(Execution::sql).containsOnly(reads.get(0).sql());
    assertThat(reads.get(0).sql()).contains("\"ts\" >= '2026-01-02 12:30:00");
    assertThat(reads.stream().mapToLong(Execution::rows).sum()).isEqualTo(expected.size());
  }

  @Test
  void aFilterSparkPushesDownIsAnsweredWithOnlyDuckDbsMatchingRows() throws Exception {
    Dataset<Row> filtered = read(BASIC, "events", r -> r)
        .filter(col("id").between(100, 600).and(col("name").startsWith("bulk-1"))).select("id", "name");
    String plan = filtered.queryExecution().executedPlan().toString();
    assertThat(plan).as(plan).containsPattern("PushedFilters: \\[[^\\]]*GreaterThanOrEqual\\(id,100\\)")
        .containsPattern("PushedFilters: \\[[^\\]]*LessThanOrEqual\\(id,600\\)")
        .containsPattern("PushedFilters: \\[[^\\]]*StringStartsWith\\(name,bulk-1\\)");
    List<List<Object>> expected = duckdb.answer(export(BASIC, "events.csv"), "SELECT CAST(id AS BIGINT), name"
        + " FROM export WHERE CAST(id AS BIGINT) BETWEEN 100 AND 600 AND name LIKE 'bulk-1%' ORDER BY 1");
    assertThat(expected).hasSizeBetween(10, 500);
    assertThat(collect(filtered)).isEqualTo(expected);

    List<Execution> reads = wires.get(BASIC).executions().stream().filter(e -> readsRows(e, "events")).toList();
    assertThat(reads).extracting(Execution::sql).containsOnly(reads.get(0).sql());
    assertThat(reads.get(0).sql()).containsPattern("^SELECT \"id\",\"name\" FROM events\\s+WHERE ")
        .contains("\"id\" >= 100").contains("\"id\" <= 600").contains("\"name\" LIKE 'bulk-1%'");
    assertThat(reads.stream().mapToLong(Execution::rows).sum()).isEqualTo(expected.size());
  }
}
