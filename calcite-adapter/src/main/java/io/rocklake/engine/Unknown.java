package io.rocklake.engine;

/**
 * A quoted string literal before it meets a type: PostgreSQL's {@code unknown}. It becomes the type
 * of the column it is compared with or assigned to ({@code "table_id" = '1'} compares integers).
 */
public record Unknown(String text) {}
