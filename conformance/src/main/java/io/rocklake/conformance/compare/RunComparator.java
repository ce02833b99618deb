package io.rocklake.conformance.compare;

import io.rocklake.conformance.sql.CopyOut;
import io.rocklake.conformance.sql.StatementFacts;
import io.rocklake.conformance.wire.BackendMessages;
import io.rocklake.conformance.wire.BackendMessages.Field;
import io.rocklake.conformance.wire.MalformedMessageException;
import io.rocklake.conformance.wire.WireMessage;
import io.rocklake.pgwire.types.PgCodecException;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.pgwire.types.Tid;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Compares the backend messages the target sent in answer to one run of frontend messages with
 * the captured ones, applying exactly the normalizations documented in {@code docs/conformance.md}
 * and nothing else. Stops at the first divergence.
 */
public final class RunComparator {
  /** ParameterStatus values that describe the server rather than the session. */
  static final Set<String> SERVER_DESCRIBING_PARAMETERS = Set.of("server_version");

  private final ScenarioState state;

  public RunComparator(ScenarioState state) {
    this.state = state;
  }

  /**
   * @param conn       the connection both runs belong to
   * @param statements the SQL statements the preceding frontend run executes, in order (one per
   *                   completed result); empty for runs without SQL
   */
  public Optional<Divergence> compare(int conn, List<String> statements, List<WireMessage> expected,
      List<WireMessage> actual) {
    List<Segment> e = Segment.of(expected);
    List<Segment> a = Segment.of(actual);
    int statement = 0;
    for (int i = 0; i < e.size(); i++) {
      String sql = statement < statements.size() ? statements.get(statement) : null;
      try {
        if (i >= a.size()) {
          throw new DivergenceException("the target's answer ends early", describe(e.get(i)), "(nothing)");
        }
        compareSegment(conn, sql, e.get(i), a.get(i));
      } catch (DivergenceException ex) {
        return Optional.of(ex.divergence.withStatement(sql));
      } catch (MalformedMessageException ex) {
        return Optional.of(new Divergence(-1, conn, sql, "malformed message from the target: " + ex.getMessage(),
            describe(e.get(i)), i < a.size() ? describe(a.get(i)) : "(nothing)"));
      }
      if (e.get(i).completesStatement()) {
        statement++;
      }
    }
    if (a.size() > e.size()) {
      return Optional.of(new Divergence(-1, conn, null, "the target sent more than the capture",
          "(nothing more)", describe(a.get(e.size()))));
    }
    return Optional.empty();
  }

  private void compareSegment(int conn, String sql, Segment e, Segment a) {
    if (e.kind() != a.kind() || e.first().type() != a.first().type()) {
      throw new DivergenceException("different kind of answer", describe(e), describe(a));
    }
    StatementFacts facts = new StatementFacts(sql == null ? "" : sql);
    state.locatorsOf(sql);
    switch (e.kind()) {
      case ROWSET: compareRowSet(conn, facts, e, a); break;
      case COPY_OUT: compareCopyOut(conn, facts, e, a); break;
      default: compareSingle(e.first(), a.first());
    }
  }

  // ---- single messages -------------------------------------------------------------------

  private void compareSingle(WireMessage e, WireMessage a) {
    switch (e.type()) {
      case 'K': // BackendKeyData: process id and secret key are the server's own
        if (a.payload().length != 8) {
          throw new DivergenceException("BackendKeyData must be 8 bytes", "8 bytes", a.payload().length + " bytes");
        }
        return;
      case 'S': {
        BackendMessages.ParameterStatus ep = BackendMessages.parameterStatus(e);
        BackendMessages.ParameterStatus ap = BackendMessages.parameterStatus(a);
        if (!ep.name().equals(ap.name())
            || (!SERVER_DESCRIBING_PARAMETERS.contains(ep.name()) && !ep.value().equals(ap.value()))) {
          throw new DivergenceException("ParameterStatus differs", ep, ap);
        }
        return;
      }
      case 'E': case 'N':
        ErrorFields.compare(BackendMessages.fields(e), BackendMessages.fields(a));
        return;
      case 'C':
        compareTags(e, a);
        return;
      case 'Z':
        if (!Arrays.equals(e.payload(), a.payload())) {
          throw new DivergenceException("transaction status differs", "ReadyForQuery " + status(e),
              "ReadyForQuery " + status(a));
        }
        return;
      default:
        if (!Arrays.equals(e.payload(), a.payload())) {
          throw new DivergenceException("message '" + e.type() + "' differs", describe(e), describe(a));
        }
    }
  }

