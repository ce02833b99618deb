/**
 * What a parsed statement is: {@code StatementClassifier} sorts it into a {@code StatementCategory} (which decides how
 * strictly the whitelist checks it), and {@code AnalyzedStatement} carries it with its shape and category. It is its
 * own package because the server's warm-up and the conformance tool's whitelist generator classify statements the
 * same way. Depends on io.rocklake.sql.ast, io.rocklake.sql.fingerprint and Calcite; nothing here knows about the
 * catalog, the engine or the wire protocol.
 */
package io.rocklake.sql.statement;
