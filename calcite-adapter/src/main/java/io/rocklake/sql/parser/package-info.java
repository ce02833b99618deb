/**
 * The way into the RockLake grammar: {@code SqlStatementParser} turns the text of a Query or Parse message into
 * Calcite ASTs (splitting a multi-statement Query by the grammar, never by semicolons), and
 * {@code SyntaxErrorPosition} turns a parse error's line and column into the character offset of ErrorResponse's
 * {@code P} field. It is its own package so that callers never touch the generated parser directly. Depends on the
 * generated io.rocklake.sql.parser.impl and Calcite; nothing here knows about the catalog, the engine or the wire
 * protocol.
 */
package io.rocklake.sql.parser;
