/**
 * A real PostgreSQL 15 for the harness: {@code ThrowawayPostgres} (initdb into a temporary folder, started on a free
 * loopback port with trust authentication, removed on close) and {@code SimpleQueryClient} (the smallest client that
 * runs one administrative statement). It is its own package because managing the reference server is separate from
 * replaying against it. Depends on io.rocklake.conformance.wire and the JDK only: no JDBC driver and no RockLake
 * server code between the harness and PostgreSQL.
 */
package io.rocklake.conformance.pg;
