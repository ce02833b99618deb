package io.rocklake.pgwire.server;

import io.rocklake.engine.EngineSession;
import io.rocklake.engine.StatementMemory;
import java.util.Map;

/** What executes SQL for the wire server: one engine session per client connection. */
public interface QueryEngine {

  /** A session for a client that sent these startup parameters ({@code user}, {@code application_name}, ...). */
  EngineSession open(Map<String, String> startupParameters);

  /**
   * The same, for a client at {@code origin} (its process id and socket address, which
   * pg_stat_activity shows); engines that list no sessions ignore it.
   */
  default EngineSession open(Map<String, String> startupParameters, io.rocklake.engine.ClientOrigin origin) {
    return open(startupParameters);
  }

  /** Whether one of the engine's live sessions holds this process id: the endpoint gives it no other session. */
  default boolean processIdInUse(int processId) {
    return false;
  }

  /**
   * Where committed snapshots are announced to a session that LISTENs on {@link CommitFeed#CHANNEL}:
   * those of the catalog its startup parameters named.
   */
  default CommitFeed commits(Map<String, String> startupParameters) {
    return NO_COMMITS;
  }

  /** A feed nothing publishes to, for engines without a DuckLake catalog. */
  CommitFeed NO_COMMITS = new CommitFeed();

  /** The heap budget large statement texts are reserved from before they are buffered; none by default. */
  default StatementMemory statementMemory() {
    return new StatementMemory(Long.MAX_VALUE);
  }
}