  private static String status(WireMessage z) {
    return z.payload().length == 1 ? String.valueOf((char) z.payload()[0]) : "?";
  }

  // ---- row sets ----------------------------------------------------------------------------

  private void compareRowSet(int conn, StatementFacts facts, Segment e, Segment a) {
    List<Field> eFields = e.first().type() == 'T' ? BackendMessages.rowDescription(e.first()) : null;
    List<Field> aFields = a.first().type() == 'T' ? BackendMessages.rowDescription(a.first()) : null;
    if (eFields != null) {
      compareRowDescription(eFields, aFields);
      if (e.last().type() != 'C' && e.last().type() != 'E') {
        rememberDescribe(conn, aFields);
      }
    }
    List<WireMessage> eRows = e.messages().stream().filter(m -> m.type() == 'D').toList();
    List<WireMessage> aRows = a.messages().stream().filter(m -> m.type() == 'D').toList();
    // DataRows without a RowDescription (an Execute of a described portal) are compared as raw bytes.
    List<Field> fields = eFields;
    List<List<Cell>> eCells = decodeRows(eRows, fields, facts, true);
    List<List<Cell>> aCells = decodeRows(aRows, fields, facts, false);
    if (facts.readsSystemCatalog()) {
      eCells = withoutSystemRows(eCells, fields, state.expectedSystemNamespaces);
      aCells = withoutSystemRows(aCells, fields, state.actualSystemNamespaces);
    }
    int[] keys = facts.isOrdered() && fields != null ? keyColumns(facts.orderKeyNames(), fields) : null;
    if (keys != null) {
      compareRuns(keys, eCells, aCells);
    } else {
      compareRows(facts.isOrdered(), eCells, aCells);
    }
    compareCompletion(e.last(), a.last(), aRows.size());
  }

  private void compareCompletion(WireMessage e, WireMessage a, int aRows) {
    if (e.type() != a.type()) {
      throw new DivergenceException("result ends differently", describe(e), describe(a));
    }
    if (e.type() == 'E') {
      ErrorFields.compare(BackendMessages.fields(e), BackendMessages.fields(a));
    } else if (e.type() == 'C') {
      String et = BackendMessages.commandTag(e);
      String at = BackendMessages.commandTag(a);
      checkRowCount(at, aRows);
      if (et.startsWith("SELECT ")) {
        // The row count was compared with the rows (after dropping PostgreSQL's own catalog rows).
        if (!at.startsWith("SELECT ")) {
          throw new DivergenceException("CommandComplete tag differs", et, at);
        }
      } else {
        compareTags(e, a);
      }
    }
  }

  private static void checkRowCount(String tag, int rows) {
    if (tag.startsWith("SELECT ") && !tag.equals("SELECT " + rows)) {
      throw new DivergenceException("the target's tag disagrees with the rows it sent", rows + " rows", tag);
    }
  }

  private static void compareTags(WireMessage e, WireMessage a) {
    String et = BackendMessages.commandTag(e);
    String at = BackendMessages.commandTag(a);
    if (!et.equals(at)) {
      throw new DivergenceException("CommandComplete tag differs", et, at);
    }
  }

  private void compareRowDescription(List<Field> e, List<Field> a) {
    if (a == null || e.size() != a.size()) {
      throw new DivergenceException("RowDescription differs", e, a);
    }
    for (int i = 0; i < e.size(); i++) {
      Field ef = e.get(i);
      Field af = a.get(i);
      if (!ef.name().equals(af.name()) || ef.typeOid() != af.typeOid() || ef.typlen() != af.typlen()
          || ef.typmod() != af.typmod() || ef.format() != af.format() || ef.attnum() != af.attnum()) {
        throw new DivergenceException("RowDescription column " + (i + 1) + " differs", ef, af);
      }
      learnObjectId(ef.tableOid(), af.tableOid());
    }
  }

  private void rememberDescribe(int conn, List<Field> fields) {
    Map<String, Integer> types = new LinkedHashMap<>();
    for (Field f : fields) {
      types.put(f.name(), f.typeOid());
    }
    state.describedTypes.put(conn, types);
  }

