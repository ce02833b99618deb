/**
 * The PostgreSQL v3 wire endpoint on Netty: {@code PgWireServer} (accepting, with {@code AcceptBackoff} and
 * {@code StartupLimit}), {@code StartupHandler} (TLS, cancel, authentication, session limit), {@code SessionHandler}
 * (one connection's state machine), {@code QueryProtocol} (simple and extended query), framing and encoding
 * ({@code FrontendDecoder}, {@code BackendWriter}, {@code CopyStreams}, {@code EncodedAnswers}), the I/O-to-session
 * hand-off ({@code OutboundBatcher}, {@code InboundFlowControl}), {@code SessionRegistry}, {@code CancelFlag},
 * {@code WireOptions} and {@code QueryEngine}, the seam to whatever executes SQL. Depends on Netty,
 * io.rocklake.pgwire.types and io.rocklake.pgwire.server.auth; it never touches the catalog or the kv-store. The seam
 * leaks: {@code QueryEngine} hands out io.rocklake.engine.EngineSession, the package uses the engine's {@code Outcome},
 * {@code Field}, {@code EngineException}, {@code CopyInTarget} and {@code StatementMemory} directly, and
 * {@code QueryProtocol} holds Calcite {@code SqlNode}s, so the protocol layer cannot be built without the engine.
 */
package io.rocklake.pgwire.server;
