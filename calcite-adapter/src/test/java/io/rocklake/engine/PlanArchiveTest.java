package io.rocklake.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan archive carries compiled plans to another process: the class files Calcite generated,
 * the result description and the relations read. A plan taken from it must answer exactly as the
 * plan compiled here, and must not be taken where it could answer wrongly.
 */
class PlanArchiveTest {
  /** DuckDB's attach-time reads: a scalar subquery, a join, an ORDER BY over pg_catalog. */
  private static final List<String> QUERIES = List.of(
      "SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')",
      "SELECT oid, nspname FROM pg_namespace ORDER BY oid",
      "SELECT c.relname, a.attname, a.attnum FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid"
          + " WHERE c.relname = 'ducklake_snapshot' ORDER BY a.attnum");

  private static final String DUCKLAKE_SNAPSHOT_DDL = "CREATE TABLE \"public\".\"ducklake_snapshot\"(\"snapshot_id\" BIGINT"
      + " PRIMARY KEY, \"snapshot_time\" TIMESTAMP WITH TIME ZONE, \"schema_version\" BIGINT, \"next_catalog_id\" BIGINT,"
      + " \"next_file_id\" BIGINT)";

  @TempDir Path dir;
  private final EngineFixture here = new EngineFixture();

  @AfterEach
  void close() {
    here.close();
  }

  @Test
  void aPlanCarriedThroughAnArchiveAnswersAsTheCompiledOneDidOnAnotherCatalog() {
    List<List<Object[]>> answers = QUERIES.stream().map(here::rows).toList();
    Path file = dir.resolve("plans.bin");
    assertThat(SqlEngine.writePlanArchive(file)).isGreaterThanOrEqualTo(QUERIES.size());

    PlanArchive archive = PlanArchive.read(file);
    Catalog elsewhere = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    SqlEngine other = new SqlEngine(elsewhere);
    for (int i = 0; i < QUERIES.size(); i++) {
      String sql = QUERIES.get(i);
      SqlEngine.PlanKey key = here.engine.planKey(here.session.parse(sql).get(0));
      PlanArchive.Entry entry = archive.entry(key.key()).orElseThrow(() -> new AssertionError("no archived plan for " + sql));
      CatalogTransaction tx = elsewhere.begin();
      CalcitePlan plan = entry.plan(tx, other.planner().typeFactory()).orElseThrow();
      List<Object[]> rows = plan.run(tx, key.params(), Instant.now(), "tester", other.planner().tables(tx), () -> { });
      tx.rollback();
      assertThat(rows).as(sql).usingRecursiveFieldByFieldElementComparator().containsExactlyElementsOf(answers.get(i));
    }
  }

  @Test
  void aPlanWhoseRelationIsNotTheOneItWasCompiledAgainstIsNotTaken() {
    // The first snapshot's read: a subquery, so Calcite plans it; it reads ducklake_snapshot. (DuckLake's
    // latest-snapshot read, MAX instead of MIN, is a direct scan of the relation's last row.)
    String latest = "SELECT snapshot_id, schema_version FROM ducklake_snapshot"
        + " WHERE snapshot_id = (SELECT MIN(snapshot_id) FROM ducklake_snapshot)";
    here.run(DUCKLAKE_SNAPSHOT_DDL);
    here.rows(latest);
    Path file = dir.resolve("plans.bin");
    SqlEngine.writePlanArchive(file);
    String key = here.engine.planKey(here.session.parse(latest).get(0)).key();
    PlanArchive.Entry entry = PlanArchive.read(file).entry(key).orElseThrow();
    assertThat(entry.relations()).extracting(PlanArchive.RelationPin::name).containsExactly("ducklake_snapshot");
    PlanArchive.RelationPin pin = entry.relations().get(0);
    PlanArchive.Entry changed = new PlanArchive.Entry(entry.key(), entry.code(), entry.fields(), entry.parameterTypes(),
        List.of(new PlanArchive.RelationPin(pin.schema(), pin.name(), pin.definition() + " with another column")), false);
    CatalogTransaction tx = here.catalog.begin();
    assertThat(entry.plan(tx, here.engine.planner().typeFactory())).isPresent();
    assertThat(changed.plan(tx, here.engine.planner().typeFactory())).isEmpty();
    assertThat(new PlanArchive.Entry(entry.key(), entry.code(), entry.fields(), entry.parameterTypes(),
        List.of(new PlanArchive.RelationPin("public", "no_such_relation", pin.definition())), false)
        .plan(tx, here.engine.planner().typeFactory())).isEmpty();
    tx.rollback();
  }

  @Test
  void anArchiveWrittenByOtherCodeIsIgnoredAsAWhole() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.write("RLPLANS2".getBytes(StandardCharsets.US_ASCII));
    byte[] stamp = "another build".getBytes(StandardCharsets.UTF_8);
    out.writeInt(stamp.length);
    out.write(stamp);
    out.writeInt(0);
    Path file = Files.write(dir.resolve("old.bin"), bytes.toByteArray());
    assertThat(PlanArchive.read(file).size()).isZero();
    assertThat(SqlEngine.usePlanArchive(file)).isZero();
  }

  @Test
  void aFileThatIsNoPlanArchiveIsRefusedWithItsName() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "not an archive at all");
    assertThatThrownBy(() -> PlanArchive.read(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("notes.txt").hasMessageContaining("not a RockLake plan archive");
  }
}
