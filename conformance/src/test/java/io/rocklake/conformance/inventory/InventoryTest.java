package io.rocklake.conformance.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.sql.CopyOut;
import io.rocklake.conformance.sql.StatementFacts;
import io.rocklake.conformance.sql.Statements;
import io.rocklake.conformance.sql.TableSchemas;
import io.rocklake.conformance.wire.BackendMessages;
import io.rocklake.conformance.wire.FrontendMessages;
import io.rocklake.pgwire.types.PgType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class InventoryTest {
  private final Corpus corpus = Corpus.locate();

  @Test
  void literalsBecomePlaceholdersAndListsCollapse() {
    assertThat(StatementShape.of("DELETE FROM \"public\".t WHERE id IN (1, 2, 3) AND n = 'x'"))
        .isEqualTo("DELETE FROM \"public\".t WHERE id IN (?) AND n = ?");
    assertThat(StatementShape.of("INSERT INTO \"public\".t VALUES (1, 'a', NULL),(2, 'b', NULL), (3, 'c', NULL)"))
        .isEqualTo("INSERT INTO \"public\".t VALUES (?, ?, NULL)");
    // rows of different shapes are kept apart
    assertThat(StatementShape.of("INSERT INTO t VALUES (1, NULL), (2, 3)")).isEqualTo("INSERT INTO t VALUES (?, NULL), (?, ?)");
    assertThat(StatementShape.of("SELECT  1\n\tFROM x")).isEqualTo(StatementShape.of("SELECT 2 FROM x"));
  }

  @Test
  void classifiesHowEachStatementArrived() {
    assertThat(Inventory.kindOf("Q", "COPY \"public\".\"t\" FROM STDIN (FORMAT BINARY)")).isEqualTo(MessageKind.COPY_IN);
    assertThat(Inventory.kindOf("Q", "COPY (SELECT 1) TO STDOUT (FORMAT \"binary\")")).isEqualTo(MessageKind.COPY_OUT);
    assertThat(Inventory.kindOf("P", "SELECT 1")).isEqualTo(MessageKind.PARSE);
    assertThat(Inventory.kindOf("Q", "SELECT 1")).isEqualTo(MessageKind.SIMPLE_QUERY);
  }

  @Test
  void countsEveryStatementOfTheCorpusOnce() {
    Inventory inventory = Inventory.of(corpus);
    long statements = corpus.scenarios().stream().flatMap(s -> s.messages().stream())
        .filter(m -> m.isFrontend() && (m.type().equals("Q") || m.type().equals("P")))
        .mapToLong(m -> m.type().equals("P") ? 1 : Statements.split(FrontendMessages.sql(m).orElse("")).size())
        .sum();
    assertThat(inventory.statementCount()).isEqualTo(statements);
    assertThat(inventory.shapes()).hasSizeLessThan((int) statements);
  }

  @Test
  void theDocumentedInventoryIsCurrent() throws Exception {
    // surefire sets rocklake.root to the repository root
    Path doc = Path.of(System.getProperty("rocklake.root", "..")).resolve("docs/conformance.md");
    String text = Files.readString(doc);
    assertThat(text).as("docs/conformance.md is stale: run bin/rocklake-conformance inventory")
        .contains(Inventory.of(corpus).toMarkdown());
  }

  /** The codec property test covers every PgType; this proves the corpus needs no type beyond them. */
  @Test
  void everyTypeInTheCorpusHasACodec() {
    Set<String> unknown = new TreeSet<>();
    Set<PgType> seen = new TreeSet<>();
    TableSchemas schemas = new TableSchemas();
    for (var scenario : corpus.scenarios()) {
      for (CapturedMessage m : scenario.messages()) {
        if (!m.isFrontend() && m.type().equals("T")) {
          for (BackendMessages.Field f : BackendMessages.rowDescription(m.toWire())) {
            PgType.byOid(f.typeOid()).ifPresentOrElse(seen::add, () -> unknown.add("oid " + f.typeOid()));
          }
        }
        if (m.isFrontend() && m.type().equals("Q")) {
          for (String s : Statements.split(FrontendMessages.sql(m).orElse(""))) {
            schemas.observe(s);
            CopyOut.parse(s).ifPresent(c -> c.table().ifPresent(t -> c.items().forEach(item -> {
              if (item.column() != null) {
                schemas.columnType(t, item.column()).ifPresentOrElse(seen::add,
                    () -> unknown.add(t + "." + item.column()));
              }
            })));
            if (new StatementFacts(s).startsWith("CREATE")) {
              seen.addAll(ddlTypes(s));
            }
          }
        }
      }
    }
    assertThat(unknown).isEmpty();
    assertThat(seen).contains(PgType.INT8, PgType.VARCHAR, PgType.BOOL, PgType.TIMESTAMPTZ, PgType.UUID,
        PgType.BYTEA, PgType.NUMERIC, PgType.OID, PgType.INT2_ARRAY, PgType.REGCLASS);
  }

  private static Set<PgType> ddlTypes(String create) {
    Set<PgType> out = new TreeSet<>();
    for (String word : new String[] {"BIGINT", "VARCHAR", "BOOLEAN", "UUID", "BYTEA", "INTEGER", "SMALLINT",
        "REAL", "DOUBLE PRECISION", "DECIMAL", "TIME", "TIMESTAMP WITH TIME ZONE", "INTERVAL", "DATE"}) {
      if (create.toUpperCase(java.util.Locale.ROOT).contains(" " + word)) {
        PgType.bySqlName(word).ifPresent(out::add);
      }
    }
    return out;
  }
}
