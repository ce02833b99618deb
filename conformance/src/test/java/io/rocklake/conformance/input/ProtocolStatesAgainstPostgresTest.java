package io.rocklake.conformance.input;

import static io.rocklake.conformance.input.RawMessages.field;
import static io.rocklake.conformance.input.RawMessages.message;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every transition of the query protocol's state machine (extended batches, skipping to Sync after an
 * error, COPY FROM STDIN and what ends it, Sync and copy messages where nothing waits for them) driven
 * by the same pipelined bytes against a throwaway PostgreSQL 15 and RockLake: the answers must match.
 * An answer is its messages' types, each error's SQLSTATE, and each ReadyForQuery's status; every
 * script ends with Sync and a sentinel query, read up to the sentinel's ReadyForQuery.
 */
class ProtocolStatesAgainstPostgresTest extends AgainstPostgres {
  @BeforeAll
  void createTheCopyTable() throws Exception {
    for (int port : new int[] {postgres.port(), rocklake.port()}) {
      run(port, query("CREATE TABLE states_copy (id BIGINT)"));
    }
  }

  @Test
  void syncWithNothingPendingAnswersReadyForQuery() throws Exception {
    sameAnswers(sync(), sync(), flush());
  }

  @Test
  void anExtendedBatchAnswersEachMessageThenOneReadyForQueryAtSync() throws Exception {
    sameAnswers(parse("s1", "SELECT 1"), bind("", "s1"), describe('P', ""), execute("", 0), close('S', "s1"), sync());
  }

  @Test
  void anExecuteWithARowLimitSuspendsThePortalUntilItsRowsAreSent() throws Exception {
    sameAnswers(parse("", "SELECT 1 UNION ALL SELECT 2"), bind("", ""), execute("", 1), execute("", 1), execute("", 1),
        sync());
  }

  @Test
  void anErrorInsideAnExtendedBatchSkipsEverythingUpToSync() throws Exception {
    sameAnswers(parse("", "SELEC 1"), bind("", ""), describe('P', ""), execute("", 0), flush(), parse("s2", "SELECT 1"),
        close('S', "nothing"), sync(), parse("", "SELECT 2"), bind("", ""), execute("", 0), sync());
  }

  @Test
  void aBindOfAStatementThatDoesNotExistFailsTheTransactionBlock() throws Exception {
    sameAnswers(query("BEGIN"), bind("", "never_parsed"), execute("", 0), sync(), query("SELECT 1"), query("ROLLBACK"));
  }

  @Test
  void anExecuteOfAPortalThatDoesNotExistFailsTheTransactionBlock() throws Exception {
    sameAnswers(query("BEGIN"), execute("no_such_portal", 0), sync(), query("ROLLBACK"));
  }

  @Test
  void aQueryAfterAnExtendedErrorIsSkippedLikeEveryMessageBeforeSync() throws Exception {
    sameAnswers(parse("", "SELEC 1"), query("SELECT 1"), sync());
  }

  @Test
  void copyMessagesWhereNoCopyIsInProgressAreIgnored() throws Exception {
    sameAnswers(copyData("1\n"), copyDone(), copyFail("no copy"), sync());
  }

  @Test
  void copyFromStdinEndsWithCopyDoneAndCountsItsRows() throws Exception {
    sameAnswers(query("COPY states_copy FROM STDIN"), copyData("1\n2\n"), copyData("3\n"), copyDone());
  }

  @Test
  void copyFailEndsCopyFromStdinWith57014AndNothingOfItIsKept() throws Exception {
    sameAnswers(query("BEGIN"), query("CREATE TABLE states_copy_fail (id BIGINT)"), query("COPY states_copy_fail FROM STDIN"),
        copyData("1\n"), copyFail("client gave up"), query("SELECT count(*) FROM states_copy_fail"), query("ROLLBACK"));
  }

  @Test
  void syncAndFlushDuringCopyFromStdinAreIgnored() throws Exception {
    sameAnswers(query("COPY states_copy FROM STDIN"), sync(), flush(), copyData("4\n"), sync(), copyDone());
  }

  /**
   * PostgreSQL ends the COPY with ERROR 08P01 and then, having lost track of the message stream, the
   * connection (FATAL 08P01); RockLake ends the COPY alike but keeps the session, drops the message that
   * ended it and reads on, so the rest of the script is answered.
   */
  @Test
  void anyOtherMessageDuringCopyFromStdinEndsItWith08P01AndIsDropped() throws Exception {
    byte[][] script = {query("COPY states_copy FROM STDIN"), copyData("5\n"), parse("", "SELECT 1"), bind("", ""),
        execute("", 0), sync()};
    assertThat(run(postgres.port(), script)).containsExactly("G", "E08P01", "E08P01", "closed");
    assertThat(run(rocklake.port(), script)).containsExactly("G", "E08P01", "ZI", "E26000", "ZI", "ZI", "T", "D",
        "C SELECT 1", "ZI");
  }

