package io.rocklake.conformance.whitelist;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.catalog.DuckLakeRelations;
import io.rocklake.catalog.RelationDef;
import io.rocklake.conformance.corpus.CapturedMessage;
import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.pg.ThrowawayPostgres;
import io.rocklake.conformance.replay.Endpoint;
import io.rocklake.conformance.replay.PostgresTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.RockLakeTarget;
import io.rocklake.conformance.replay.ScenarioResult;
import io.rocklake.conformance.whitelist.SourceTemplates.Reach;
import io.rocklake.conformance.whitelist.SourceTemplates.Template;
import io.rocklake.conformance.whitelist.TemplateSession.Answer;
import io.rocklake.conformance.wire.FrontendMessages;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every template of one DuckDB line's source census, sent with its realistic values to RockLake and to a
 * throwaway PostgreSQL 15, both holding the catalog DuckDB's first ATTACH creates (01_basic replayed
 * up to its first COMMIT: the 28 tables, snapshot 0, schema {@code main}, the metadata rows). Each
 * runs inside BEGIN … ROLLBACK with its given lines first (DISCARD ALL outside a transaction, a
 * BEGIN template as the transaction's own BEGIN, COMMIT and ROLLBACK as its end); COPY FROM STDIN
 * goes through pgjdbc's CopyManager. A template whose givens drop one of DuckLake's own tables
 * stands for a catalog without it and runs on an empty database instead.
 *
 * <p>A ducklake-reach template must be answered as PostgreSQL answers it: the same command tag, for
 * reads the same column names and types, never 0A000. Two differences are by design and normalized
 * as the replay comparator does ({@code docs/conformance.md}): the row count of a read of
 * PostgreSQL's own catalog (its system rows are not RockLake's), and row locators: a ctid literal
 * {@code '(0,k)'} (PostgreSQL's k-th row of a fresh table) is sent to each server as the ctid its own
 * k-th row has, as DuckDB sends back the ctids it has just read. A generic one may also be refused, but only
 * cleanly (a 0A or 42 SQLSTATE); no template may end a session or leave it unusable, or draw XX000.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SourceTemplatesReplay {
  /** The captured session whose first transaction creates the catalog. */
  static final String SCENARIO = "01_basic";

  /** The census folder of the DuckDB line under test ({@link SourceTemplates#DIRECTORIES}). */
  abstract String census();

  /** The corpus of the same line: its 01_basic's first ATTACH makes the catalog the templates run on. */
  abstract String corpus();

  /**
   * The corpus whose first ATTACH makes the DuckLake 1.0 catalog that a migration template
   * ({@code -- on: a DuckLake 1.0 catalog}) runs on; null when the line has none.
   */
  String version10Corpus() {
    return null;
  }
  static final String BLANK = "source_templates_blank";
  static final String VERSION_1_0 = "source_templates_ducklake_1_0";
  private static final Pattern SYSTEM_CATALOG =
      Pattern.compile("\\bpg_(namespace|class|attribute|type|constraint|index|indexes|enum|description)\\b");
  private static final Pattern DELETE_BY_CTID =
      Pattern.compile("(?s)DELETE FROM (\\S+) WHERE ctid (?:IN \\(|= )(.*?)\\)?;?");
  private static final Pattern PG_CTID = Pattern.compile("'\\(0,(\\d+)\\)'");
  private static final Pattern DROPS_DUCKLAKE_TABLE = Pattern.compile("DROP TABLE \"public\"\\.\"(ducklake_\\w+)\";");
  private static final Set<String> DUCKLAKE_TABLES =
      Stream.concat(DuckLakeRelations.ALL.stream(), DuckLakeRelations.LATER_TABLES.stream()).map(RelationDef::name)
          .collect(Collectors.toSet());
  /** The binary COPY stream of no rows: signature, flags, header extension, trailer. */
  private static final byte[] EMPTY_BINARY_COPY = ByteBuffer.allocate(11 + 4 + 4 + 2)
      .put("PGCOPY\n\377\r\n\0".getBytes(StandardCharsets.ISO_8859_1)).putInt(0).putInt(0).putShort((short) -1).array();

  private PostgresTarget postgres;
  private RockLakeTarget rocklakeLake;
  private RockLakeTarget rocklakeBlank;
  private RockLakeTarget rocklake10;
  private final Map<String, TemplateSession> sessions = new ConcurrentHashMap<>();
  private final AtomicInteger sent = new AtomicInteger();
  private final AtomicInteger equal = new AtomicInteger();
  private final AtomicInteger refusedCleanly = new AtomicInteger();

  @BeforeAll
  void createTheCatalogOnBothServers() throws SQLException {
    Scenario firstAttach = firstTransaction(Corpus.locate(corpus()).scenario(SCENARIO));
    postgres = new PostgresTarget(ThrowawayPostgres.Durability.RELAXED);
    rocklakeLake = new RockLakeTarget();
    rocklakeBlank = new RockLakeTarget();
    Endpoint pgLake = postgres.prepare(firstAttach.database());
    requirePassed(new Replayer().replay(firstAttach, pgLake), "PostgreSQL");
    Endpoint rlLake = rocklakeLake.prepare(firstAttach.database());
    requirePassed(new Replayer().replay(firstAttach, rlLake), "RockLake");
    sessions.put("pg-lake", new TemplateSession(pgLake, firstAttach.database()));
    sessions.put("rl-lake", new TemplateSession(rlLake, firstAttach.database()));
    if (version10Corpus() != null) {
      Scenario v10 = firstTransaction(Corpus.locate(version10Corpus()).scenario(SCENARIO)).withDatabase(VERSION_1_0);
      Endpoint pg10 = postgres.prepare(VERSION_1_0);
      requirePassed(new Replayer().replay(v10, pg10), "PostgreSQL");
      rocklake10 = new RockLakeTarget();
      Endpoint rl10 = rocklake10.prepare(VERSION_1_0);
      requirePassed(new Replayer().replay(v10, rl10), "RockLake");
      sessions.put("pg-lake10", new TemplateSession(pg10, VERSION_1_0));
      sessions.put("rl-lake10", new TemplateSession(rl10, VERSION_1_0));
    }
    sessions.put("pg-blank", new TemplateSession(postgres.prepare(BLANK), BLANK));
    sessions.put("rl-blank", new TemplateSession(rocklakeBlank.prepare(BLANK), BLANK));
  }

  @AfterAll
  void stopBothServers() throws SQLException {
    System.out.printf("source templates of %s: %d sent, %d answered as PostgreSQL answers them, %d generic refused cleanly%n",
        census(), sent.get(), equal.get(), refusedCleanly.get());
    for (TemplateSession s : sessions.values()) {
      s.close();
    }
    for (AutoCloseable c : new AutoCloseable[] {rocklakeLake, rocklakeBlank, rocklake10, postgres}) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (Exception e) {
        // closing is best effort; the servers are throwaway
      }
    }
  }

  /** The capture up to the end of its first COMMIT's answer: DuckDB's first ATTACH. */
  static Scenario firstTransaction(Scenario s) {
    List<CapturedMessage> ms = s.messages();
    int commit = -1;
    for (int i = 0; i < ms.size() && commit < 0; i++) {
      CapturedMessage m = ms.get(i);
      if (m.isFrontend() && m.type().equals("Q") && FrontendMessages.sql(m).orElse("").strip().equals("COMMIT")) {
        commit = i;
      }
    }
    int end = commit + 1;
    while (end < ms.size() && !ms.get(end).isFrontend()) {
      end++;
    }
    return new Scenario(s.name(), s.corpusDir(), ms.subList(0, end));
  }

  private static void requirePassed(ScenarioResult result, String server) {
    assertThat(result.passed()).as("replaying DuckDB's first ATTACH into " + server + ": "
        + result.divergence().map(d -> d.describe()).orElse("")).isTrue();
  }

  Stream<Named<Template>> ducklakeTemplates() {
    return SourceTemplates.load(census()).stream().filter(t -> t.reach() == Reach.DUCKLAKE).map(t -> Named.of(t.id(), t));
  }

  Stream<Named<Template>> genericTemplates() {
    return SourceTemplates.load(census()).stream().filter(t -> t.reach() == Reach.GENERIC).map(t -> Named.of(t.id(), t));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ducklakeTemplates")
  void aDuckLakeReachTemplateIsAnsweredAsPostgresAnswersIt(Template t) throws SQLException {
    Played pg = play("pg", t);
    Played rl = play("rl", t);
    assertThat(pg.givens()).as("PostgreSQL runs the givens of " + t.id()).allMatch(Answer::ok);
    assertThat(pg.answer().ok()).as("PostgreSQL answers " + t.id() + ": " + pg.answer()).isTrue();
    sessionsSurvive(t, rl);
    assertThat(rl.givens()).as("RockLake runs the givens of " + t.id()).allMatch(Answer::ok);
    assertThat(rl.answer().sqlState()).as(t.id() + " is not refused as unsupported: " + rl.answer())
        .isNotEqualTo("0A000");
    assertThat(comparable(t, rl.answer())).as(t.id() + "\n" + t.sql()).isEqualTo(comparable(t, pg.answer()));
    equal.incrementAndGet();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("genericTemplates")
  void aGenericTemplateIsAnsweredAsPostgresDoesOrRefusedCleanly(Template t) throws SQLException {
    Played pg = play("pg", t);
    Played rl = play("rl", t);
    sessionsSurvive(t, rl);
    if (sameOutcome(t, pg, rl)) {
      equal.incrementAndGet();
      return;
    }
    Answer refusal = Stream.concat(rl.givens().stream(), Stream.of(rl.answer())).filter(a -> !a.ok()).findFirst()
        .orElse(rl.answer());
    assertThat(refusal.sqlState()).as(t.id() + ": RockLake answers " + rl.answer() + ", PostgreSQL " + pg.answer())
        .isNotNull().matches("0A...|42...");
    refusedCleanly.incrementAndGet();
  }

  private static boolean sameOutcome(Template t, Played pg, Played rl) {
    Answer a = pg.answer();
    Answer b = rl.answer();
    return a.ok() ? b.ok() && comparable(t, a).equals(comparable(t, b)) : a.sqlState().equals(b.sqlState());
  }

  /** The answer as compared: a read of PostgreSQL's own catalog without its row count. */
  private static String comparable(Template t, Answer a) {
    String s = a.toString();
    return a.ok() && SYSTEM_CATALOG.matcher(t.sql()).find() ? s.replaceFirst("^(SELECT|COPY) \\d+", "$1") : s;
  }

  private static void sessionsSurvive(Template t, Played rl) {
    List<Answer> all = new ArrayList<>(rl.givens());
    all.add(rl.answer());
    all.add(rl.afterwards());
    assertThat(all).as(t.id() + ": no internal error and no lost session on RockLake")
        .noneMatch(a -> a.connectionLost() || "XX000".equals(a.sqlState()));
    assertThat(rl.afterwards().ok()).as(t.id() + ": the session answers SELECT 1 afterwards: " + rl.afterwards())
        .isTrue();
  }

  /** What one server answered: each given, the template, and SELECT 1 once the transaction is over. */
  record Played(List<Answer> givens, Answer answer, Answer afterwards) {}

  private Played play(String server, Template t) throws SQLException {
    boolean blank = !t.given().isEmpty() && t.given().stream().allMatch(g -> {
      Matcher m = DROPS_DUCKLAKE_TABLE.matcher(g.strip());
      return m.matches() && DUCKLAKE_TABLES.contains(m.group(1));
    });
    TemplateSession s = sessions.get(server + (blank ? "-blank" : t.onVersion10Catalog() ? "-lake10" : "-lake"));
    s.reconnectIfLost();
    List<String> givens = blank ? List.of() : t.given();
    String head = firstWord(t.sql());
    boolean begins = head.equals("BEGIN") || head.equals("START");
    boolean ends = head.equals("COMMIT") || head.equals("ROLLBACK");
    boolean outside = head.equals("DISCARD");
    List<Answer> givenAnswers = new ArrayList<>();
    if (!begins && !outside) {
      s.simple("BEGIN");
    }
    Answer answer = null;
    if (begins) {
      answer = send(s, t);
    }
    if (!outside) {
      for (String g : givens) {
        givenAnswers.add(s.simple(g));
      }
    }
    if (!begins) {
      answer = send(s, withOwnRowLocators(s, t));
    }
    if (!ends && !outside) {
      s.simple("ROLLBACK");
    }
    s.reconnectIfLost();
    Answer afterwards = s.simple("SELECT 1");
    if (server.equals("rl")) {
      sent.incrementAndGet();
    }
    return new Played(givenAnswers, answer, afterwards);
  }

  /** A DELETE by ctid aimed at this server's rows: {@code '(0,k)'} becomes the ctid of its k-th row. */
  private static Template withOwnRowLocators(TemplateSession s, Template t) throws SQLException {
    Matcher m = DELETE_BY_CTID.matcher(t.sql().strip());
    if (!m.matches()) {
      return t;
    }
    List<String> ctids;
    try {
      ctids = s.column("SELECT ctid FROM " + m.group(1));
    } catch (SQLException e) {
      return t; // the relation is not there: the template's own answer will say so
    }
    StringBuilder sql = new StringBuilder();
    Matcher lit = PG_CTID.matcher(t.sql());
    while (lit.find()) {
      int k = Integer.parseInt(lit.group(1));
      lit.appendReplacement(sql, Matcher.quoteReplacement(k <= ctids.size() ? "'" + ctids.get(k - 1) + "'" : lit.group()));
    }
    lit.appendTail(sql);
    return new Template(t.file(), t.id(), t.source(), t.when(), t.reach(), t.given(), sql.toString(),
        t.onVersion10Catalog());
  }

  private static Answer send(TemplateSession s, Template t) {
    if (t.isParseOnly()) {
      return s.describe(t.sqlWithoutSemicolon());
    }
    String sql = t.sqlWithoutSemicolon();
    String upper = sql.toUpperCase(Locale.ROOT);
    if (upper.startsWith("COPY") && upper.contains("FROM STDIN")) {
      return s.copyIn(sql, payload(t, upper));
    }
    if (upper.startsWith("COPY")) {
      return s.copyOut(sql);
    }
    return s.simple(t.sql());
  }

  /** No rows for DuckLake's tables (a valid, empty binary stream); one realistic row for the UPDATE's temp table. */
  private static byte[] payload(Template t, String upper) {
    if (upper.contains("FORMAT BINARY")) {
      return EMPTY_BINARY_COPY;
    }
    return t.id().equals("postgres.dml.update_temp_table_copy")
        ? "zstd\t(0,1)\n".getBytes(StandardCharsets.UTF_8) : new byte[0];
  }

  private static String firstWord(String sql) {
    String s = sql.strip();
    int end = 0;
    while (end < s.length() && Character.isLetter(s.charAt(end))) {
      end++;
    }
    return s.substring(0, end).toUpperCase(Locale.ROOT);
  }
}
