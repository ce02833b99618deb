/**
 * What an operator sees of a running server besides its answers: the event log ({@link
 * io.rocklake.server.telemetry.EventLog}), the Prometheus metrics ({@link
 * io.rocklake.server.telemetry.ServerMetrics}) and the HTTP endpoint that serves them with the health
 * and readiness checks ({@link io.rocklake.server.telemetry.MetricsEndpoint}). Both observe the wire
 * endpoint through {@link io.rocklake.pgwire.server.WireObserver}; docs/operations.md describes them.
 */
package io.rocklake.server.telemetry;