  private List<List<Cell>> decodeRows(List<WireMessage> rows, List<Field> fields, StatementFacts facts,
      boolean expectedSide) {
    List<List<Cell>> out = new ArrayList<>(rows.size());
    for (WireMessage row : rows) {
      List<byte[]> values = BackendMessages.dataRow(row);
      List<Cell> cells = new ArrayList<>(values.size());
      for (int i = 0; i < values.size(); i++) {
        Field f = fields != null && i < fields.size() ? fields.get(i) : null;
        Optional<PgType> type = f == null ? Optional.empty() : PgType.byOid(f.typeOid());
        Cell.Rule rule = ruleFor(type, f != null && describesServer(f.name(), facts));
        cells.add(new Cell(decode(values.get(i), type, f == null ? 1 : f.format()), rule));
      }
      out.add(cells);
    }
    return out;
  }

  /**
   * Columns whose value is the server's, not the catalog's: {@code version()}, and {@code relpages},
   * PostgreSQL's page estimate, which VACUUM and ANALYZE (autovacuum too) change at their own time.
   */
  private static boolean describesServer(String column, StatementFacts facts) {
    return column.equals("relpages") || column.equals("version") && facts.callsVersion();
  }

  private static Cell.Rule ruleFor(Optional<PgType> type, boolean serverDescription) {
    if (serverDescription) {
      return Cell.Rule.SERVER_DESCRIPTION;
    }
    if (type.isEmpty()) {
      return Cell.Rule.EXACT;
    }
    if (type.get().isObjectIdentifier()) {
      return Cell.Rule.OBJECT_ID;
    }
    if (type.get() == PgType.TIMESTAMPTZ) {
      return Cell.Rule.SERVER_TIME;
    }
    if (type.get() == PgType.TID) {
      return Cell.Rule.ROW_LOCATOR;
    }
    return Cell.Rule.EXACT;
  }

  static Object decode(byte[] bytes, Optional<PgType> type, int format) {
    if (bytes == null) {
      return null;
    }
    if (type.isEmpty()) {
      return format == 0 ? new String(bytes, StandardCharsets.UTF_8) : new Cell.Raw(bytes, "unknown type");
    }
    try {
      return format == 0
          ? type.get().codec().decodeText(new String(bytes, StandardCharsets.UTF_8))
          : type.get().codec().decodeBinary(bytes);
    } catch (PgCodecException ex) {
      return new Cell.Raw(bytes, ex.getMessage());
    }
  }

