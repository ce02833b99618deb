package io.rocklake.conformance.input;

import static io.rocklake.conformance.input.RawMessages.field;
import static io.rocklake.conformance.input.RawMessages.message;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The same bytes, sent over the simple query protocol to a throwaway PostgreSQL 15 and to RockLake,
 * get the same answers: text that is not UTF-8 (queries and COPY data), read-only session settings,
 * the transaction block's states (ReadyForQuery after each statement), and the session-user functions. An answer is its messages' types, each error's SQLSTATE and
 * message, and each row's values (command tags are left out: PostgreSQL tags SHOW "SHOW").
 */
class InputAgainstPostgresTest extends AgainstPostgres {
  /** One step of a script: a query, and for COPY FROM STDIN the data to stream before CopyDone. */
  private record Step(byte[] sql, byte[] copyData) {}

  private static Step q(String ascii, int... tail) {
    byte[] a = ascii.getBytes(StandardCharsets.UTF_8);
    byte[] b = java.util.Arrays.copyOf(a, a.length + tail.length);
    for (int i = 0; i < tail.length; i++) {
      b[a.length + i] = (byte) tail[i];
    }
    return new Step(b, null);
  }

  private static Step copy(String sql, byte[] data) {
    return new Step(sql.getBytes(StandardCharsets.UTF_8), data);
  }

