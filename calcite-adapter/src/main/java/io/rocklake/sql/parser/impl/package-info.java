/**
 * The generated RockLake parser, {@code RockLakeSqlParserImpl}, which FMPP and JavaCC build from Calcite's
 * Parser.jj and src/main/codegen into target/generated-sources, and the one hand-written class beside it,
 * {@code GrowingCharStream} (a character buffer that grows geometrically, so one long token is not copied over and
 * over). It is its own package because the generator writes its output into one package, and
 * {@code GrowingCharStream} extends the generated {@code SimpleCharStream} there. The generated code depends on
 * Calcite and io.rocklake.sql.ast; the hand-written class on the JDK and that stream only. Callers go through
 * io.rocklake.sql.parser, except for {@code CatalogSql}, which names it as Calcite's parser factory.
 */
package io.rocklake.sql.parser.impl;
