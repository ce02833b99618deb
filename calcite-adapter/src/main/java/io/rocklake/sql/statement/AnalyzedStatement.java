package io.rocklake.sql.statement;

import io.rocklake.sql.fingerprint.Fingerprint;
import java.util.Objects;
import org.apache.calcite.sql.SqlNode;

/** One parsed statement with what the pipeline decides on: its shape and its category. */
public record AnalyzedStatement(SqlNode node, Fingerprint fingerprint, StatementCategory category) {

  public AnalyzedStatement {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(category, "category");
  }

  public static AnalyzedStatement of(SqlNode node) {
    return new AnalyzedStatement(node, Fingerprint.of(node), StatementClassifier.classify(node));
  }
}
