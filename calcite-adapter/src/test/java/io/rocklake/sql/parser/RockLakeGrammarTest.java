package io.rocklake.sql.parser;

import static io.rocklake.sql.parser.Sql.parse;
import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.sql.ast.SqlAlterTableAction;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlColumnDefinition;
import io.rocklake.sql.ast.SqlCopyFrom;
import io.rocklake.sql.ast.SqlCopyOption;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlPgAlterTable;
import io.rocklake.sql.ast.SqlPgCreateTable;
import io.rocklake.sql.ast.SqlPgDropTable;
import io.rocklake.sql.ast.SqlResetParameter;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.ast.SqlShowParameter;
import io.rocklake.sql.ast.SqlSetTransaction;
import io.rocklake.sql.ast.SqlUpdateFrom;
import io.rocklake.sql.ast.TransactionModes;
import io.rocklake.sql.fingerprint.CanonicalSql;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.ddl.SqlCreateSchema;
import org.apache.calcite.sql.ddl.SqlKeyConstraint;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Each PostgreSQL form the grammar adds over Calcite core, as DuckDB writes it. */
class RockLakeGrammarTest {

  @Nested
  class Copy {
    @Test
    void copyQueryToStdoutIsACopyToWithTheQueryAndItsOptions() {
      final SqlCopyTo copy = (SqlCopyTo) parse("COPY (SELECT \"key\", \"value\" FROM "
          + "\"public\".\"ducklake_metadata\" ) TO STDOUT (FORMAT \"binary\");");

      assertThat(copy.query()).isInstanceOf(SqlSelect.class);
      final SqlCopyOption format = (SqlCopyOption) copy.options().get(0);
      assertThat(format.name()).isEqualTo("FORMAT");
      assertThat(((SqlIdentifier) format.value()).getSimple()).isEqualTo("binary");
    }

    @Test
    void copyWithLimitKeepsTheLimitInsideTheQuery() {
      final SqlCopyTo copy = (SqlCopyTo) parse(
          "COPY (SELECT NULL FROM \"public\".\"ducklake_metadata\"  LIMIT 1) TO STDOUT (FORMAT \"binary\");");

      assertThat(copy.query().getKind()).isEqualTo(SqlKind.ORDER_BY);
    }

    @Test
    void copyTableWithColumnsFromStdinIsACopyFrom() {
      final SqlCopyFrom copy = (SqlCopyFrom) parse(
          "COPY \"public\".\"ducklake_metadata\" (\"key\", \"value\") FROM STDIN (FORMAT BINARY)");

      assertThat(copy.table().names).containsExactly("public", "ducklake_metadata");
      assertThat(copy.columns()).hasSize(2);
      final SqlCopyOption format = (SqlCopyOption) copy.options().get(0);
      assertThat(((SqlIdentifier) format.value()).getSimple())
          .as("FORMAT BINARY and FORMAT \"binary\" are the same option")
          .isEqualTo("binary");
    }

    @Test
    void copyFromStdinInTextFormatKeepsARawBackspaceNullMarker() {
      final SqlCopyFrom copy = (SqlCopyFrom) parse(
          "COPY \"tmp_values\" FROM STDIN (FORMAT TEXT, NULL '\b')");

      assertThat(copy.columns()).isNull();
      final SqlCopyOption nullMarker = (SqlCopyOption) copy.options().get(1);
      assertThat(nullMarker.name()).isEqualTo("NULL");
      assertThat(((SqlCharStringLiteral) nullMarker.value()).getValueAs(String.class))
          .isEqualTo("\b");
    }

    @Test
    void theRawBackspaceSurvivesRenderingAndReparsing() {
      final SqlCopyFrom copy = (SqlCopyFrom) parse(
          CanonicalSql.render(parse("COPY \"s\".\"t\" FROM STDIN (FORMAT TEXT, NULL '\b')")));

      final SqlCopyOption nullMarker = (SqlCopyOption) copy.options().get(1);
      assertThat(((SqlCharStringLiteral) nullMarker.value()).getValueAs(String.class))
          .isEqualTo("\b");
    }
  }

  @Nested
  class Update {
    @Test
    void updateWithoutFromStaysCalcitesSqlUpdate() {
      assertThat(parse("UPDATE \"public\".ducklake_table SET end_snapshot = 17 "
          + "WHERE end_snapshot IS NULL AND table_id IN (4)")).isInstanceOf(SqlUpdate.class);
    }

    @Test
    void updateFromIsAnUpdateFromWithItsJoinSource() {
      final SqlUpdateFrom update = (SqlUpdateFrom) parse(
          "UPDATE t SET a = v.a, b = DEFAULT FROM v WHERE t.id = v.id");

      assertThat(update.targetColumns()).hasSize(2);
      assertThat(((SqlIdentifier) update.from()).getSimple()).isEqualTo("v");
      assertThat(update.condition()).isNotNull();
    }

