package io.rocklake.pgwire.server;

import io.netty.handler.ssl.SslContext;
import io.rocklake.pgwire.server.auth.Authentication;
import java.time.Duration;
import java.util.Objects;

/**
 * How the wire endpoint admits clients.
 *
 * @param authentication trust, cleartext password or SCRAM-SHA-256
 * @param tls the server's TLS context, or null: SSLRequest is then answered 'N'
 * @param maxSessions sessions past this many are refused with 53300
 * @param authenticationTimeout a connection that has not finished authenticating by then is closed
 *     (PostgreSQL's authentication_timeout), so idle half-open connections cannot hold session slots
 * @param maxStartups connections accepted but not yet through their startup past this many are
 *     refused with 53300 at once (sshd's MaxStartups); 0 means twice {@code maxSessions}
 * @param tlsRequired refuse a startup over a plaintext connection (28000), as PostgreSQL's {@code
 *     hostssl}; needs {@code tls}
 */
public record WireOptions(Authentication authentication, SslContext tls, int maxSessions,
    Duration authenticationTimeout, int maxStartups, boolean tlsRequired) {
  public static final int DEFAULT_MAX_SESSIONS = 100;
  public static final Duration DEFAULT_AUTHENTICATION_TIMEOUT = Duration.ofMinutes(1);

  public WireOptions {
    Objects.requireNonNull(authentication, "authentication");
    Objects.requireNonNull(authenticationTimeout, "authenticationTimeout");
    if (maxSessions < 1) {
      throw new IllegalArgumentException("maxSessions must be at least 1, not " + maxSessions);
    }
    if (maxStartups < 0) {
      throw new IllegalArgumentException("maxStartups must be at least 1 (or 0 for the default), not " + maxStartups);
    }
  }

  /** How many connections may be in their startup at once. */
  public int startupLimit() {
    return maxStartups > 0 ? maxStartups : 2 * maxSessions;
  }

  /** Trust, no TLS, 100 sessions. */
  public static WireOptions defaults() {
    return new WireOptions(Authentication.trust(), null, DEFAULT_MAX_SESSIONS, DEFAULT_AUTHENTICATION_TIMEOUT, 0, false);
  }

  public WireOptions withAuthentication(Authentication a) {
    return new WireOptions(a, tls, maxSessions, authenticationTimeout, maxStartups, tlsRequired);
  }

  public WireOptions withTls(SslContext t) {
    return new WireOptions(authentication, t, maxSessions, authenticationTimeout, maxStartups, tlsRequired);
  }

  public WireOptions withMaxSessions(int n) {
    return new WireOptions(authentication, tls, n, authenticationTimeout, maxStartups, tlsRequired);
  }

  public WireOptions withAuthenticationTimeout(Duration d) {
    return new WireOptions(authentication, tls, maxSessions, d, maxStartups, tlsRequired);
  }

  public WireOptions withMaxStartups(int n) {
    return new WireOptions(authentication, tls, maxSessions, authenticationTimeout, n, tlsRequired);
  }

  public WireOptions withTlsRequired(boolean required) {
    return new WireOptions(authentication, tls, maxSessions, authenticationTimeout, maxStartups, required);
  }
}
