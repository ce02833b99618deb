package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.security.SecureRandom;

/**
 * A session's place among the server's live sessions: the BackendKeyData a client needs to cancel
 * it, and the flag a cancel sets. Taken when the StartupMessage is accepted, given back when the
 * connection closes.
 */
record SessionSlot(int processId, int secret, CancelFlag cancelFlag) {
  /** Where the startup phase leaves the slot for {@link QueryProtocol}. */
  static final AttributeKey<SessionSlot> ATTRIBUTE = AttributeKey.valueOf("rocklake.sessionSlot");
  private static final SecureRandom RANDOM = new SecureRandom();

  /** The channel's slot, or, for a handler running without a startup phase, one no cancel can reach. */
  static SessionSlot of(Channel channel) {
    SessionSlot slot = channel.attr(ATTRIBUTE).get();
    return slot != null ? slot : new SessionSlot(0, RANDOM.nextInt(), new CancelFlag());
  }
}
