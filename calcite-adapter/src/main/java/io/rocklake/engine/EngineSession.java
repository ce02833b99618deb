package io.rocklake.engine;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.CommitInfo;
import io.rocklake.catalog.SqlState;
import io.rocklake.pgwire.types.PgType;
import io.rocklake.sql.ast.SqlBeginTransaction;
import io.rocklake.sql.ast.SqlCopyFrom;
import io.rocklake.sql.ast.SqlCopyTo;
import io.rocklake.sql.ast.SqlDiscard;
import io.rocklake.sql.ast.SqlEndTransaction;
import io.rocklake.sql.ast.SqlResetParameter;
import io.rocklake.sql.ast.SqlSetParameter;
import io.rocklake.sql.ast.SqlSetTransaction;
import io.rocklake.sql.ast.SqlShowParameter;
import java.util.List;
import java.util.function.Function;
import java.util.function.BooleanSupplier;
import org.apache.calcite.sql.SqlNode;

/**
 * One client session: its state — the transaction block, the settings, how to learn of a
 * CancelRequest — and the order of the steps a statement goes through (docs/engine.md,
 * "Statement pipeline"): parse ({@link Parser}), classify and authorize ({@link Authorizer}), then
 * plan and execute ({@link Reads}, {@link Writes}, {@link CopyIntoTable}) in the
 * {@link TransactionBlock}, or describe ({@link Describer}). An error inside a block fails it until
 * its end, as in PostgreSQL.
 */
public final class EngineSession implements AutoCloseable {
  private final Parser parser;
  private final java.util.Set<String> listening = new java.util.LinkedHashSet<>();
  private final Authorizer authorizer;
  private final Reads reads;
  private final Describer describer;
  private final String user;
  private final Settings settings = new Settings();
  private final TransactionBlock transaction;
  private BooleanSupplier cancelRequested = () -> false;
  /** The lake database's name in a session of it; null in the catalog database. */
  private final String lakeDatabase;
  /** Why every write is refused (a replica's catalog, a read-only role), or null. */
  private final String writeRefusal;

  /** This session among the engine's live sessions (pg_stat_activity), from its opening to its close. */
  private final LiveSessions sessions;
  private final SessionActivity activity;
  /**
   * The text each parsed statement still alive came from, for pg_stat_activity's query column: held
   * weakly, so that a statement's tree is garbage once run as before, and cut as PostgreSQL's default
   * {@code track_activity_query_size} cuts it, so that a huge statement's text is not kept either.
   */
  private final java.util.Map<SqlNode, String> texts = new java.util.WeakHashMap<>();
  static final int QUERY_TEXT_CHARS = 1023;

  EngineSession(SqlEngine engine, Parser parser, Authorizer authorizer, String user, String application,
      String lakeDatabase, java.util.Optional<String> dataPath, ClientOrigin origin) {
    this.parser = parser;
    this.authorizer = authorizer;
    this.lakeDatabase = lakeDatabase;
    this.writeRefusal = engine.writeRefusalFor(user);
    this.sessions = engine.sessions();
    this.activity = sessions.join(origin, lakeDatabase != null ? lakeDatabase : engine.catalog().databaseName(), user,
        application);
    this.reads = lakeDatabase == null ? new Reads(engine, parser, activity)
        : new Reads(engine, parser, activity, lakeDatabase, tx -> LakeView.at(tx, settings.snapshotId(), dataPath));
    this.describer = new Describer(reads);
    this.user = user;
    this.transaction = new TransactionBlock(engine.catalog(), new CommitInfo(user, application, 0), settings::defaultReadOnly);
  }

  /**
   * The statements of a query string, in order; a syntax error is 42601 with its position, a
   * statement over a program limit ({@link StatementLimits}) 54001 or 54011.
   */
  public List<SqlNode> parse(String sql) {
    try {
      List<SqlNode> statements = parser.parse(sql);
      String shown = shown(sql);
      for (SqlNode statement : statements) {
        texts.put(statement, shown); // a Query of several statements shows as its whole text, as in PostgreSQL
      }
      return statements;
    } catch (EngineException e) {
      activity.statementStarted(shown(sql), transaction.state().inBlock()); // what failed is the session's last query
      EngineException failed = transaction.fail(e); // a syntax error inside a transaction block fails it, as in PostgreSQL
      statementEnded();
      throw failed;
    }
  }

  private static String shown(String sql) {
    return sql.length() <= QUERY_TEXT_CHARS ? sql : sql.substring(0, QUERY_TEXT_CHARS);
  }

  private void statementEnded() {
    activity.statementEnded(transactionStatus(), settings.setValue("application_name"));
  }