  /**
   * Drops rows about PostgreSQL's own namespaces from catalog-reflection results, learning which
   * namespace OIDs those are from any result that pairs {@code oid} with {@code nspname}.
   */
  private List<List<Cell>> withoutSystemRows(List<List<Cell>> rows, List<Field> fields, Set<Long> systemOids) {
    if (fields == null || fields.isEmpty()) {
      return rows;
    }
    int nspname = -1;
    int oid = -1;
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals("nspname")) {
        nspname = i;
      } else if (fields.get(i).name().equals("oid") && fields.get(i).typeOid() == PgType.OID.oid()) {
        oid = i;
      }
    }
    List<List<Cell>> kept = new ArrayList<>();
    for (List<Cell> row : rows) {
      if (nspname >= 0 && row.get(nspname).value() instanceof String
          && ScenarioState.isSystemNamespace((String) row.get(nspname).value())) {
        if (oid >= 0 && row.get(oid).value() instanceof Long) {
          systemOids.add((Long) row.get(oid).value());
        }
        continue;
      }
      boolean firstIsSystemNamespace = fields.get(0).typeOid() == PgType.OID.oid()
          && row.get(0).value() instanceof Long && systemOids.contains((Long) row.get(0).value());
      if (nspname < 0 && firstIsSystemNamespace) {
        continue;
      }
      kept.add(row);
    }
    return kept;
  }

  // ---- COPY out ----------------------------------------------------------------------------

  private void compareCopyOut(int conn, StatementFacts facts, Segment e, Segment a) {
    BackendMessages.CopyFormat ef = BackendMessages.copyResponse(e.first());
    BackendMessages.CopyFormat af = BackendMessages.copyResponse(a.first());
    if (!ef.equals(af)) {
      throw new DivergenceException("CopyOutResponse differs", ef, af);
    }
    if (ef.overall() != 1) {
      compareTextCopy(facts, e, a);
    } else {
      List<PgType> types = copyTypes(conn, facts, ef.columns().size());
      BinaryCopyStream es = BinaryCopyStream.parse(copyData(e));
      BinaryCopyStream as = BinaryCopyStream.parse(copyData(a));
      if (as.framingProblem() != null && es.framingProblem() == null) {
        throw new DivergenceException("unreadable binary COPY: " + as.framingProblem(), "well-formed stream",
            as.framingProblem());
      }
      if (!Arrays.equals(es.header(), as.header())) {
        throw new DivergenceException("binary COPY header differs", hex(es.header()), hex(as.header()));
      }
      compareRows(facts.isOrdered(), copyCells(es, types), copyCells(as, types));
    }
    WireMessage eEnd = e.last();
    WireMessage aEnd = a.last();
    if (eEnd.type() != aEnd.type()) {
      throw new DivergenceException("COPY ends differently", describe(eEnd), describe(aEnd));
    }
    if (eEnd.type() == 'C') {
      compareTags(eEnd, aEnd);
    }
  }

  private void compareTextCopy(StatementFacts facts, Segment e, Segment a) {
    List<List<Cell>> eRows = textCopyRows(e);
    List<List<Cell>> aRows = textCopyRows(a);
    compareRows(facts.isOrdered(), eRows, aRows);
  }

  private static List<List<Cell>> textCopyRows(Segment s) {
    StringBuilder all = new StringBuilder();
    for (byte[] chunk : copyData(s)) {
      all.append(new String(chunk, StandardCharsets.UTF_8));
    }
    List<List<Cell>> rows = new ArrayList<>();
    for (String line : all.toString().split("\n", -1)) {
      if (!line.isEmpty()) {
        rows.add(List.of(new Cell(line, Cell.Rule.EXACT)));
      }
    }
    return rows;
  }

  private List<PgType> copyTypes(int conn, StatementFacts facts, int columns) {
    List<PgType> types = new ArrayList<>();
    Optional<CopyOut> copy = CopyOut.parse(facts.sql());
    Map<String, Integer> described = state.describedTypes.getOrDefault(conn, Map.of());
    for (int i = 0; i < columns; i++) {
      PgType t = null;
      if (copy.isPresent() && i < copy.get().items().size()) {
        CopyOut.Item item = copy.get().items().get(i);
        if (item.kind() == CopyOut.Item.Kind.COLUMN) {
          if (item.castType() != null) {
            t = PgType.bySqlName(item.castType()).orElse(null);
          } else if (copy.get().table().isPresent()) {
            t = state.schemas.columnType(copy.get().table().get(), item.column()).orElse(null);
          } else if (described.containsKey(item.column())) {
            t = PgType.byOid(described.get(item.column())).orElse(null);
          }
        }
      }
      types.add(t);
    }
    return types;
  }

  private static List<byte[]> copyData(Segment s) {
    return s.messages().stream().filter(m -> m.type() == 'd').map(WireMessage::payload).toList();
  }

  private static List<List<Cell>> copyCells(BinaryCopyStream stream, List<PgType> types) {
    List<List<Cell>> rows = new ArrayList<>();
    for (List<byte[]> tuple : stream.tuples()) {
      List<Cell> cells = new ArrayList<>();
      for (int i = 0; i < tuple.size(); i++) {
        Optional<PgType> type = Optional.ofNullable(i < types.size() ? types.get(i) : null);
        cells.add(new Cell(decode(tuple.get(i), type, 1), ruleFor(type, false)));
      }
      rows.add(cells);
    }
    return rows;
  }

  // ---- rows and mappings -------------------------------------------------------------------

  /** The result columns named by the ORDER BY keys, or null when a key names no single column. */
  private static int[] keyColumns(List<String> names, List<Field> fields) {
    if (names.isEmpty()) {
      return null;
    }
    int[] out = new int[names.size()];
    for (int k = 0; k < names.size(); k++) {
      int found = -1;
      for (int i = 0; i < fields.size(); i++) {
        if (fields.get(i).name().equals(names.get(k))) {
          if (found >= 0) {
            return null;
          }
          found = i;
        }
      }
      if (found < 0) {
        return null;
      }
      out[k] = found;
    }
    return out;
  }

  /**
   * An ordered result whose sort keys are known: the runs of rows with equal keys must come in the
   * same order, and each run must hold the same rows in any order (SQL leaves ties unordered).
   */
  private void compareRuns(int[] keys, List<List<Cell>> e, List<List<Cell>> a) {
    int ei = 0;
    int ai = 0;
    while (ei < e.size() || ai < a.size()) {
      if (ei >= e.size()) {
        throw new DivergenceException("extra row " + (ai + 1) + " (ordered result)", "(no row)", a.get(ai));
      }
      if (ai >= a.size()) {
        throw new DivergenceException("missing row " + (ei + 1) + " (ordered result)", e.get(ei), "(no row)");
      }
      if (!sortKey(e.get(ei), keys).equals(sortKey(a.get(ai), keys))) {
        throw new DivergenceException("row " + (ai + 1) + " differs in its sort keys (ordered result)", e.get(ei),
            a.get(ai));
      }
      int eEnd = runEnd(e, ei, keys);
      int aEnd = runEnd(a, ai, keys);
      compareRows(false, e.subList(ei, eEnd), a.subList(ai, aEnd));
      ei = eEnd;
      ai = aEnd;
    }
  }

  private static int runEnd(List<List<Cell>> rows, int from, int[] keys) {
    int end = from + 1;
    while (end < rows.size() && sortKey(rows.get(end), keys).equals(sortKey(rows.get(from), keys))) {
      end++;
    }
    return end;
  }

  private static List<Object> sortKey(List<Cell> row, int[] keys) {
    List<Object> k = new ArrayList<>(keys.length);
    for (int i : keys) {
      k.add(row.get(i).matchKey());
    }
    return k;
  }

  private void compareRows(boolean ordered, List<List<Cell>> e, List<List<Cell>> a) {
    if (ordered) {
      for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
        if (i >= e.size()) {
          throw new DivergenceException("extra row " + (i + 1) + " (ordered result)", "(no row)", a.get(i));
        }
        if (i >= a.size()) {
          throw new DivergenceException("missing row " + (i + 1) + " (ordered result)", e.get(i), "(no row)");
        }
        if (!key(e.get(i)).equals(key(a.get(i)))) {
          throw new DivergenceException("row " + (i + 1) + " differs (ordered result)", e.get(i), a.get(i));
        }
        learn(e.get(i), a.get(i));
      }
      return;
    }
    Map<List<Object>, List<List<Cell>>> eByKey = groupByKey(e);
    Map<List<Object>, List<List<Cell>>> aByKey = groupByKey(a);
    for (Map.Entry<List<Object>, List<List<Cell>>> entry : eByKey.entrySet()) {
      List<List<Cell>> match = aByKey.getOrDefault(entry.getKey(), List.of());
      if (match.size() < entry.getValue().size()) {
        throw new DivergenceException("row missing (compared as a multiset: " + e.size() + " expected, "
            + a.size() + " actual rows)", entry.getValue().get(0), closest(entry.getValue().get(0), unmatched(aByKey, eByKey)));
      }
    }
    for (Map.Entry<List<Object>, List<List<Cell>>> entry : aByKey.entrySet()) {
      List<List<Cell>> match = eByKey.getOrDefault(entry.getKey(), List.of());
      if (match.size() < entry.getValue().size()) {
        throw new DivergenceException("extra row (compared as a multiset: " + e.size() + " expected, "
            + a.size() + " actual rows)", closest(entry.getValue().get(0), unmatched(eByKey, aByKey)), entry.getValue().get(0));
      }
    }
    // Rows identified by their exact columns alone can teach the mappings; ambiguous ones cannot —
    // except row locators, which identify rows that are otherwise alike: any pairing within such a
    // group is as good as another, and DuckDB sends them back (DELETE ... WHERE ctid IN (...)).
    for (Map.Entry<List<Object>, List<List<Cell>>> entry : eByKey.entrySet()) {
      List<List<Cell>> same = aByKey.get(entry.getKey());
      if (entry.getValue().size() == 1) {
        learn(entry.getValue().get(0), same.get(0));
      } else {
        pairRowLocators(entry.getValue(), same);
      }
    }
  }

  /** The rows of {@code side} that have no counterpart in {@code other}: where a near miss hides. */
  private static List<List<Cell>> unmatched(Map<List<Object>, List<List<Cell>>> side,
      Map<List<Object>, List<List<Cell>>> other) {
    List<List<Cell>> out = new ArrayList<>();
    side.forEach((key, rows) -> {
      int matched = other.getOrDefault(key, List.of()).size();
      out.addAll(rows.subList(Math.min(matched, rows.size()), rows.size()));
    });
    return out;
  }

  private static Object closest(List<Cell> row, List<List<Cell>> candidates) {
    List<Cell> best = null;
    int bestScore = -1;
    for (List<Cell> c : candidates) {
      int score = 0;
      for (int i = 0; i < Math.min(row.size(), c.size()); i++) {
        if (Objects.equals(row.get(i).matchKey(), c.get(i).matchKey())) {
          score++;
        }
      }
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best == null ? "(no rows)" : "closest row: " + best;
  }

  private static Map<List<Object>, List<List<Cell>>> groupByKey(List<List<Cell>> rows) {
    Map<List<Object>, List<List<Cell>>> out = new HashMap<>();
    for (List<Cell> row : rows) {
      out.computeIfAbsent(key(row), k -> new ArrayList<>()).add(row);
    }
    return out;
  }

  private static List<Object> key(List<Cell> row) {
    List<Object> key = new ArrayList<>(row.size());
    for (Cell c : row) {
      key.add(c.matchKey());
    }
    return key;
  }

  private void learn(List<Cell> e, List<Cell> a) {
    for (int i = 0; i < e.size(); i++) {
      Object ev = e.get(i).value();
      Object av = a.get(i).value();
      if (ev == null || av == null) {
        continue;
      }
      switch (e.get(i).rule()) {
        case OBJECT_ID:
          if (ev instanceof Long && av instanceof Long) {
            learnObjectId((Long) ev, (Long) av);
          } else if (!ev.equals(av)) {
            throw new DivergenceException("undecodable OID differs", ev, av);
          }
          break;
        case SERVER_TIME:
          if (ev instanceof Instant && av instanceof Instant) {
            state.serverTimes.learn((Instant) ev, (Instant) av);
          } else {
            throw new DivergenceException("timestamp does not decode", ev, av);
          }
          break;
        case ROW_LOCATOR:
          if (ev instanceof Tid && av instanceof Tid) {
            state.rowLocators().learn((Tid) ev, (Tid) av);
          } else {
            throw new DivergenceException("ctid does not decode", ev, av);
          }
          break;
        default:
          break;
      }
    }
  }

  /** Pairs the still-unmapped ctids of alike rows, in order; a ctid already mapped keeps its partner. */
  private void pairRowLocators(List<List<Cell>> e, List<List<Cell>> a) {
    for (int col = 0; col < e.get(0).size(); col++) {
      if (e.get(0).get(col).rule() != Cell.Rule.ROW_LOCATOR) {
        continue;
      }
      List<Tid> free = new ArrayList<>();
      for (List<Cell> row : a) {
        if (row.get(col).value() instanceof Tid t && !state.rowLocators().hasTarget(t)) {
          free.add(t);
        }
      }
      int next = 0;
      for (List<Cell> row : e) {
        if (row.get(col).value() instanceof Tid t && state.rowLocators().target(t).isEmpty() && next < free.size()) {
          state.rowLocators().learn(t, free.get(next++));
        }
      }
    }
  }

  private void learnObjectId(long expected, long actual) {
    // OID 0 means "no object" on every server; it never stands for a real one.
    if ((expected == 0) != (actual == 0)) {
      throw new DivergenceException("OID 0 (no object) against a real OID", expected, actual);
    }
    if (expected != 0) {
      state.objectIds.learn(expected, actual);
    }
  }

  // ---- rendering ---------------------------------------------------------------------------

  static String describe(Segment s) {
    if (s.kind() == Segment.Kind.SINGLE) {
      return describe(s.first());
    }
    long rows = s.messages().stream().filter(m -> m.type() == 'D' || m.type() == 'd').count();
    return (s.kind() == Segment.Kind.ROWSET ? "row set" : "COPY out") + " [" + s.typeString().length()
        + " messages, " + rows + " data] ending " + describe(s.last());
  }

  static String describe(WireMessage m) {
    try {
      switch (m.type()) {
        case 'C': return "CommandComplete \"" + BackendMessages.commandTag(m) + "\"";
        case 'E': return "ErrorResponse " + ErrorFields.render(BackendMessages.fields(m));
        case 'N': return "NoticeResponse " + ErrorFields.render(BackendMessages.fields(m));
        case 'Z': return "ReadyForQuery " + status(m);
        case 'T': return "RowDescription " + BackendMessages.rowDescription(m);
        case 'S': return "ParameterStatus " + BackendMessages.parameterStatus(m);
        case 'G': return "CopyInResponse " + BackendMessages.copyResponse(m);
        case 'H': return "CopyOutResponse " + BackendMessages.copyResponse(m);
        default: return "message '" + m.type() + "' " + hex(m.payload());
      }
    } catch (MalformedMessageException e) {
      return "malformed message '" + m.type() + "': " + e.getMessage();
    }
  }

  private static String hex(byte[] b) {
    String h = java.util.HexFormat.of().formatHex(b);
    return h.length() > 120 ? h.substring(0, 120) + "…" : h;
  }
}
