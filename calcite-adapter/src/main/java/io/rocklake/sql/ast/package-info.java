/**
 * The syntax-tree nodes RockLake's grammar adds to Calcite's for the PostgreSQL statements DuckDB and other clients
 * send: DDL ({@code SqlPgCreateTable}, {@code SqlPgAlterTable}, {@code SqlPgDropTable}, {@code SqlColumnDefinition}),
 * COPY ({@code SqlCopyFrom}, {@code SqlCopyTo}), {@code SqlUpdateFrom}, transaction control
 * ({@code SqlBeginTransaction}, {@code SqlEndTransaction}, {@code SqlSetTransaction}, {@code TransactionModes}),
 * session parameters ({@code SqlSetParameter}, {@code SqlShowParameter}, {@code SqlResetParameter},
 * {@code SqlDiscard}) and {@code RockLakeOperators}. It is its own package because the generated parser imports it
 * whole and everything downstream reads it: it is syntax only. Depends on Calcite (and checker annotations) only;
 * nothing here knows about the catalog, execution or the wire protocol.
 */
package io.rocklake.sql.ast;
