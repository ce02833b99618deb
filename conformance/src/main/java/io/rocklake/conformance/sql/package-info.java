/**
 * Just enough PostgreSQL SQL for the harness: {@code SqlLexer}, {@code Token}, {@code TokenCursor}, {@code TopLevel}
 * and {@code Statements} (statement boundaries), {@code QualifiedName}, {@code TableSchemas} (column types learned
 * from the DDL a scenario sends, since binary COPY carries none), {@code CopyOut} and {@code StatementFacts}. It is its
 * own package, and a lexer of its own rather than RockLake's parser, so that the harness's reading of a statement does
 * not depend on the code under test. Depends on the JDK and io.rocklake.pgwire.types ({@code PgType}) only.
 */
package io.rocklake.conformance.sql;