  @Test
  void aQueryDuringCopyFromStdinEndsItAndIsNotRun() throws Exception {
    byte[][] script = {query("COPY states_copy FROM STDIN"), copyData("6\n"), query("SELECT 1")};
    assertThat(run(postgres.port(), script)).containsExactly("G", "E08P01", "E08P01", "closed");
    assertThat(run(rocklake.port(), script)).containsExactly("G", "E08P01", "ZI", "ZI", "T", "D", "C SELECT 1", "ZI");
  }

  @Test
  void anUnknownMessageTypeEndsTheConnectionEvenWhileSkippingToSync() throws Exception {
    sameAnswers(parse("", "SELEC 1"), message('y', new byte[0]));
  }

  // ---- the frontend ------------------------------------------------------------------------------

  private void sameAnswers(byte[]... script) throws Exception {
    List<String> expected = run(postgres.port(), script);
    List<String> actual = run(rocklake.port(), script);
    assertThat(actual).containsExactlyElementsOf(expected);
  }

  /** Sends the script, Sync and a sentinel query in one write; the answers up to the sentinel's ReadyForQuery. */
  private static List<String> run(int port, byte[]... script) throws Exception {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(30_000);
      OutputStream out = s.getOutputStream();
      DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
      out.write(RawMessages.startupAsPostgres());
      out.flush();
      while (in.read() != 'Z') {
        in.skipBytes(in.readInt() - 4);
      }
      in.skipBytes(in.readInt() - 4);
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      for (byte[] m : script) {
        all.writeBytes(m);
      }
      all.writeBytes(sync());
      all.writeBytes(query("SELECT 'sentinel'"));
      out.write(all.toByteArray());
      out.flush();
      List<String> answers = new ArrayList<>();
      boolean sentinel = false;
      while (true) {
        int type = in.read();
        if (type < 0) {
          answers.add("closed");
          return answers;
        }
        byte[] body = new byte[in.readInt() - 4];
        in.readFully(body);
        switch (type) {
          case 'E' -> answers.add("E" + field(body, 'C'));
          case 'Z' -> answers.add("Z" + (char) body[0]);
          case 'C' -> answers.add("C " + new String(body, 0, body.length - 1, StandardCharsets.UTF_8));
          case 'D' -> {
            sentinel |= new String(body, StandardCharsets.UTF_8).contains("sentinel");
            answers.add("D");
          }
          case 'N', 'S' -> { } // notices and parameter changes differ by design
          default -> answers.add(String.valueOf((char) type));
        }
        if (type == 'Z' && sentinel) {
          return answers;
        }
      }
    }
  }

  private static byte[] cstrings(String... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (String p : parts) {
      b.writeBytes(p.getBytes(StandardCharsets.UTF_8));
      b.write(0);
    }
    return b.toByteArray();
  }

  private static byte[] query(String sql) {
    return message('Q', cstrings(sql));
  }

  private static byte[] parse(String name, String sql) {
    byte[] head = cstrings(name, sql);
    return message('P', ByteBuffer.allocate(head.length + 2).put(head).putShort((short) 0).array());
  }

  /** A Bind without parameters, all results as text. */
  private static byte[] bind(String portal, String statement) {
    byte[] head = cstrings(portal, statement);
    return message('B', ByteBuffer.allocate(head.length + 6).put(head).putShort((short) 0).putShort((short) 0)
        .putShort((short) 0).array());
  }

  private static byte[] describe(char kind, String name) {
    byte[] n = cstrings(name);
    return message('D', ByteBuffer.allocate(1 + n.length).put((byte) kind).put(n).array());
  }

  private static byte[] close(char kind, String name) {
    byte[] n = cstrings(name);
    return message('C', ByteBuffer.allocate(1 + n.length).put((byte) kind).put(n).array());
  }

  private static byte[] execute(String portal, int maxRows) {
    byte[] n = cstrings(portal);
    return message('E', ByteBuffer.allocate(n.length + 4).put(n).putInt(maxRows).array());
  }

  private static byte[] sync() {
    return message('S', new byte[0]);
  }

  private static byte[] flush() {
    return message('H', new byte[0]);
  }

  private static byte[] copyData(String text) {
    return message('d', text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] copyDone() {
    return message('c', new byte[0]);
  }

  private static byte[] copyFail(String reason) {
    return message('f', cstrings(reason));
  }
}
