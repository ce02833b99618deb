package io.rocklake.conformance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.pg.SimpleQueryClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The child-JVM target's own promises, apart from any replay. */
class ProcessRockLakeTargetTest {

  @Test
  void aRestartWhoseOldPortIsTakenMovesToAFreeOneAndSaysWhere() throws IOException {
    try (ProcessRockLakeTarget target = new ProcessRockLakeTarget()) {
      Endpoint first = target.prepare("any");
      assertThat(select1(first)).isEqualTo(List.of(List.of("1")));

      target.killHard();
      try (ServerSocket squatter = new ServerSocket(first.port(), 50, InetAddress.getByName(first.host()))) {
        Endpoint moved = target.restart();
        assertThat(moved.port()).isNotEqualTo(first.port());
        assertThat(target.portChanges()).isEqualTo(1);
        assertThat(target.restarts()).isEqualTo(1);
        assertThat(select1(moved)).isEqualTo(List.of(List.of("1")));
        assertThat(target.log()).contains(ServerProcess.PORT_TAKEN);
      }
    }
  }

  private static List<List<String>> select1(Endpoint at) {
    return SimpleQueryClient.query(at.host(), at.port(), "postgres", "any", "SELECT 1");
  }
}
