/**
 * Generating the statement-shape whitelist the server enforces: {@code ShapeWhitelist} (shapes from the wire captures
 * and from the source census) and {@code SourceTemplates} (every SQL text DuckLake's and the postgres extension's
 * source can send). It is its own package because it is the one conformance component whose output ships in the
 * server. Depends on io.rocklake.conformance.corpus and .wire, and deliberately on the server's own SQL pipeline
 * (io.rocklake.sql.parser, .fingerprint, .statement, io.rocklake.engine.ShapeKey and Calcite), because a shape must be
 * computed exactly as the server computes it.
 */
package io.rocklake.conformance.whitelist;
