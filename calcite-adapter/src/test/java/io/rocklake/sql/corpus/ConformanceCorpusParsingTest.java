package io.rocklake.sql.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.fingerprint.Fingerprint;
import io.rocklake.sql.parser.SqlStatementParser;
import io.rocklake.sql.statement.StatementCategory;
import io.rocklake.sql.statement.StatementClassifier;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Every statement DuckDB sent in the conformance captures parses, fingerprints and classifies. */
class ConformanceCorpusParsingTest {
  private final SqlStatementParser parser = new SqlStatementParser();

  @Test
  void everyCapturedSqlTextParsesAndFingerprints() {
    final List<ConformanceCorpus.SqlText> texts = ConformanceCorpus.sqlTexts();
    assertThat(texts).as("Q/P messages in the captures").hasSizeGreaterThan(3000);

    final List<String> failures = new ArrayList<>();
    final Map<String, int[]> statementsPerScenario = new LinkedHashMap<>();
    final Map<String, Set<String>> fingerprintsPerScenario = new LinkedHashMap<>();
    final Set<String> fingerprints = new LinkedHashSet<>();
    final Map<String, String> shapes = new java.util.TreeMap<>();
    final Map<StatementCategory, Set<String>> fingerprintsPerCategory =
        new EnumMap<>(StatementCategory.class);
    int statements = 0;
    for (ConformanceCorpus.SqlText text : texts) {
      final List<SqlNode> parsed;
      try {
        parsed = parser.parseStatements(text.sql());
      } catch (SqlParseException e) {
        failures.add(text + ": " + e.getMessage().lines().findFirst().orElse("") + "\n    "
            + text.sql().replace("\n", "\\n"));
        continue;
      }
      for (SqlNode statement : parsed) {
        final Fingerprint fingerprint;
        try {
          fingerprint = Fingerprint.of(statement);
        } catch (RuntimeException e) {
          failures.add(text + ": fingerprint failed: " + e + "\n    " + statement);
          continue;
        }
        statements++;
        statementsPerScenario.computeIfAbsent(text.scenario(), s -> new int[1])[0]++;
        fingerprintsPerScenario.computeIfAbsent(text.scenario(), s -> new LinkedHashSet<>())
            .add(fingerprint.hash());
        fingerprints.add(fingerprint.hash());
        shapes.put(fingerprint.normalizedSql(), fingerprint.hash());
        fingerprintsPerCategory.computeIfAbsent(StatementClassifier.classify(statement),
            c -> new LinkedHashSet<>()).add(fingerprint.hash());
      }
    }

    assertThat(failures).as("statements that do not parse or fingerprint").isEmpty();
    System.out.printf("Conformance corpus: %d SQL texts, %d statements, %d distinct fingerprints%n",
        texts.size(), statements, fingerprints.size());
    statementsPerScenario.forEach((scenario, count) -> System.out.printf(
        "  %-26s %5d statements, %4d fingerprints%n", scenario, count[0],
        fingerprintsPerScenario.get(scenario).size()));
    fingerprintsPerCategory.forEach((category, set) -> System.out.printf(
        "  %-8s %4d fingerprints%n", category, set.size()));
    writeShapes(shapes);
    assertThat(statements).isGreaterThan(texts.size());
    assertThat(fingerprints.size()).isLessThan(statements / 5);
  }

  /** Leaves the distinct shapes in target/ for people to read; the test does not depend on it. */
  private static void writeShapes(Map<String, String> shapes) {
    final java.nio.file.Path out = java.nio.file.Path.of("target", "conformance-fingerprints.txt");
    try {
      java.nio.file.Files.createDirectories(out.getParent());
      java.nio.file.Files.write(out, shapes.entrySet().stream()
          .map(e -> e.getValue() + " " + e.getKey()).toList());
    } catch (java.io.IOException e) {
      System.out.println("Could not write " + out + ": " + e);
    }
  }
}
