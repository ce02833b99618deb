package io.rocklake.sql.statement;

import static io.rocklake.sql.parser.Sql.parse;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;

class AnalyzedStatementTest {
  @Test
  void carriesTheNodeItsFingerprintAndItsCategory() {
    final SqlNode node = parse("DELETE FROM \"public\".ducklake_snapshot WHERE ctid IN ('(0,3)')");

    final AnalyzedStatement analyzed = AnalyzedStatement.of(node);

    assertThat(analyzed.node()).isSameAs(node);
    assertThat(analyzed.category()).isEqualTo(StatementCategory.WRITE);
    assertThat(analyzed.fingerprint().normalizedSql())
        .isEqualTo("DELETE FROM \"public\".\"ducklake_snapshot\" WHERE \"ctid\" IN (?)");
  }
}