  /** Runs a script on a fresh connection as user postgres; one line per step. */
  private static List<String> run(int port, List<Step> script) throws Exception {
    List<String> answers = new ArrayList<>();
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(30_000);
      OutputStream out = s.getOutputStream();
      DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(s.getInputStream()));
      out.write(RawMessages.startupAsPostgres());
      readUntilReady(in, out, null);
      for (Step step : script) {
        byte[] sql = java.util.Arrays.copyOf(step.sql(), step.sql().length + 1);
        out.write(message('Q', sql));
        out.flush();
        answers.add(new String(step.sql(), StandardCharsets.ISO_8859_1) + " => " + readUntilReady(in, out, step.copyData()));
      }
    }
    return answers;
  }

  private static String readUntilReady(DataInputStream in, OutputStream out, byte[] copyData) throws Exception {
    StringBuilder sb = new StringBuilder();
    while (true) {
      int type = in.read();
      if (type < 0) {
        return sb + " closed";
      }
      byte[] body = new byte[in.readInt() - 4];
      in.readFully(body);
      switch (type) {
        case 'E' -> sb.append(" E").append(field(body, 'C')).append(' ').append(field(body, 'M'));
        case 'D' -> {
          ByteBuffer b = ByteBuffer.wrap(body);
          int n = b.getShort();
          sb.append(" D(");
          for (int i = 0; i < n; i++) {
            int len = b.getInt();
            sb.append(i > 0 ? "," : "").append(len < 0 ? "NULL" : new String(body, b.position(), len, StandardCharsets.UTF_8));
            b.position(b.position() + Math.max(len, 0));
          }
          sb.append(')');
        }
        case 'G' -> {
          sb.append(" G");
          ByteArrayOutputStream m = new ByteArrayOutputStream();
          m.writeBytes(message('d', copyData));
          m.writeBytes(message('c', new byte[0]));
          out.write(m.toByteArray());
          out.flush();
        }
        case 'Z' -> {
          return sb.append(" Z").append((char) body[0]).toString().trim();
        }
        case 'S', 'K', 'R', 'N' -> { } // parameter status, key data, authentication, notices differ by design
        default -> sb.append(' ').append((char) type);
      }
    }
  }

  private void sameAnswers(List<Step> script) throws Exception {
    List<String> expected = run(postgres.port(), script);
    List<String> actual = run(rocklake.port(), script);
    assertThat(actual).containsExactlyElementsOf(expected);
  }

  @Test
  void queriesThatAreNotUtf8() throws Exception {
    sameAnswers(List.of(q("SELECT '", 0xff, '\''), q("SELECT 'a", 0xc3, '\''), q("SELECT '", 0xe2, 0x82, '\''),
        q("SELECT '", 0xed, 0xa0, 0x80, '\''), q("SELECT '", 0xf4, 0x90, 0x80, 0x80, '\''), q("SELECT '", 0xc0, 0x80, '\''),
        q("SELECT '", 0x80, '\''), q("BEGIN"), q("SELECT '", 0xf8, '\''), q("ROLLBACK"),
        q("SELECT 'caf", 0xc3, 0xa9, '\''), q("SELECT '", 0xf0, 0x9f, 0xa6, 0x86, '\'')));
  }

  @Test
  void copyDataThatIsNotUtf8() throws Exception {
    sameAnswers(List.of(q("CREATE TABLE notes_utf8 (id BIGINT, body VARCHAR)"),
        copy("COPY notes_utf8 FROM STDIN", "1\tok\n2\tb\u00ffad\n".getBytes(StandardCharsets.ISO_8859_1)),
        copy("COPY notes_utf8 FROM STDIN", "1\tok\n2\tb\\xffad\n".getBytes(StandardCharsets.ISO_8859_1)),
        q("SELECT count(*) FROM notes_utf8"),
        copy("COPY notes_utf8 FROM STDIN", "3\tcaf\\xc3\\xa9\n".getBytes(StandardCharsets.ISO_8859_1)),
        q("SELECT body FROM notes_utf8")));
  }

  @Test
  void readOnlySessionSettings() throws Exception {
    sameAnswers(List.of(q("CREATE TABLE notes_ro (id BIGINT, body VARCHAR)"),
        q("SET default_transaction_read_only = on"), q("SHOW default_transaction_read_only"),
        q("SHOW transaction_read_only"), q("INSERT INTO notes_ro VALUES (1, 'a')"), q("DELETE FROM notes_ro"),
        q("UPDATE notes_ro SET id = 2"), q("CREATE TABLE notes_ro2 (id BIGINT)"), q("BEGIN"),
        q("INSERT INTO notes_ro VALUES (1, 'a')"), q("ROLLBACK"), q("BEGIN READ WRITE"),
        q("SHOW transaction_read_only"), q("INSERT INTO notes_ro VALUES (1, 'a')"), q("COMMIT"),
        q("SET default_transaction_read_only = 'bogus'"), q("SET default_transaction_read_only TO 'of'"),
        q("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"), q("SHOW default_transaction_read_only"),
        q("INSERT INTO notes_ro VALUES (2, 'b')"), q("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"),
        q("BEGIN"), q("SET TRANSACTION READ ONLY"), q("SHOW transaction_read_only"),
        q("INSERT INTO notes_ro VALUES (3, 'c')"), q("ROLLBACK"), q("BEGIN READ ONLY"), q("SELECT 1"),
        q("SET TRANSACTION READ WRITE"), q("ROLLBACK"), q("BEGIN"), q("SET transaction_read_only = on"),
        q("INSERT INTO notes_ro VALUES (4, 'd')"), q("ROLLBACK"), q("SELECT count(*) FROM notes_ro")));
  }

  @Test
  void transactionBlockStates() throws Exception {
    sameAnswers(List.of(q("CREATE TABLE notes_tx (id BIGINT)"), q("BEGIN"), q("BEGIN"), q("COMMIT"), q("COMMIT"),
        q("ROLLBACK"), q("BEGIN"), q("INSERT INTO notes_tx VALUES (1)"), q("SELECT 1 / 0"), q("SELECT 1"),
        q("SET application_name = 'x'"), q("SHOW application_name"), q("BEGIN"), q("COMMIT"),
        q("SELECT count(*) FROM notes_tx"), q("BEGIN READ ONLY"), q("COMMIT AND CHAIN"), q("SHOW transaction_read_only"),
        q("ROLLBACK"), q("BEGIN"), q("INSERT INTO notes_tx VALUES (2)"), q("COMMIT AND CHAIN"),
        q("INSERT INTO notes_tx VALUES (3)"), q("ROLLBACK AND CHAIN"), q("COMMIT"), q("SELECT count(*) FROM notes_tx"),
        q("SET default_transaction_read_only = on"), q("BEGIN READ WRITE"), q("SELECT 1 / 0"), q("COMMIT AND CHAIN"),
        q("SHOW transaction_read_only"), q("ROLLBACK"), q("SET default_transaction_read_only = off"),
        q("COMMIT AND CHAIN"), q("ROLLBACK AND CHAIN"), q("SET TRANSACTION READ ONLY"), q("BEGIN"), q("DISCARD ALL"),
        q("ROLLBACK"), q("BEGIN READ ONLY"), q("COPY notes_tx FROM STDIN (FORMAT foo)"), q("ROLLBACK")));
  }

  @Test
  void sessionUserFunctions() throws Exception {
    sameAnswers(List.of(q("SELECT current_user, session_user, user, current_role"), q("SELECT upper(current_user)"),
        q("SELECT CASE WHEN session_user = 'postgres' THEN 'me' ELSE 'someone' END")));
  }
}
