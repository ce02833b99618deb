/**
 * The PostgreSQL v3 wire endpoint on Netty, in three layers. Decode: {@code FrontendDecoder} frames each
 * message and reads its payload once into a {@code FrontendMessage} record. State machine:
 * {@code StartupHandler} for the way in (TLS, cancel, authentication, session limit), then
 * {@code QueryProtocol}, one admitted session's states and transitions, with {@code ExtendedQuery}
 * (prepared statements and portals) and {@code CopyIn} (a COPY FROM STDIN in progress, its stream
 * decoders). Encode: {@code ResultWriter} turns an engine outcome into messages (COPY TO STDOUT included),
 * {@code BackendWriter} frames each, {@code EncodedAnswers} keeps reused answers encoded. Around them:
 * {@code PgWireServer} (accepting, with {@code AcceptBackoff} and {@code StartupLimit}), the
 * I/O-to-session hand-off ({@code OutboundBatcher}, {@code InboundFlowControl}), {@code SessionRegistry},
 * {@code WireOptions} and {@code QueryEngine}, the seam to whatever executes SQL (a session's cancel is the
 * engine's {@code CancelFlag}, set here and polled there).
 * Depends on Netty, io.rocklake.pgwire.types and io.rocklake.pgwire.server.auth; it never touches the
 * catalog or the kv-store. The seam leaks: {@code QueryEngine} hands out io.rocklake.engine.EngineSession,
 * the package uses the engine's {@code Outcome}, {@code Field}, {@code EngineException},
 * {@code CopyInTarget} and {@code StatementMemory} directly, and {@code ExtendedQuery} holds Calcite
 * {@code SqlNode}s, so the protocol layer cannot be built without the engine.
 */
package io.rocklake.pgwire.server;
