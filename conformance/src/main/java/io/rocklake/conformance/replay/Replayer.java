package io.rocklake.conformance.replay;

import io.rocklake.conformance.compare.Divergence;
import io.rocklake.conformance.compare.RunComparator;
import io.rocklake.conformance.compare.ScenarioState;
import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Direction;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.sql.Statements;
import io.rocklake.conformance.wire.FrameReader;
import io.rocklake.conformance.wire.FrontendMessages;
import io.rocklake.conformance.wire.WireMessage;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Plays a scenario's frontend messages against a server exactly as DuckDB sent them: one TCP
 * connection per captured connection, every message in captured global order, each run of
 * frontend messages sent only after the backend answer that preceded it in the capture has
 * arrived. Each answer is compared with the captured one as soon as it is complete (it ends with
 * ReadyForQuery, CopyInResponse or the SSL byte, as every captured answer does).
 */
public final class Replayer {
  private final Duration answerTimeout;

  public Replayer(Duration answerTimeout) {
    this.answerTimeout = answerTimeout;
  }

  public Replayer() {
    this(Duration.ofSeconds(30));
  }

  public ScenarioResult replay(Scenario scenario, Endpoint endpoint) {
    return replay(scenario, endpoint, ConnectionBoundaryListener.NONE);
  }

  /**
   * Replays as {@link #replay(Scenario, Endpoint)} does, telling {@code boundaries} before each
   * captured connection after the first opens and after each Terminate is sent; from then on it
   * connects where the listener says.
   */
  public ScenarioResult replay(Scenario scenario, Endpoint endpoint, ConnectionBoundaryListener boundaries) {
    return replay(scenario, endpoint, boundaries, new ScenarioState());
  }

  /**
   * One catalog's sessions in turn ({@code Corpus.catalogs()}), against one prepared database: what
   * the comparator learned in one session (the server times and OIDs it paired) holds in the next,
   * since a later session reads the rows an earlier one wrote.
   */
  public List<ScenarioResult> replayInTurn(List<Scenario> sessions, Endpoint endpoint) {
    ScenarioState state = new ScenarioState();
    List<ScenarioResult> results = new ArrayList<>();
    for (Scenario s : sessions) {
      results.add(replay(s, endpoint, ConnectionBoundaryListener.NONE, state));
    }
    return results;
  }

  private ScenarioResult replay(Scenario scenario, Endpoint endpoint, ConnectionBoundaryListener boundaries,
      ScenarioState state) {
    RunComparator comparator = new RunComparator(state);
    Map<Integer, Connection> connections = new HashMap<>();
    long start = System.nanoTime();
    long firstSessionEnd = 0;
    List<ScenarioResult.AnswerTime> answers = new ArrayList<>();
    int compared = 0;
    int position = 0;
    boolean anyOpened = false;
    try {
      for (Run run : Run.of(scenario.messages())) {
        Connection c = connections.computeIfAbsent(run.conn(), Connection::new);
        int runStart = position;
        position += run.messages().size();
        Optional<Divergence> divergence;
        try {
          if (run.direction() == Direction.FRONTEND) {
            if (!c.opened) {
              if (anyOpened) {
                endpoint = boundaries.atBoundary(new ConnectionBoundaryListener.Boundary(
                    ConnectionBoundaryListener.Kind.NEW_CONNECTION, run.conn(), runStart, open(connections)), endpoint);
              }
              anyOpened = true;
            }
            if (c.send(run, endpoint, state)) {
              if (firstSessionEnd == 0) {
                firstSessionEnd = System.nanoTime();
              }
              endpoint = boundaries.atBoundary(new ConnectionBoundaryListener.Boundary(
                  ConnectionBoundaryListener.Kind.TERMINATED, run.conn(), position, open(connections)), endpoint);
            }
            continue;
          }
          divergence = c.receiveAndCompare(run, comparator);
          answers.add(new ScenarioResult.AnswerTime(c.lastStatement(), System.nanoTime() - c.lastSent));
        } catch (SocketTimeoutException e) {
          divergence = Optional.of(new Divergence(run.firstSeq(), run.conn(), c.lastStatement(),
              "no complete answer within " + answerTimeout.toSeconds() + " s", expectedTypes(run), "(silence)"));
        } catch (IOException e) {
          divergence = Optional.of(new Divergence(run.firstSeq(), run.conn(), c.lastStatement(),
              "connection failed: " + e.getMessage(), expectedTypes(run), e.getClass().getSimpleName()));
        }
        compared++;
        if (divergence.isPresent()) {
          long now = System.nanoTime();
          return new ScenarioResult(scenario.name(), divergence.map(d -> d.at(run.firstSeq(), run.conn())),
              Duration.ofNanos(now - start), Duration.ofNanos((firstSessionEnd == 0 ? now : firstSessionEnd) - start),
              compared, answers);
        }
      }
      long now = System.nanoTime();
      return new ScenarioResult(scenario.name(), Optional.empty(), Duration.ofNanos(now - start),
          Duration.ofNanos((firstSessionEnd == 0 ? now : firstSessionEnd) - start), compared, answers);
    } finally {
      connections.values().forEach(Connection::close);
    }
  }

