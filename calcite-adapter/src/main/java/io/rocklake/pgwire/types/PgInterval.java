package io.rocklake.pgwire.types;

/**
 * An {@code interval} value as PostgreSQL stores it: months, days and microseconds are kept apart
 * because their lengths vary (a month is not a fixed number of days).
 */
public record PgInterval(int months, int days, long micros) {}
