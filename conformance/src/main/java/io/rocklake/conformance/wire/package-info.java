/**
 * The PostgreSQL v3 protocol as the harness reads it: {@code WireMessage}, {@code FrameReader}, {@code PayloadReader},
 * {@code BackendMessages}, {@code FrontendMessages}, {@code StartupParameters} and
 * {@code MalformedMessageException}. It is its own package, written independently of io.rocklake.pgwire.server, so
 * that the harness's framing is not the server's. Depends on the JDK and, in {@code FrontendMessages}, on
 * io.rocklake.conformance.corpus ({@code CapturedMessage}), which imports this package too: the two form a cycle.
 */
package io.rocklake.conformance.wire;
