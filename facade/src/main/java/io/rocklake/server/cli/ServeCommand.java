package io.rocklake.server.cli;

import io.rocklake.avatica.AvaticaOptions;
import io.rocklake.engine.SqlEngine;
import io.rocklake.pgwire.server.Tls;
import io.rocklake.pgwire.server.WireOptions;
import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import io.rocklake.pgwire.server.auth.Credentials;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.CatalogRoot;
import io.rocklake.server.LakeDatabase;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;
import io.rocklake.server.TlsFiles;
import io.rocklake.server.telemetry.Telemetry;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code rocklake serve}: opens the catalog, listens, prints the ATTACH line for DuckDB, and runs until
 * SIGTERM or SIGINT, when it stops accepting, ends the sessions and closes the store. SIGHUP re-reads
 * the password file ({@link Hangup}).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
    description = "Serves a DuckLake catalog to DuckDB (and any PostgreSQL client) until SIGTERM/SIGINT.")
final class ServeCommand implements Callable<Integer> {
  static final String PASSWORD_ENV = "ROCKLAKE_PASSWORD";
  static final String USER_ENV = "ROCKLAKE_USER";
  static final String DEFAULT_USER = "rocklake";
  /** Avatica's customary port (its standalone server's and Phoenix Query Server's). */
  static final int AVATICA_DEFAULT_PORT = 8765;
  /**
   * Exit status of a server fenced by a newer writer: sysexits' EX_TEMPFAIL, so a supervisor can tell
   * it from a crash (1) or a usage error (2) and restart it (it then fences the other) or leave it down.
   */
  static final int EXIT_FENCED = 75;

  private final Map<String, String> env;
  @Spec CommandSpec spec;

  @Option(names = "--catalog", paramLabel = "FOLDER|s3://BUCKET/PREFIX", defaultValue = "./rocklake-catalog",
      description = "Where the catalog lives (default: ${DEFAULT-VALUE}).")
  String catalog;

  @Option(names = "--catalog-root", paramLabel = "FOLDER|s3://BUCKET/PREFIX",
      description = "Serve every catalog under this folder or prefix instead of one: a client's dbname=NAME selects "
          + "the catalog in ROOT/NAME/ (NAME.lake its lake tables). The writer creates a catalog when a client first "
          + "connects to its name; with --read-only an unknown name is refused (3D000). Each catalog is fenced alone.")
  String catalogRoot;

  @Option(names = "--read-only",
      description = "Serve the catalog as a read-only replica: write nothing to its store (so the writer is never "
          + "fenced), follow the writer's commits, refuse writes with 25006.")
  boolean readOnly;

  @Option(names = "--replica-poll-ms", paramLabel = "MS", defaultValue = "100",
      description = "With --read-only, how often to look for the writer's commits: the staleness bound, less a "
          + "store round trip (default: ${DEFAULT-VALUE}).")
  long replicaPollMs;

  @Option(names = "--bind", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:5432",
      description = "Address to listen on; port 0 picks a free one (default: ${DEFAULT-VALUE}).")
  String bind;

  @Option(names = "--avatica-bind", paramLabel = "HOST:PORT",
      description = "Also serve JDBC clients over Avatica (protobuf over HTTP, HTTPS with --tls-cert) on this address; "
          + "the port defaults to " + AVATICA_DEFAULT_PORT + ", 0 picks a free one (default: off).")
  String avaticaBind;

  @Option(names = "--avatica-frame-rows", paramLabel = "N", defaultValue = "" + AvaticaOptions.DEFAULT_FRAME_ROWS,
      description = "Most rows in one Avatica frame; a client's smaller fetch size is honoured (default: ${DEFAULT-VALUE}).")
  int avaticaFrameRows;

  @Option(names = "--avatica-connection-idle", paramLabel = "SECONDS", defaultValue = "1800",
      description = "Close an Avatica connection idle this long, rolling back its open transaction "
          + "(default: ${DEFAULT-VALUE}).")
  long avaticaConnectionIdle;

  @Option(names = "--avatica-statement-idle", paramLabel = "SECONDS", defaultValue = "600",
      description = "Drop an Avatica statement (and its unread rows) idle this long (default: ${DEFAULT-VALUE}).")
  long avaticaStatementIdle;

  @Option(names = "--max-sessions", paramLabel = "N", defaultValue = "100",
      description = "Connections beyond this many are refused with 53300 (default: ${DEFAULT-VALUE}).")
  int maxSessions;