    @Test
    void withValuesUpdateIsAWithWhoseBodyIsTheUpdate() {
      final SqlWith with = (SqlWith) parse("WITH dropped_cols(tid, cid) AS (\nVALUES (2, 3)\n)\n"
          + "UPDATE \"public\".ducklake_column\nSET end_snapshot = 5\nFROM dropped_cols\n"
          + "WHERE table_id=tid AND column_id=cid AND end_snapshot IS NULL\n;");

      assertThat(with.withList).hasSize(1);
      assertThat(with.body).isInstanceOf(SqlUpdateFrom.class);
    }

    @Test
    void withSelectIsStillAQuery() {
      final SqlNode with = parse("WITH a(x) AS (VALUES (1)) SELECT x FROM a UNION SELECT 2");

      assertThat(with).isInstanceOf(SqlWith.class);
      assertThat(((SqlWith) with).body.getKind()).isEqualTo(SqlKind.UNION);
    }
  }

  @Nested
  class SessionAndTransactions {
    @Test
    void listenAndUnlisten() {
      final io.rocklake.sql.ast.SqlListen listen = (io.rocklake.sql.ast.SqlListen) parse("LISTEN rocklake_commits");
      assertThat(listen.listen()).isTrue();
      assertThat(listen.channel()).isEqualTo("rocklake_commits");
      final io.rocklake.sql.ast.SqlListen one = (io.rocklake.sql.ast.SqlListen) parse("UNLISTEN \"Other\"");
      assertThat(one.listen()).isFalse();
      assertThat(one.channel()).isEqualTo("Other");
      final io.rocklake.sql.ast.SqlListen all = (io.rocklake.sql.ast.SqlListen) parse("UNLISTEN *");
      assertThat(all.listen()).isFalse();
      assertThat(all.channel()).isNull();
    }

    @Test
    void discardAll() {
      assertThat(((SqlDiscard) parse("DISCARD ALL")).target()).isEqualTo(SqlDiscard.Target.ALL);
    }

    @Test
    void beginWithIsolationLevelAndSpaceSeparatedReadOnly() {
      final SqlBeginTransaction begin = (SqlBeginTransaction) parse(
          "BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");

      assertThat(begin.isolation()).isEqualTo(TransactionModes.Isolation.REPEATABLE_READ);
      assertThat(begin.readOnly()).isTrue();
    }

    @Test
    void plainBeginHasNoModes() {
      final SqlBeginTransaction begin = (SqlBeginTransaction) parse("begin");

      assertThat(begin.isolation()).isNull();
      assertThat(begin.readOnly()).isNull();
    }

    @Test
    void commitAndRollback() {
      assertThat(((SqlEndTransaction) parse("COMMIT")).outcome())
          .isEqualTo(SqlEndTransaction.Outcome.COMMIT);
      assertThat(((SqlEndTransaction) parse("ROLLBACK TRANSACTION")).outcome())
          .isEqualTo(SqlEndTransaction.Outcome.ROLLBACK);
    }

    @Test
    void setWithScopeAndListOfValues() {
      final SqlSetParameter set = (SqlSetParameter) parse("SET LOCAL search_path TO public, 'x'");

      assertThat(set.scope()).isEqualTo(SqlSetParameter.Scope.LOCAL);
      assertThat(set.name().getSimple()).isEqualTo("search_path");
      assertThat(set.values()).hasSize(2);
    }

    @Test
    void setTransactionAndSessionCharacteristicsAsPgJdbcSendsThem() {
      final SqlSetTransaction session = (SqlSetTransaction) parse(
          "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ UNCOMMITTED");
      final SqlSetTransaction current =
          (SqlSetTransaction) parse("SET TRANSACTION READ ONLY, ISOLATION LEVEL SERIALIZABLE");

      assertThat(session.target()).isEqualTo(SqlSetTransaction.Target.SESSION_DEFAULT);
      assertThat(session.isolation()).isEqualTo(TransactionModes.Isolation.READ_UNCOMMITTED);
      assertThat(current.target()).isEqualTo(SqlSetTransaction.Target.CURRENT_TRANSACTION);
      assertThat(current.readOnly()).isTrue();
      assertThat(current.isolation()).isEqualTo(TransactionModes.Isolation.SERIALIZABLE);
    }

    @Test
    void setSessionOfAnOrdinaryParameterIsStillASetParameter() {
      final SqlSetParameter set = (SqlSetParameter) parse("SET SESSION application_name = 'x'");

      assertThat(set.scope()).isEqualTo(SqlSetParameter.Scope.SESSION);
    }

