package io.rocklake.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.engine.SqlEngine;
import io.rocklake.kv.Db;
import io.rocklake.kv.DbOptions;
import io.rocklake.kv.store.InMemoryObjectStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up before listening runs reads on the catalog and nothing else. */
class WarmUpTest {
  @TempDir Path dir;

  @Test
  void readsRunAndWritesOrFailuresAreSkippedLeavingTheCatalogAsItWas() {
    Catalog catalog = Catalog.open(Db.open(new InMemoryObjectStore(), DbOptions.defaults().withBackgroundCompaction(false)));
    CatalogTransaction tx = catalog.begin();
    DuckLakeRelations.createTables(tx);
    tx.commit();
    Path file = dir.resolve("warm-up.txt");
    WarmUp.write(file, List.of(
        "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ;\nSELECT oid, nspname FROM pg_namespace ORDER BY oid",
        "INSERT INTO \"public\".ducklake_snapshot VALUES (7, NOW(), 0, 1, 0)",
        "SELECT nonsense FROM nowhere",
        "SELECT relname FROM pg_class WHERE relname = 'ducklake_snapshot'"));

    WarmUp.Result r = WarmUp.run(new SqlEngine(catalog), file);

    assertThat(r.ran()).isEqualTo(2);
    assertThat(r.skipped()).isEqualTo(2);
    RelationDef snapshot = DuckLakeRelations.ALL.get(1);
    assertThat(snapshot.name()).isEqualTo("ducklake_snapshot");
    assertThat(catalog.begin().scan(snapshot)).as("the INSERT did not run").isEmpty();
  }

  @Test
  void statementTextsRoundTripWithNewlinesAndAnyCharacters() {
    Path file = dir.resolve("texts.txt");
    List<String> texts = List.of("SELECT 1", "SELECT '\n\n😀'\n\n", "", "SELECT 'a''b' -- 12\n");
    WarmUp.write(file, texts);
    assertThat(WarmUp.read(file)).containsExactlyElementsOf(texts);
  }

  @Test
  void aFileThatIsNoWarmUpFileIsRefusedWithItsName() throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "SELECT 1\n");
    assertThatThrownBy(() -> WarmUp.read(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("notes.txt").hasMessageContaining("not a warm-up file");
    Path cut = Files.writeString(dir.resolve("cut.txt"), "40\nSELECT 1\n");
    assertThatThrownBy(() -> WarmUp.read(cut)).hasMessageContaining("runs past the end");
  }
}
