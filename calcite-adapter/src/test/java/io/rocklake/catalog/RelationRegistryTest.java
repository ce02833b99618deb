package io.rocklake.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocklake.sql.corpus.ConformanceCorpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The relation registry is exactly what DuckDB 1.5.5 creates: checked against its captured DDL. */
class RelationRegistryTest {

  @Test
  void commitsThatChangeNoRelationKeepTheRelationListSoWhatIsDerivedFromItStaysCached() {
    Catalog catalog = Catalog.open(io.rocklake.kv.Db.open(new io.rocklake.kv.store.InMemoryObjectStore(),
        io.rocklake.kv.DbOptions.defaults().withBackgroundCompaction(false)));
    List<ColumnDef> cols = List.of(ColumnDef.notNull("id", ColumnType.BIGINT));
    CatalogTransaction create = catalog.begin();
    RelationDef t = create.createRelation("public", "t", cols, RelationDef.Kind.DYNAMIC, false);
    create.commit();
    List<RelationDef> before = catalog.registry().existingRelations(catalog.begin());

    CatalogTransaction dataOnly = catalog.begin();
    dataOnly.insert(t, new Object[] {1L});
    dataOnly.commit();
    assertThat(catalog.registry().existingRelations(catalog.begin())).as("after a data-only commit").isSameAs(before);

    CatalogTransaction ddl = catalog.begin();
    ddl.createRelation("public", "u", cols, RelationDef.Kind.DYNAMIC, false);
    ddl.commit();
    List<RelationDef> after = catalog.registry().existingRelations(catalog.begin());
    assertThat(after).as("after a relation was created").isNotSameAs(before);
    assertThat(after).extracting(RelationDef::name).contains("t", "u");
  }

  @Test
  void aReusedRelationListIsNeverStaleForAnyCommitOnTheWriterOrAReader() {
    io.rocklake.kv.store.InMemoryObjectStore store = new io.rocklake.kv.store.InMemoryObjectStore();
    Catalog catalog = Catalog.open(io.rocklake.kv.Db.open(store,
        io.rocklake.kv.DbOptions.defaults().withBackgroundCompaction(false)));
    List<ColumnDef> cols = List.of(ColumnDef.notNull("id", ColumnType.BIGINT));
    CatalogTransaction create = catalog.begin();
    RelationDef t = create.createRelation("public", "t", cols, RelationDef.Kind.DYNAMIC, false);
    long withT = create.commit();
    for (int i = 0; i < 3; i++) { // data-only commits: the list is reused from here on
      CatalogTransaction data = catalog.begin();
      data.insert(t, new Object[] {(long) i});
      data.commit();
      assertThat(names(catalog, catalog.begin())).contains("t").doesNotContain("u");
    }
    CatalogTransaction ddl = catalog.begin();
    ddl.createRelation("public", "u", cols, RelationDef.Kind.DYNAMIC, false);
    long withU = ddl.commit();
    CatalogTransaction data = catalog.begin();
    data.insert(t, new Object[] {9L});
    data.commit();
    assertThat(names(catalog, catalog.begin())).as("latest").contains("t", "u");
    assertThat(names(catalog, catalog.beginAt(withT))).as("commit %d, before u", withT).doesNotContain("u");
    assertThat(names(catalog, catalog.beginAt(withU))).as("commit %d, u created", withU).contains("u");
    assertThat(names(catalog, catalog.begin())).as("latest again").contains("t", "u");

    Catalog onReader = Catalog.openReadOnly(io.rocklake.kv.DbReader.open(store));
    assertThat(names(onReader, onReader.begin())).as("a reader").contains("t", "u");
  }

  private static List<String> names(Catalog catalog, CatalogTransaction tx) {
    return catalog.registry().existingRelations(tx).stream().map(RelationDef::name).toList();
  }

  @Test
  void theTwentyEightDuckLakeTablesMatchTheCapturedCreateTableStatements() throws IOException {
    Map<String, String> captured = capturedDuckLakeDdl();
    assertThat(captured).hasSize(28);
    assertThat(DuckLakeRelations.ALL).hasSize(28);
    for (RelationDef r : DuckLakeRelations.ALL) {
      assertThat(r.createTableSql()).as(r.name()).isEqualTo(captured.get(r.name()));
    }
  }

  @Test
  void theThirtyTwoFixedRelationsHaveDistinctIdsAndNames() {
    List<RelationDef> all = RelationRegistry.fixedRelations();
    assertThat(all).hasSize(32);
    assertThat(all).extracting(RelationDef::id).doesNotHaveDuplicates().allMatch(id -> id >= 1 && id <= 32);
    assertThat(all).extracting(RelationDef::qualifiedName).doesNotHaveDuplicates();
    assertThat(all).extracting(RelationDef::id).allMatch(id -> id < RelationRegistry.FIRST_DYNAMIC_ID);
  }

  @Test
  void primaryKeysAreTheOnesDuckLakeDeclares() {
    assertThat(DuckLakeRelations.ALL.stream().filter(RelationDef::hasPrimaryKey).map(RelationDef::name))
        .containsExactlyInAnyOrder("ducklake_snapshot", "ducklake_snapshot_changes", "ducklake_schema",
            "ducklake_data_file", "ducklake_delete_file");
  }

  @Test
  void columnListsRoundTripThroughTheirStoredForm() {
    List<ColumnDef> cols = List.of(ColumnDef.of("row_id", ColumnType.BIGINT),
        new ColumnDef("amount", ColumnType.DECIMAL, false, "(10,2)"), ColumnDef.notNull("at", ColumnType.TIMESTAMPTZ));
    String encoded = RelationRegistry.encode(cols);
    CatalogRow row = new CatalogRow(1, new byte[0], new Object[] {1000L, "public", "t", "DYNAMIC", encoded, null});
    assertThat(RelationRegistry.decode(row).columns()).isEqualTo(cols);
  }

  /** CREATE TABLE "public"."ducklake_*" statements as DuckDB sent them, by table name. */
  static Map<String, String> capturedDuckLakeDdl() throws IOException {
    Path jsonl = ConformanceCorpus.capturesDirectory().resolve("01_basic.jsonl.gz");
    ObjectMapper json = new ObjectMapper();
    Map<String, String> out = new LinkedHashMap<>();
    try (Stream<String> lines = ConformanceCorpus.open(jsonl).lines()) {
      for (String line : (Iterable<String>) lines::iterator) {
        JsonNode m = json.readTree(line);
        if (!m.get("dir").asText().equals("F") || !m.get("type").asText().equals("Q")) {
          continue;
        }
        byte[] payload = HexFormat.of().parseHex(m.get("hex").asText());
        String sql = new String(payload, 0, payload.length - 1, StandardCharsets.UTF_8);
        String prefix = "CREATE TABLE \"public\".\"";
        if (sql.startsWith(prefix)) {
          out.put(sql.substring(prefix.length(), sql.indexOf('"', prefix.length())), sql);
        }
      }
    }
    return out;
  }
}