    @Test
    void setTimeZoneIsTheTimezoneParameter() {
      final SqlSetParameter set = (SqlSetParameter) parse("SET TIME ZONE 'UTC'");

      assertThat(set.name().getSimple()).isEqualTo("timezone");
    }

    @Test
    void showAndReset() {
      assertThat(((SqlShowParameter) parse("SHOW TRANSACTION ISOLATION LEVEL")).name().getSimple())
          .isEqualTo("transaction_isolation");
      assertThat(((SqlShowParameter) parse("SHOW server_version")).name().getSimple())
          .isEqualTo("server_version");
      assertThat(((SqlResetParameter) parse("RESET ALL")).name().getSimple()).isEqualTo("all");
    }
  }

  @Nested
  class Ddl {
    @Test
    void createSchemaIfNotExistsWithoutSpaceBeforeTheQuote() {
      final SqlCreateSchema create = (SqlCreateSchema) parse("CREATE SCHEMA  IF NOT EXISTS\"lake\"");

      assertThat(create.ifNotExists).isTrue();
      assertThat(create.name.getSimple()).isEqualTo("lake");
    }

    @Test
    void aBareIntervalIsAColumnTypeAsInPostgres() {
      final SqlPgCreateTable create = (SqlPgCreateTable) parse(
          "CREATE TABLE IF NOT EXISTS \"public\".ducklake_inlined_data_1_1(row_id BIGINT, iv INTERVAL, n INTEGER)");

      final SqlColumnDefinition iv = (SqlColumnDefinition) create.elements().get(1);
      assertThat(iv.type().getTypeName().getSimple()).isEqualTo("INTERVAL");
      assertThat(create.elements()).hasSize(3);
    }

    @Test
    void anIntervalFollowedByAUnitIsStillCalcitesQualifiedInterval() {
      assertThat(parse("SELECT CAST(x AS INTERVAL DAY) FROM t").toString()).contains("INTERVAL DAY");
      assertThat(parse("SELECT '1 day'::INTERVAL FROM t").toString()).contains("INTERVAL");
    }

    @Test
    void createTableWithColumnConstraints() {
      final SqlPgCreateTable create = (SqlPgCreateTable) parse(
          "CREATE TABLE \"public\".\"ducklake_metadata\"(\"key\" VARCHAR NOT NULL, "
              + "\"value\" VARCHAR NOT NULL, \"scope\" VARCHAR, \"scope_id\" BIGINT PRIMARY KEY, "
              + "\"flag\" BOOLEAN DEFAULT false, \"at\" TIMESTAMP WITH TIME ZONE)");

      assertThat(create.isTemporary()).isFalse();
      assertThat(create.elements()).hasSize(6);
      final SqlColumnDefinition key = (SqlColumnDefinition) create.elements().get(0);
      assertThat(key.isNotNull()).isTrue();
      final SqlColumnDefinition scopeId = (SqlColumnDefinition) create.elements().get(3);
      assertThat(scopeId.isPrimaryKey()).isTrue();
      assertThat(((SqlColumnDefinition) create.elements().get(4)).defaultValue()).isNotNull();
    }

    @Test
    void createLocalTemporaryTableOnCommitDrop() {
      final SqlPgCreateTable create = (SqlPgCreateTable) parse(
          "CREATE LOCAL TEMPORARY TABLE IF NOT EXISTS tmp(a BIGINT, b BYTEA, PRIMARY KEY (a)) "
              + "ON COMMIT DROP");

      assertThat(create.isTemporary()).isTrue();
      assertThat(create.ifNotExists()).isTrue();
      assertThat(create.onCommit()).isEqualTo(SqlPgCreateTable.OnCommit.DROP);
      assertThat(create.elements().get(2)).isInstanceOf(SqlKeyConstraint.class);
    }

    @Test
    void dropTableIfExistsCascadeWrittenWithoutSpaces() {
      final SqlPgDropTable drop = (SqlPgDropTable) parse(
          "DROP Table  IF EXISTS \"public\".\"ducklake_inlined_data_1_1\"CASCADE");

      assertThat(drop.ifExists()).isTrue();
      assertThat(drop.cascade()).isTrue();
      assertThat(drop.name().names).containsExactly("public", "ducklake_inlined_data_1_1");
    }