  /**
   * An error the wire layer found in a message before any statement ran (text that is not UTF-8):
   * it fails a transaction block as a statement error does, as in PostgreSQL.
   */
  public EngineException refuse(EngineException e) {
    EngineException failed = transaction.fail(e);
    statementEnded();
    return failed;
  }

  /**
   * How the session learns that its client sent a CancelRequest: polled while a statement produces
   * rows; a request ends the statement with 57014.
   */
  public void onCancelCheck(BooleanSupplier check) {
    this.cancelRequested = check;
  }

  /** 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block. */
  public char transactionStatus() {
    return transaction.state().status;
  }

  /**
   * The class of a statement, as the authorize step sees it, for logs and metrics: {@code transaction},
   * {@code setting}, {@code query}, {@code copy_out}, {@code copy_in} or {@code write}.
   */
  public static String statementClass(SqlNode statement) {
    return Authorizer.classify(statement).name().toLowerCase(java.util.Locale.ROOT);
  }

  /** A client's text-format parameter value: untyped until it meets a column, like a quoted literal. */
  public static Object textParameter(String text) {
    return text == null ? null : new Unknown(text);
  }

  /** What a statement takes and returns, for the extended protocol's Describe. */
  public Description describe(SqlNode statement, int parameterCount) {
    if (!(statement instanceof SqlEndTransaction)) {
      transaction.admit();
    }
    if (Authorizer.classify(statement) != Authorizer.Kind.QUERY) {
      return Describer.withoutRows(parameterCount);
    }
    try {
      return inTransaction(tx -> describer.query(statement, parameterCount, tx), false);
    } catch (CatalogException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      throw transaction.fail(EngineException.unexpected(e));
    }
  }

  /** The process id pg_stat_activity and pg_backend_pid() show for this session. */
  public int processId() {
    return activity.pid();
  }

  /** Runs one statement with the client's parameter values ({@link #textParameter} or codec values). */
  public Outcome execute(SqlNode statement, List<Object> params) {
    String text = texts.get(statement);
    activity.statementStarted(text != null ? text : shown(statement.toString()), transaction.state().inBlock());
    try {
      return executeStatement(statement, params);
    } finally {
      statementEnded();
    }
  }

  private Outcome executeStatement(SqlNode statement, List<Object> params) {
    cancelRequested.getAsBoolean(); // a cancel that arrived while idle cancels nothing, as in PostgreSQL
    if (statement instanceof SqlEndTransaction end) {
      return transaction.end(end.outcome(), end.chain());
    }
    transaction.admit();
    try {
      if (writeRefusal != null && Authorizer.classify(statement).writes()) {
        throw new EngineException(SqlState.READ_ONLY_SQL_TRANSACTION, writeRefusal);
      }
      if (lakeDatabase != null) {
        refuseLakeWrite(Authorizer.classify(statement));
      }
      return run(authorizer.authorize(statement, transaction.readOnly()), statement, params);
    } catch (CatalogException e) {
      throw transaction.fail(EngineException.from(e));
    } catch (RuntimeException | StackOverflowError | AssertionError e) {
      throw transaction.fail(EngineException.unexpected(e));
    }
  }

  /** The lake database is read-only, whatever the statement's shape: DuckDB writes the lake. */
  private void refuseLakeWrite(Authorizer.Kind kind) {
    if (kind == Authorizer.Kind.WRITE || kind == Authorizer.Kind.COPY_IN) {
      throw new EngineException(SqlState.READ_ONLY_SQL_TRANSACTION, "database \"" + lakeDatabase + "\" is read-only:"
          + " its tables are the lake's, and DuckDB writes the lake (ATTACH 'ducklake:postgres:…' to the catalog"
          + " database and write there)");
    }
  }

  private Outcome run(Authorizer.Kind kind, SqlNode statement, List<Object> params) {
    switch (kind) {
      case TRANSACTION:
        return transactionCommand(statement);
      case SETTING:
        return setting(statement);
      case COPY_OUT: {
        SqlCopyTo copy = (SqlCopyTo) statement;
        boolean binary = CopyOptions.of(copy.options()).binary();
        return inTransaction(tx -> {
          Reads.Streamed r = reads.plan(copy.query(), tx, params)
              .stream(tx, transaction.now(), user, Reads.cancelCheck(cancelRequested));
          return new Outcome.CopyOut(r.fields(), new StreamedRows(r.rows(), transaction), binary);
        }, false);
      }
      case COPY_IN: {
        SqlCopyFrom copy = (SqlCopyFrom) statement;
        return CopyIntoTable.start(copy, CopyOptions.of(copy.options()), transaction);
      }
      case QUERY:
        if (lakeDatabase != null) {
          return inTransaction(tx -> {
            Reads.Streamed r = reads.plan(statement, tx, params)
                .stream(tx, transaction.now(), user, Reads.cancelCheck(cancelRequested));
            return new Outcome.RowStream(r.fields(), new StreamedRows(r.rows(), transaction));
          }, false);
        }
        return inTransaction(tx -> {
          Reads.Result r = read(statement, tx, params);
          return new Outcome.Rows(r.fields(), r.rows(), r.reused());
        }, false);
      case WRITE:
        return inTransaction(tx -> new Writes(tx, new Eval(transaction.now(), params)).run(statement), true);
      default:
        throw new IllegalStateException("no step runs " + kind);
    }
  }

