package io.rocklake.pgwire.server;

import io.rocklake.engine.CancelFlag;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The session limit and CancelRequest lookup: only the exact BackendKeyData of a live session cancels. */
class SessionRegistryTest {

  @Test
  void theRightKeyCancelsThatSessionOnly() {
    SessionRegistry registry = new SessionRegistry(10);
    SessionSlot a = registry.open();
    SessionSlot b = registry.open();
    assertThat(a.processId()).isNotEqualTo(b.processId());

    assertThat(registry.cancel(a.processId(), a.secret())).isTrue();
    assertThat(a.cancelFlag().isRequested()).isTrue();
    assertThat(b.cancelFlag().isRequested()).isFalse();
  }

  @Test
  void aWrongSecretOrAnUnknownProcessCancelsNothing() {
    SessionRegistry registry = new SessionRegistry(10);
    SessionSlot a = registry.open();
    assertThat(registry.cancel(a.processId(), a.secret() + 1)).isFalse();
    assertThat(registry.cancel(a.processId() + 1, a.secret())).isFalse();
    assertThat(a.cancelFlag().isRequested()).isFalse();
  }

  @Test
  void aClosedSessionCannotBeCancelled() {
    SessionRegistry registry = new SessionRegistry(10);
    SessionSlot a = registry.open();
    registry.close(a);
    assertThat(registry.cancel(a.processId(), a.secret())).isFalse();
    assertThat(a.cancelFlag().isRequested()).isFalse();
  }

  @Test
  void theLimitHoldsUntilASessionCloses() {
    SessionRegistry registry = new SessionRegistry(2);
    SessionSlot a = registry.open();
    assertThat(registry.open()).isNotNull();
    assertThat(registry.open()).isNull();
    registry.close(a);
    assertThat(registry.open()).isNotNull();
    assertThat(registry.size()).isEqualTo(2);
  }

  @Test
  void aClearedFlagWaitsForTheNextCancel() {
    CancelFlag flag = new CancelFlag();
    flag.request();
    flag.clear();
    assertThat(flag.isRequested()).isFalse();
    flag.request();
    assertThat(flag.isRequested()).isTrue();
  }

  @Test
  void anIdASessionOfAnotherEndpointHoldsIsSkipped() {
    SessionRegistry registry = new SessionRegistry(10, pid -> pid == 1000 || pid == 1001);
    assertThat(registry.open().processId()).isEqualTo(1002);
  }
}
