/**
 * {@code bin/rocklake}: {@code RockLakeCli} with its picocli commands {@code ServeCommand} and
 * {@code HashPasswordCommand}, and what serving from a terminal or a service manager needs: {@code BindAddress},
 * {@code StartupBanner}, {@code LogSetup}, {@code Hangup} (SIGHUP reloads), {@code FileDescriptorLimit} and
 * {@code VersionProvider}. It is its own package so that argument parsing, signals and process output stay out of
 * the server itself. Depends on io.rocklake.server, io.rocklake.pgwire.server and its auth package, picocli and
 * {@code sun.misc.Signal}. It also calls io.rocklake.engine.SqlEngine's static plan-archive switches directly, which
 * are process-wide state outside {@code ServerConfig}.
 */
package io.rocklake.server.cli;