  private static int open(Map<Integer, Connection> connections) {
    return (int) connections.values().stream().filter(c -> c.socket != null).count();
  }

  private static final java.util.regex.Pattern TEXT_COPY_IN =
      java.util.regex.Pattern.compile("(?is)^\\s*COPY\\b.*\\bFROM\\s+STDIN\\b.*\\bFORMAT\\s+\"?TEXT\\b");

  private static byte[] queryFrame(String sql) {
    byte[] text = sql.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] payload = java.util.Arrays.copyOf(text, text.length + 1);
    return new io.rocklake.conformance.wire.WireMessage('Q', payload).frame();
  }

  private static String expectedTypes(Run run) {
    StringBuilder sb = new StringBuilder();
    for (CapturedMessage m : run.messages()) {
      sb.append(m.type()).append(' ');
    }
    return sb.toString().trim();
  }

  /** One replayed connection: its socket and what its last frontend run asked for. */
  private final class Connection {
    private final int id;
    private Socket socket;
    /** Whether this connection has ever been opened (it stays true after Terminate closes it). */
    private boolean opened;
    private OutputStream out;
    private FrameReader in;
    private String unnamedStatementSql;
    /** Whether the last Query was a COPY FROM STDIN of text, whose CopyData may carry ctids. */
    private boolean textCopyIn;
    private List<String> statements = List.of();
    /** When the last frontend run was written: an answer's latency is measured from it. */
    private long lastSent;

    Connection(int id) {
      this.id = id;
    }

    /** Sends one frontend run; true when it ended the connection with Terminate. */
    boolean send(Run run, Endpoint endpoint, ScenarioState state) throws IOException {
      if (socket == null) {
        opened = true;
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), (int) answerTimeout.toMillis());
        socket.setSoTimeout((int) answerTimeout.toMillis());
        out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        in = new FrameReader(socket.getInputStream());
      }
      List<String> runStatements = new ArrayList<>();
      boolean terminate = false;
      for (CapturedMessage m : run.messages()) {
        if (m.type().equals("Q")) {
          String sql = FrontendMessages.sql(m).orElse("");
          String rewritten = state.rewriteRowLocators(sql);
          out.write(rewritten.equals(sql) ? m.frame() : queryFrame(rewritten));
          textCopyIn = TEXT_COPY_IN.matcher(sql).find();
        } else if (m.type().equals("d") && textCopyIn) {
          // The postgres extension's UPDATE copies the ctids it has just read as text: send the target's.
          String data = new String(m.payload(), java.nio.charset.StandardCharsets.UTF_8);
          String rewritten = state.rewriteCopiedRowLocators(data);
          out.write(rewritten.equals(data) ? m.frame()
              : new io.rocklake.conformance.wire.WireMessage('d', rewritten.getBytes(java.nio.charset.StandardCharsets.UTF_8)).frame());
        } else {
          out.write(m.frame());
        }
        switch (m.type()) {
          case "Q":
            for (String s : Statements.split(FrontendMessages.sql(m).orElse(""))) {
              state.schemas().observe(s);
              runStatements.add(s);
            }
            break;
          case "P":
            unnamedStatementSql = FrontendMessages.sql(m).orElse(null);
            runStatements.add(unnamedStatementSql);
            break;
          case "D":
            if (unnamedStatementSql != null) {
              runStatements.add(unnamedStatementSql);
            }
            break;
          case "X":
            terminate = true;
            break;
          default:
            break;
        }
      }
      out.flush();
      lastSent = System.nanoTime();
      statements = runStatements;
      if (terminate) {
        close();
      }
      return terminate;
    }

    Optional<Divergence> receiveAndCompare(Run run, RunComparator comparator) throws IOException {
      if (socket == null) {
        throw new IOException("connection " + id + " is not open");
      }
      CapturedMessage first = run.messages().get(0);
      if (first.type().equals(CapturedMessage.SSL_RESPONSE)) {
        int answer = in.readSslResponse();
        int expected = first.payload()[0] & 0xFF;
        return answer == expected ? Optional.empty()
            : Optional.of(new Divergence(first.seq(), id, null, "SSL response differs",
                String.valueOf((char) expected), String.valueOf((char) answer)));
      }
      List<WireMessage> expected = new ArrayList<>();
      for (CapturedMessage m : run.messages()) {
        expected.add(m.toWire());
      }
      List<WireMessage> actual = new ArrayList<>();
      while (true) {
        WireMessage m = in.read();
        actual.add(m);
        if (m.type() == 'Z' || m.type() == 'G') {
          break;
        }
      }
      return comparator.compare(id, statements, expected, actual);
    }

    String lastStatement() {
      return statements.isEmpty() ? null : statements.get(statements.size() - 1);
    }

    void close() {
      if (socket != null) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing a finished replay connection
        }
        socket = null;
      }
    }
  }
}
