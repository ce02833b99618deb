/**
 * PostgreSQL's data types as the wire carries them: {@code PgType} (fixed OIDs, typlen, codec), {@code PgCodec} with
 * one codec per type ({@code Int4Codec}, {@code NumericCodec}, {@code TimestampTzCodec}, {@code ArrayCodec}, ...) for
 * the text and binary forms, their value classes ({@code PgInterval}, {@code PgBytes}, {@code Tid}), PostgreSQL's text
 * spellings ({@code FloatText}, {@code ZoneText}, {@code PgEpoch}) and {@code Utf8Text}, which refuses invalid client
 * text as PostgreSQL does. It lives in calcite-adapter, not facade, because the engine describes its results in these
 * types and the wire server encodes them, so both modules need it. Depends on the JDK only: no other RockLake package,
 * no Calcite, no Netty; keep it a leaf.
 */
package io.rocklake.pgwire.types;
