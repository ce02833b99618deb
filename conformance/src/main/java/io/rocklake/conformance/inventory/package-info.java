/**
 * The survey of what DuckDB sends: {@code Inventory} (distinct statement shapes per scenario and {@code MessageKind},
 * rendered into the generated part of docs/conformance.md) and {@code StatementShape} (a lexical shape, literals
 * replaced by {@code ?}). It is its own package because it describes the corpus, not the server. Depends on
 * io.rocklake.conformance.corpus, .sql and .wire only; its shapes are lexical, not the server's parse-tree
 * fingerprint, so the survey describes what DuckDB sent whatever RockLake's parser makes of it.
 */
package io.rocklake.conformance.inventory;
