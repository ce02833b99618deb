/**
 * A statement's shape: {@code ShapeNormalizer} (literals become placeholders, IN lists and multi-row VALUES collapse
 * to one), {@code CanonicalSql} (the tree as one line of quoted, upper-case SQL that parses back) and
 * {@code Fingerprint} (that text and the first 16 hex digits of its SHA-256). It is its own package because the shape
 * keys both the server's plan cache and whitelist and the conformance tool's whitelist generator, which must compute
 * it with the same code. Depends on io.rocklake.sql.parser (to re-parse canonical text) and Calcite; nothing here
 * knows about the catalog, the engine or the wire protocol.
 */
package io.rocklake.sql.fingerprint;