  /**
   * Runs work in the statement's transaction — the block's, or its own, committed if it wrote. The
   * session asks the block for the transaction and tells it how the statement ended; the block never
   * calls back into the statement.
   */
  private <T> T inTransaction(Function<CatalogTransaction, T> work, boolean writes) {
    CatalogTransaction tx = transaction.enter();
    try {
      T result = work.apply(tx);
      transaction.leave(tx, writes);
      return result;
    } catch (RuntimeException e) {
      transaction.abandon(tx);
      throw e;
    }
  }

  private Reads.Result read(SqlNode query, CatalogTransaction tx, List<Object> params) {
    Reads.Plan plan = reads.plan(query, tx, params); // plan, then execute: the session runs what it was handed
    return plan.run(tx, transaction.now(), user, Reads.cancelCheck(cancelRequested));
  }

  /** BEGIN and SET TRANSACTION (COMMIT and ROLLBACK end the block before anything is admitted). */
  private Outcome transactionCommand(SqlNode statement) {
    if (statement instanceof SqlBeginTransaction begin) {
      return transaction.begin(begin.readOnly());
    }
    SqlSetTransaction set = (SqlSetTransaction) statement;
    if (set.target() != SqlSetTransaction.Target.SESSION_DEFAULT) {
      return transaction.setTransaction(set.readOnly());
    }
    if (set.readOnly() != null) {
      settings.setDefaultReadOnly(set.readOnly());
    }
    return new Outcome.Command("SET");
  }

  /** The channels this session LISTENs on, in the order it began listening. */
  public java.util.Set<String> listening() {
    return java.util.Collections.unmodifiableSet(listening);
  }

  private Outcome setting(SqlNode statement) {
    if (statement instanceof io.rocklake.sql.ast.SqlListen l) {
      if (l.listen()) {
        listening.add(l.channel());
      } else if (l.channel() == null) {
        listening.clear();
      } else {
        listening.remove(l.channel());
      }
      return new Outcome.Command(l.listen() ? "LISTEN" : "UNLISTEN");
    }
    if (statement instanceof SqlDiscard discard) {
      if (transaction.state().inBlock()) {
        throw new EngineException(SqlState.ACTIVE_SQL_TRANSACTION, "DISCARD " + discard.target() + " cannot run inside a transaction block");
      }
      settings.clear();
      if (discard.target() == SqlDiscard.Target.ALL) {
        listening.clear(); // DISCARD ALL includes UNLISTEN *, as in PostgreSQL
      }
      return new Outcome.Command("DISCARD " + discard.target());
    }
    if (statement instanceof SqlSetParameter set) {
      String name = Settings.name(set.name());
      if (Settings.toDefault(set)) {
        settings.reset(name);
      } else if (name.equals(Settings.TRANSACTION_READ_ONLY)) {
        transaction.setReadOnly(Settings.booleanValue(name, set));
      } else {
        settings.set(name, set);
      }
      return new Outcome.Command("SET");
    }
    if (statement instanceof SqlResetParameter reset) {
      settings.reset(Settings.name(reset.name()));
      return new Outcome.Command("RESET");
    }
    String name = Settings.name(((SqlShowParameter) statement).name());
    String value = name.equals(Settings.TRANSACTION_READ_ONLY) ? BooleanSetting.show(transaction.readOnly()) : settings.show(name);
    if (value == null) {
      throw new EngineException(SqlState.UNDEFINED_OBJECT, "unrecognized configuration parameter \"" + name + "\"");
    }
    return new Outcome.Rows(List.of(Field.computed(name, PgType.TEXT)), List.<Object[]>of(new Object[] {value}));
  }

  @Override public void close() {
    listening.clear();
    try {
      transaction.close();
    } finally {
      sessions.leave(activity);
    }
  }
}
