package io.rocklake.pgwire.server;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Who an admitted session is, for its log lines and metrics: the startup's user, application_name
 * and database, the client's address, the backend process id it was given, when it began, and how
 * many statements it has run.
 */
public final class WireSession {
  private final int processId;
  private final String user;
  private final String application;
  private final String database;
  private final String remoteAddress;
  private final long startedNanos = System.nanoTime();
  private final AtomicLong statements = new AtomicLong();

  WireSession(int processId, String user, String application, String database, String remoteAddress) {
    this.processId = processId;
    this.user = user;
    this.application = application;
    this.database = database;
    this.remoteAddress = remoteAddress;
  }

  public int processId() {
    return processId;
  }

  public String user() {
    return user;
  }

  /** The startup's application_name, empty when the client sent none. */
  public String application() {
    return application;
  }

  public String database() {
    return database;
  }

  /** host:port of the client. */
  public String remoteAddress() {
    return remoteAddress;
  }

  public long startedNanos() {
    return startedNanos;
  }

  /** Statements run so far, failed ones included. */
  public long statements() {
    return statements.get();
  }

  void countStatement() {
    statements.incrementAndGet();
  }

  /** host:port of a socket address, without the resolver's leading slash. */
  static String describe(java.net.SocketAddress address) {
    if (address instanceof java.net.InetSocketAddress a) {
      return (a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress()) + ":" + a.getPort();
    }
    return String.valueOf(address);
  }
}
