/**
 * The captured DuckDB ↔ PostgreSQL traffic in conformance/corpus: {@code Corpus} (the scenarios of one DuckDB
 * version), {@code Scenario} (one session's script, wire messages and lake folder), {@code CapturedMessage} and
 * {@code Direction}. It is its own package because the capture format is the one input every command reads. Depends
 * on Jackson and io.rocklake.conformance.wire; io.rocklake.conformance.wire imports {@code CapturedMessage} back
 * ({@code FrontendMessages}), so the two form a cycle. No RockLake server code here.
 */
package io.rocklake.conformance.corpus;
