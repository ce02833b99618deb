/**
 * Judging a replay: {@code RunComparator} compares the target's backend messages with the captured ones, segment by
 * segment ({@code Segment}, {@code Cell}), applying only the normalizations docs/conformance.md documents
 * ({@code ErrorFields}, {@code ConsistentMapping} and {@code OrderPreservingMapping} for server-chosen OIDs, row
 * locators and times, {@code BinaryCopyStream}), learning as it goes ({@code ScenarioState}) and stopping at the first
 * {@code Divergence}. It is its own package because the comparison rules are the harness's definition of conformance.
 * Depends on io.rocklake.conformance.wire and .sql, and on io.rocklake.pgwire.types ({@code PgType}, {@code Tid},
 * {@code PgCodecException}) to decode field values: the comparator decodes with the server's own codecs, so it is
 * not fully independent of the code it judges.
 */
package io.rocklake.conformance.compare;