    @Test
    void alterTableActions() {
      final SqlPgAlterTable add = (SqlPgAlterTable) parse(
          "ALTER TABLE \"public\".t ADD COLUMN IF NOT EXISTS c VARCHAR DEFAULT 'x'");
      final SqlPgAlterTable drop = (SqlPgAlterTable) parse("ALTER TABLE t DROP COLUMN c CASCADE");
      final SqlPgAlterTable rename = (SqlPgAlterTable) parse("ALTER TABLE t RENAME COLUMN c TO d");
      final SqlPgAlterTable renameTable = (SqlPgAlterTable) parse("ALTER TABLE t RENAME TO u");

      assertThat(add.action().actionKind()).isEqualTo(SqlAlterTableAction.Kind.ADD_COLUMN);
      assertThat(add.action().isConditional()).isTrue();
      assertThat(drop.action().actionKind()).isEqualTo(SqlAlterTableAction.Kind.DROP_COLUMN);
      assertThat(drop.action().cascade()).isTrue();
      assertThat(rename.action().newName().getSimple()).isEqualTo("d");
      assertThat(renameTable.action().actionKind())
          .isEqualTo(SqlAlterTableAction.Kind.RENAME_TABLE);
    }
  }

  @Nested
  class Expressions {
    @Test
    void ctidAndTidCast() {
      final SqlSelect select = (SqlSelect) parse("SELECT ctid FROM t WHERE ctid = '(0,1)'::tid");

      assertThat(((SqlIdentifier) select.getSelectList().get(0)).getSimple()).isEqualTo("ctid");
      final SqlBasicCall equals = (SqlBasicCall) select.getWhere();
      assertThat(equals.operand(1).getKind()).isEqualTo(SqlKind.CAST);
    }

    @Test
    void deleteByCtidList() {
      final SqlDelete delete = (SqlDelete) parse(
          "DELETE FROM \"public\".ducklake_snapshot WHERE ctid IN ('(0,3)','(0,4)')");

      final SqlBasicCall in = (SqlBasicCall) delete.getCondition();
      assertThat(in.getKind()).isEqualTo(SqlKind.IN);
      assertThat((SqlNodeList) in.operand(1)).hasSize(2);
    }

    @Test
    void postfixCollateBindsToTheLiteral() {
      final SqlSelect select = (SqlSelect) parse(
          "SELECT \"key\" FROM m WHERE \"key\" = 'x' COLLATE \"C\" AND \"scope\" = 'table' COLLATE \"C\"");

      final SqlBasicCall and = (SqlBasicCall) select.getWhere();
      final SqlBasicCall equals = (SqlBasicCall) and.operand(0);
      assertThat(equals.getKind()).isEqualTo(SqlKind.EQUALS);
      assertThat(((SqlBasicCall) equals.operand(1)).getOperator().getName()).isEqualTo("COLLATE");
    }

    @Test
    void postgresPositionalParametersBecomeDynamicParameters() {
      final SqlSelect select = (SqlSelect) parse("SELECT a FROM t WHERE a = $1 AND b = $2");

      assertThat(select.getWhere().toString()).contains("?");
    }

    @Test
    void regularExpressionMatchOperators() {
      final SqlSelect select = (SqlSelect) parse(
          "SELECT nspname FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname ~* 'x' AND a != 1");

      assertThat(select.getWhere().toString())
          .contains("`nspname` !~ '^pg_'")
          .contains("`nspname` ~* 'x'")
          .as("!= is still one token").contains("`a` <> 1");
    }

    @Test
    void keywordsThatPostgresAllowsAsColumnNames() {
      final SqlSelect select = (SqlSelect) parse(
          "SELECT key, value, path, type, sql, format, scope, name, version FROM t");

      assertThat(select.getSelectList()).hasSize(9);
    }

    @Test
    void catalogProbesOfThePostgresExtension() {
      parse("SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%')");
      parse("SELECT to_regclass('duckdb_secrets')");
    }
  }

  @Nested
  class TokenizerQuirks {
    @Test
    void closingParenthesisGluedToAnd() {
      parse("SELECT relname FROM pg_class WHERE pg_namespace.nspname IN ('public')AND relname='t'");
    }

    @Test
    void mixedCaseKeywordsTabsNewlinesAndDoubleSpaces() {
      final SqlNode node = parse("sElEcT\ta ,  b\n\tFrOm  t\r\n  wHeRe a  =  1");

      assertThat(node).isInstanceOf(SqlSelect.class);
    }

    @Test
    void unquotedNamesFoldToLowerCaseQuotedOnesKeepTheirCase() {
      final SqlSelect select = (SqlSelect) parse("SELECT Abc, \"Abc\" FROM T");

      assertThat(((SqlIdentifier) select.getSelectList().get(0)).getSimple()).isEqualTo("abc");
      assertThat(((SqlIdentifier) select.getSelectList().get(1)).getSimple()).isEqualTo("Abc");
    }
  }
}
