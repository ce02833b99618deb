/**
 * The Avatica endpoint: JDBC clients with Avatica's stock remote driver
 * ({@code jdbc:avatica:remote:url=http://HOST:PORT;serialization=PROTOBUF}) reach the same SQL engine
 * the PostgreSQL endpoint serves, over Avatica's protobuf-over-HTTP protocol.
 *
 * <p>{@link io.rocklake.avatica.AvaticaEndpoint} runs Avatica's Jetty server;
 * {@link io.rocklake.avatica.HttpBasicAuthentication} checks the PostgreSQL endpoint's users and
 * passwords; {@link io.rocklake.avatica.EngineMeta} implements Avatica's {@code Meta} with one
 * {@link io.rocklake.avatica.AvaticaSession} (one engine session) per connection and one
 * {@link io.rocklake.avatica.OpenStatement} per statement; {@link io.rocklake.avatica.ColumnTypes}
 * maps PostgreSQL types to JDBC's, {@link io.rocklake.avatica.ParameterValues} bound values to the
 * engine's, and {@link io.rocklake.avatica.MetadataQueries} answers DatabaseMetaData with SQL on
 * {@code pg_catalog}. Decisions (timestamps as text, frames, idle times, auth) are in
 * docs/protocol.md, "Avatica endpoint".
 */
package io.rocklake.avatica;