  @Option(names = "--auth", paramLabel = "trust|password|scram",
      description = "How clients authenticate (default: scram when passwords are given, else trust).")
  String auth;

  @Option(names = "--password-file", paramLabel = "FILE",
      description = "user:password (or user:SCRAM-SHA-256$… from 'rocklake hash-password') lines. Without it, "
          + "ROCKLAKE_PASSWORD sets the password of ROCKLAKE_USER (default rocklake).")
  Path passwordFile;

  @Option(names = "--read-only-users", paramLabel = "USER[,USER...]", split = ",",
      description = "These users may read but not write: every write of their sessions gets 25006, on every endpoint.")
  java.util.List<String> readOnlyUsers = new java.util.ArrayList<>();

  @Option(names = "--tls-cert", paramLabel = "FILE", description = "PEM certificate chain; enables TLS with --tls-key.")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "FILE", description = "Unencrypted PKCS#8 PEM private key of --tls-cert.")
  Path tlsKey;

  @Option(names = "--tls-required", negatable = true,
      description = "Refuse connections without TLS (28000), as PostgreSQL's hostssl (default: on with --tls-cert; "
          + "--no-tls-required also serves plaintext clients).")
  Boolean tlsRequired;

  @Option(names = "--strict-shapes",
      description = "Refuse reads whose shape DuckDB never sends, not only writes (0A000 with the shape).")
  boolean strictShapes;

  @Option(names = "--insecure-no-auth",
      description = "Allow trust authentication on an address other machines can reach.")
  boolean insecureNoAuth;

  @Option(names = "--data-path", paramLabel = "PATH",
      description = "DuckDB's DATA_PATH for the printed ATTACH line (default: data/ in a local catalog folder; "
          + "required for s3://). When given, lake reads also resolve relative file paths against it instead of "
          + "the data_path recorded in the catalog.")
  String dataPath;

  @Option(names = "--lake-database", paramLabel = "NAME", defaultValue = LakeDatabase.DEFAULT_NAME,
      description = "The database name (dbname) whose sessions see the lake's tables, read-only; any other "
          + "name is the catalog database DuckDB attaches (default: ${DEFAULT-VALUE}).")
  String lakeDatabase;

  @Option(names = "--plan-archive", paramLabel = "FILE", defaultValue = "${env:ROCKLAKE_PLAN_ARCHIVE}",
      description = "Compiled plans for DuckDB's statements, written by --record-plans: a fresh server answers "
          + "them without compiling (bin/rocklake passes the archive it builds). An archive of other code is ignored.")
  Path planArchive;

  @Option(names = "--warm-up", paramLabel = "FILE", defaultValue = "${env:ROCKLAKE_WARM_UP}",
      description = "Reads to run once on the catalog before listening (bin/rocklake passes DuckDB's ATTACH "
          + "reads, which it records with the plan archive); a missing file is a warning.")
  Path warmUp;

  @Option(names = "--record-plans", paramLabel = "FILE",
      description = "On shutdown, write every compiled plan (and those of --plan-archive) to FILE.")
  Path recordPlans;

  @Option(names = "--metrics-bind", paramLabel = "HOST:PORT",
      description = "Serve Prometheus metrics (/metrics), /health and /ready over HTTP on this address, e.g. "
          + "127.0.0.1:9187; port 0 picks a free one (default: off).")
  String metricsBind;

  @Option(names = "--slow-statement-ms", paramLabel = "MS", defaultValue = "1000",
      description = "Log (WARN) every statement that takes at least this long, with its fingerprint and never its "
          + "literals; 0 logs every statement (default: ${DEFAULT-VALUE}).")
  long slowStatementMs;

  @Option(names = "--log-level", paramLabel = "error|warn|info|debug|trace|off", defaultValue = "info",
      description = "RockLake's log level; libraries log warn and above unless debug or trace is asked for "
          + "(default: ${DEFAULT-VALUE}).")
  String logLevel;

  @Option(names = "--log-format", paramLabel = "text|json", defaultValue = "text",
      description = "One line per event on stderr, as text or as a JSON object (default: ${DEFAULT-VALUE}). "
          + "-Dlogback.configurationFile=FILE (in ROCKLAKE_JAVA_OPTS) replaces both options with a logback file.")
  String logFormat;

  ServeCommand(Map<String, String> env) {
    this.env = env;
  }

  private record Logging(ch.qos.logback.classic.Level level, LogSetup.Format format) {}

  /** The log settings {@link #plan()} checked. */
  private Logging logging;

  /** What {@code serve} will do, or a usage error saying how to fix the command line. */
  /**
   * @param dataPath DuckDB's DATA_PATH for the banner's ATTACH line; under a catalog root, the folder
   *     each catalog's own data folder is under
   * @param root the catalogs' root with --catalog-root, else null
   */
  record Plan(ServerConfig config, String dataPath, CatalogRoot root, List<String> warnings) {}

  Plan plan() {
    List<String> warnings = new ArrayList<>();
    InetSocketAddress address = attempt(() -> BindAddress.parse(bind));
    boolean loopback = BindAddress.isLoopback(address);
    if (catalogRoot != null && spec.commandLine().getParseResult().hasMatchedOption("--catalog")) {
      throw usage("--catalog and --catalog-root cannot be combined: serve one catalog, or every catalog under a root");
    }
    CatalogLocation location = attempt(() -> CatalogLocation.parse(catalogRoot != null ? catalogRoot : catalog, env));
    if (maxSessions < 1) {
      throw usage("--max-sessions must be at least 1");
    }
    Credentials credentials = credentials(warnings);
    AuthMethod method = auth != null ? attempt(() -> AuthMethod.parse(auth))
        : credentials != null ? AuthMethod.SCRAM_SHA_256 : AuthMethod.TRUST;
    if (method == AuthMethod.TRUST && credentials != null) {
      throw usage("--auth trust checks no password, yet passwords were given (--password-file or " + PASSWORD_ENV
          + "); use --auth scram, or drop the passwords");
    }
    if (method != AuthMethod.TRUST && credentials == null) {
      throw usage("--auth " + method.optionName() + " needs passwords: --password-file FILE with user:password "
          + "lines, or " + PASSWORD_ENV + " (for user " + USER_ENV + ", default " + DEFAULT_USER + ")");
    }
    if (insecureNoAuth && method != AuthMethod.TRUST) {
      throw usage("--insecure-no-auth only applies to --auth trust; drop it");
    }
    if (method == AuthMethod.TRUST && !loopback && !insecureNoAuth) {
      throw usage("refusing to serve " + bind + " without authentication: anyone who can reach it could read and "
          + "change the catalog. Add --password-file FILE (or set " + PASSWORD_ENV + ") for SCRAM "
          + "authentication, bind 127.0.0.1, or pass --insecure-no-auth to accept the risk");
    }
    AvaticaOptions avatica = avatica(avaticaLoopback -> {
      if (method == AuthMethod.TRUST && !avaticaLoopback && !insecureNoAuth) {
        throw usage("refusing to serve --avatica-bind " + avaticaBind + " without authentication: anyone who can "
            + "reach it could read and change the catalog. Add --password-file FILE (or set " + PASSWORD_ENV
            + ") for HTTP Basic authentication, bind 127.0.0.1, or pass --insecure-no-auth to accept the risk");
      }
    });
    TlsFiles tls = tls();
    if (avatica != null && tls == null && method != AuthMethod.TRUST && !BindAddress.isLoopback(avatica.bind())) {
      warnings.add("--avatica-bind " + avaticaBind + " without --tls-cert: HTTP Basic sends passwords readable "
          + "on the network; add --tls-cert and --tls-key for HTTPS");
    }
    // A cleartext password is only ever asked for over TLS (the wire endpoint refuses it on a plaintext
    // connection), so a configuration that could only refuse every client is a usage error.
    if (method == AuthMethod.PASSWORD && tls == null) {
      throw usage("--auth password sends passwords in clear text, so it needs TLS: add --tls-cert and --tls-key, "
          + "or use --auth scram");
    }
    if (Boolean.FALSE.equals(tlsRequired) && method == AuthMethod.PASSWORD) {
      throw usage("--no-tls-required cannot be combined with --auth password: a password is never asked for in "
          + "clear text over an unencrypted connection; use --auth scram to serve plaintext clients too");
    }
    if (Boolean.TRUE.equals(tlsRequired) && tls == null) {
      throw usage("--tls-required needs a certificate: add --tls-cert and --tls-key");
    }
    // With a certificate, TLS is required unless turned off: whoever configures one means the traffic to
    // be encrypted, and libpq's and pgjdbc's default sslmode=prefer negotiate TLS without being told to.
    boolean requireTls = tls != null && !Boolean.FALSE.equals(tlsRequired);
    String data = dataPath != null ? dataPath : catalogRoot != null && location.folder() != null
        ? location.folder() + "/" : location.defaultDataPath().orElseThrow(() -> usage(
        "--data-path is required with an s3:// catalog: where DuckDB keeps the lake's Parquet files, "
            + "e.g. --data-path s3://BUCKET/lake-data/"));
    Authentication authentication = credentials == null ? Authentication.trust()
        : Authentication.of(method, credentials);
    if (lakeDatabase.isBlank()) {
      throw usage("--lake-database needs a name");
    }
    if (replicaPollMs < 1) {
      throw usage("--replica-poll-ms must be at least 1");
    }
    if (slowStatementMs < 0) {
      throw usage("--slow-statement-ms must be 0 or more");
    }
    Telemetry telemetry = Telemetry.defaults().withSlowStatement(Duration.ofMillis(slowStatementMs));
    if (metricsBind != null) {
      telemetry = telemetry.withMetricsBind(attempt(() -> {
        try {
          return BindAddress.parse(metricsBind);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(e.getMessage().replace("--bind", "--metrics-bind"), e);
        }
      }));
    }
    logging = new Logging(attempt(() -> LogSetup.level(logLevel)), attempt(() -> LogSetup.format(logFormat)));
    ServerConfig config = new ServerConfig(location, address, maxSessions, authentication, tls, strictShapes, null,
        requireTls, new LakeDatabase(lakeDatabase, java.util.Optional.ofNullable(dataPath)), avatica, telemetry,
        java.util.Set.copyOf(readOnlyUsers));
    return new Plan(config, data, catalogRoot == null ? null : new CatalogRoot(location), warnings);
  }

  /** The Avatica endpoint's settings, or null without --avatica-bind; {@code check} vets its address's reach. */
  private AvaticaOptions avatica(java.util.function.Consumer<Boolean> check) {
    if (avaticaBind == null) {
      return null;
    }
    String spec = avaticaBind.startsWith("[") ? (avaticaBind.endsWith("]") ? avaticaBind + ":" + AVATICA_DEFAULT_PORT
        : avaticaBind) : avaticaBind.indexOf(':') < 0 ? avaticaBind + ":" + AVATICA_DEFAULT_PORT : avaticaBind;
    InetSocketAddress address = attempt(() -> {
      try {
        return BindAddress.parse(spec);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage().replace("--bind", "--avatica-bind"), e);
      }
    });
    check.accept(BindAddress.isLoopback(address));
    if (avaticaConnectionIdle < 1 || avaticaStatementIdle < 1) {
      throw usage("--avatica-connection-idle and --avatica-statement-idle must be at least 1 second");
    }
    return attempt(() -> new AvaticaOptions(address, avaticaFrameRows, maxSessions,
        Duration.ofSeconds(avaticaConnectionIdle), Duration.ofSeconds(avaticaStatementIdle)));
  }

  private Credentials credentials(List<String> warnings) {
    String password = env.get(PASSWORD_ENV);
    if (passwordFile != null && password != null) {
      throw usage("passwords come from --password-file or from " + PASSWORD_ENV + ", not both; unset one");
    }
    if (passwordFile != null) {
      try {
        warnIfOthersCanRead(passwordFile, warnings);
        return Credentials.load(passwordFile);
      } catch (IOException e) {
        throw usage("cannot read --password-file " + passwordFile + ": " + e);
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    }
    if (password == null) {
      return null;
    }
    if (password.isEmpty()) {
      throw usage(PASSWORD_ENV + " is set but empty; an empty password cannot log in");
    }
    return Credentials.single(env.getOrDefault(USER_ENV, DEFAULT_USER), password);
  }

  private static void warnIfOthersCanRead(Path file, List<String> warnings) throws IOException {
    try {
      Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
      if (p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ)) {
        warnings.add(file + " is readable by other users; chmod 600 it");
      }
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: nothing to check
    }
  }

  private TlsFiles tls() {
    if ((tlsCert == null) != (tlsKey == null)) {
      throw usage("TLS needs both --tls-cert and --tls-key");
    }
    if (tlsCert == null) {
      return null;
    }
    attempt(() -> Tls.serverContext(tlsCert, tlsKey)); // bad files are a usage error, found before the store opens
    return new TlsFiles(tlsCert, tlsKey);
  }

  @Override public Integer call() throws InterruptedException {
    Plan plan = plan();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    plan.warnings().forEach(w -> err.println("rocklake: warning: " + w));
    err.flush();
    if (planArchive != null) {
      if (!Files.isRegularFile(planArchive)) {
        err.println("rocklake: warning: no plan archive at " + planArchive + "; every plan is compiled on first use");
      } else {
        try {
          if (SqlEngine.usePlanArchive(planArchive) == 0) {
            err.println("rocklake: warning: the plan archive " + planArchive + " holds no plans for this build; "
                + "every plan is compiled on first use");
          }
        } catch (RuntimeException e) {
          err.println("rocklake: warning: plan archive " + planArchive + " not used: " + e.getMessage());
        }
      }
      err.flush();
    }
    ServerConfig config = plan.config();
    if (warmUp != null && plan.root() == null) { // under a root no catalog is open before a client names it
      if (Files.isRegularFile(warmUp)) {
        config = config.withWarmUp(warmUp);
      } else {
        err.println("rocklake: warning: no warm-up file at " + warmUp + "; starting without a warm-up");
        err.flush();
      }
    }
    LogSetup.install(logging.level(), logging.format());
    int startups = WireOptions.defaults().withMaxSessions(config.maxSessions()).startupLimit();
    FileDescriptorLimit.warning(config.maxSessions() + startups, config.maxSessions(), startups).ifPresent(w -> {
      err.println("rocklake: warning: " + w);
      err.flush();
    });
    RockLakeServer server;
    try {
      Duration poll = Duration.ofMillis(replicaPollMs);
      server = plan.root() != null ? RockLakeServer.startRoot(config, plan.root(), readOnly ? poll : null)
          : readOnly ? RockLakeServer.startReplica(config, poll) : RockLakeServer.start(config);
    } catch (RuntimeException e) {
      err.println("rocklake: cannot start: " + e.getMessage());
      err.flush();
      return 1;
    }
    switch (Hangup.onHangup(() -> reloadPasswords(server, out, err))) {
      case IGNORED_SINCE_START -> {
        out.println("rocklake: SIGHUP was ignored when this server started (as under nohup): it stays ignored, "
            + "and does not re-read the password file");
        out.flush();
      }
      case UNAVAILABLE -> {
        err.println("rocklake: warning: this JVM does not let SIGHUP be handled; SIGHUP will stop the server");
        err.flush();
      }
      case HANDLED -> { }
    }
    CompletableFuture<Integer> status = new CompletableFuture<>();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      out.println("rocklake: stopping: no new connections, ending sessions");
      out.flush();
      server.close();
      out.println("rocklake: plans: " + SqlEngine.plansCompiled() + " compiled, " + SqlEngine.plansFromArchive()
          + " from the plan archive");
      if (recordPlans != null) {
        out.println("rocklake: recorded " + SqlEngine.writePlanArchive(recordPlans) + " plans in " + recordPlans);
      }
      out.println("rocklake: stopped; catalog store closed");
      out.flush();
      status.complete(0);
    }, "rocklake-shutdown"));
    server.terminated().thenAccept(why -> {
      if (why == RockLakeServer.Termination.FENCED) {
        err.println("rocklake: fenced by a newer writer of the catalog; exiting with status " + EXIT_FENCED);
        err.flush();
        status.complete(EXIT_FENCED);
      }
    });
    if (server.warmUp() != null) {
      out.println("rocklake: warmed up on " + server.warmUp().ran() + " of DuckDB's reads in " + server.warmUp().millis()
          + " ms" + (server.warmUp().skipped() > 0 ? " (" + server.warmUp().skipped() + " skipped)" : ""));
    }
    for (String line : StartupBanner.lines(server, plan)) {
      out.println(line);
    }
    out.flush();
    try {
      return status.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
  }

  /** SIGHUP: the password file is read again; a file that cannot be used leaves the passwords as they were. */
  private void reloadPasswords(RockLakeServer server, PrintWriter out, PrintWriter err) {
    if (passwordFile == null) {
      out.println("rocklake: SIGHUP: nothing to reload (passwords are re-read only from --password-file)");
      out.flush();
      return;
    }
    try {
      Credentials credentials = Credentials.load(passwordFile);
      server.replaceAuthentication(Authentication.of(server.config().authentication().method(), credentials));
      int n = credentials.users().size();
      out.println("rocklake: SIGHUP: reloaded the passwords of " + n + " user" + (n == 1 ? "" : "s") + " from "
          + passwordFile);
      out.flush();
    } catch (IOException | IllegalArgumentException e) {
      err.println("rocklake: warning: SIGHUP: passwords not reloaded, the previous ones stay in force: " + passwordFile
          + ": " + e.getMessage());
      err.flush();
    }
  }

  private interface Attempt<T> {
    T get();
  }

  private <T> T attempt(Attempt<T> a) {
    try {
      return a.get();
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
