package io.rocklake.conformance.whitelist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rocklake.conformance.whitelist.SourceTemplates.Reach;
import io.rocklake.conformance.whitelist.SourceTemplates.Template;
import io.rocklake.sql.parser.SqlStatementParser;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SourceTemplatesTest {
  private static final String FILE = """
      -- A header: -- template: is only a block when it starts a line.
      -- Count: 2.

      -- template: t.first
      -- source: DL/a.cpp:1 A
      -- when: always
      -- reach: ducklake
      -- given: CREATE TABLE IF NOT EXISTS "public".x(a BIGINT);
      -- given: INSERT INTO "public".x VALUES (1);
      SELECT a
      FROM "public".x

      WHERE a = 1;

      -- template: t.second.parse
      -- source: PG/b.cpp:2 B
      -- when: sometimes: with a colon
      -- reach: generic
      -- why: never on this path
      SELECT '\u0008';
      """;

  @Test void aBlockRunsFromItsTemplateLineToTheNextAndKeepsItsBlankLines() {
    List<Template> ts = SourceTemplates.parse("f.sql", FILE);
    assertThat(ts).extracting(Template::id).containsExactly("t.first", "t.second.parse");
    Template first = ts.get(0);
    assertThat(first.file()).isEqualTo("f.sql");
    assertThat(first.source()).isEqualTo("DL/a.cpp:1 A");
    assertThat(first.when()).isEqualTo("always");
    assertThat(first.reach()).isEqualTo(Reach.DUCKLAKE);
    assertThat(first.given()).containsExactly("CREATE TABLE IF NOT EXISTS \"public\".x(a BIGINT);",
        "INSERT INTO \"public\".x VALUES (1);");
    assertThat(first.sql()).isEqualTo("SELECT a\nFROM \"public\".x\n\nWHERE a = 1;");
    assertThat(first.isParseOnly()).isFalse();
  }

  @Test void theStatementKeepsRawControlBytesAndLosesOnlyItsClosingSemicolonForParse() {
    Template second = SourceTemplates.parse("f.sql", FILE).get(1);
    assertThat(second.when()).isEqualTo("sometimes: with a colon");
    assertThat(second.reach()).isEqualTo(Reach.GENERIC);
    assertThat(second.given()).isEmpty();
    assertThat(second.sql()).isEqualTo("SELECT '\u0008';");
    assertThat(second.isParseOnly()).isTrue();
    assertThat(second.sqlWithoutSemicolon()).isEqualTo("SELECT '\u0008'");
  }

  @Test void aBlockWithoutReachOrWithAnUnknownOneIsRefused() {
    String noReach = "-- template: t\n-- source: s\n-- when: w\nSELECT 1;\n";
    assertThatThrownBy(() -> SourceTemplates.parse("f.sql", noReach)).hasMessageContaining("f.sql:1 (t)")
        .hasMessageContaining("-- reach:");
    String badReach = "-- template: t\n-- source: s\n-- when: w\n-- reach: sometimes\nSELECT 1;\n";
    assertThatThrownBy(() -> SourceTemplates.parse("f.sql", badReach)).hasMessageContaining("ducklake or generic");
    String noSql = "-- template: t\n-- source: s\n-- when: w\n-- reach: ducklake\n\n";
    assertThatThrownBy(() -> SourceTemplates.parse("f.sql", noSql)).hasMessageContaining("a statement");
  }

  @Test void anIdAppearsOnceInAFile() {
    String twice = "-- template: t\n-- source: s\n-- when: w\n-- reach: ducklake\nSELECT 1;\n".repeat(2);
    assertThatThrownBy(() -> SourceTemplates.parse("f.sql", twice)).hasMessageContaining("appears twice");
  }

  @Test void theShippedCensusHoldsEveryBlockItsHeadersCount() {
    List<Template> all = SourceTemplates.load(SourceTemplates.DIRECTORY);
    assertThat(all.stream().collect(Collectors.groupingBy(Template::file, Collectors.counting())))
        .containsEntry("ducklake-execute.sql", 91L).containsEntry("postgres-extension.sql", 419L);
    assertThat(all.stream().filter(t -> t.file().equals("ducklake-execute.sql")))
        .allMatch(t -> t.reach() == Reach.DUCKLAKE);
    assertThat(all.stream().filter(t -> t.file().equals("postgres-extension.sql") && t.reach() == Reach.GENERIC))
        .hasSize(90);
    assertThat(all).extracting(Template::id).doesNotHaveDuplicates();
  }

  @Test void theDevelopmentLinesCensusHoldsTheTwoFilesOfItsOwn() {
    List<Template> all = SourceTemplates.load(SourceTemplates.DIRECTORY_2_0_DEV);
    assertThat(all.stream().collect(Collectors.groupingBy(Template::file, Collectors.counting())))
        .containsOnlyKeys("duckdb-2.0-dev-source/ducklake-execute.sql", "duckdb-2.0-dev-source/postgres-extension.sql");
    assertThat(all).extracting(Template::id).doesNotHaveDuplicates();
    assertThat(all).extracting(Template::sql).anyMatch(sql -> sql.contains("ducklake_view_column_tag"))
        .anyMatch(sql -> sql.contains("\"row_group_count\" BIGINT"));
  }

  @Test void everyGenericBlockSaysWhyAndEveryStatementParses() throws Exception {
    for (String text : SourceTemplates.DIRECTORIES.stream().flatMap(d -> SourceTemplates.FILES.stream()
        .map(f -> SourceTemplates.resource(d, f))).toList()) {
      for (String block : text.split("(?m)^(?=-- template:)")) {
        if (block.contains("-- reach: generic")) {
          assertThat(block).as(block.lines().findFirst().orElse("")).contains("\n-- why: ");
        }
      }
    }
    SqlStatementParser parser = new SqlStatementParser();
    List<Template> unparsable = SourceTemplates.load().stream().filter(t -> t.reach() == Reach.DUCKLAKE)
        .filter(t -> {
          try {
            return parser.parseStatements(t.sql()).size() != 1;
          } catch (Exception e) {
            return true;
          }
        }).toList();
    assertThat(unparsable).extracting(Template::id).isEmpty();
  }
}
