package io.rocklake.conformance.replay;

import io.rocklake.server.CatalogLocation;
import io.rocklake.server.RockLakeServer;
import io.rocklake.server.ServerConfig;

/**
 * Entry point of the child JVM {@link ProcessRockLakeTarget} starts: one RockLake server on a
 * catalog folder or {@code s3://bucket/prefix} (S3 settings from this process's environment), on
 * 127.0.0.1 and the given port (0: any free one). It prints {@value #READY} followed by
 * {@code HOST:PORT} once it accepts connections, then serves until it is killed. If the JVM that
 * started it goes away (even by SIGKILL), it halts too, so no server outlives its tests. If the
 * server cannot start it prints {@value #FAILED} (or {@value #PORT_TAKEN} when the port is taken) and
 * the reason, and exits with status 2.
 *
 * <p>{@code -Drocklake.plan-archive=FILE} serves compiled plans from an archive, as
 * {@code serve --plan-archive} does; {@code -Drocklake.record-plans=FILE} writes one when the process
 * is stopped with SIGTERM, when it also prints {@value #PLANS} and how many plans it compiled.
 *
 * <pre>java --add-opens=java.base/java.nio=ALL-UNNAMED -cp CLASSPATH \
 *   [-Drocklake.parent.pid=PID] io.rocklake.conformance.replay.ServerProcess CATALOG PORT</pre>
 */
public final class ServerProcess {
  static final String READY = "rocklake listening on ";
  static final String FAILED = "rocklake failed to start: ";
  /** Printed instead of {@link #FAILED} when the port could not be bound (another process has it). */
  static final String PORT_TAKEN = "rocklake cannot bind the port: ";
  /** Printed on SIGTERM: {@code compiled=N archived=M}. */
  static final String PLANS = "rocklake plans: ";

  private ServerProcess() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 2) {
      System.err.println("usage: ServerProcess CATALOG PORT");
      System.exit(64);
    }
    String parent = System.getProperty("rocklake.parent.pid");
    if (parent != null) {
      ProcessHandle.of(Long.parseLong(parent)).ifPresentOrElse(
          p -> p.onExit().thenRun(() -> Runtime.getRuntime().halt(0)),
          () -> Runtime.getRuntime().halt(0));
    }
    String archive = System.getProperty("rocklake.plan-archive");
    if (archive != null) {
      io.rocklake.engine.SqlEngine.usePlanArchive(java.nio.file.Path.of(archive));
    }
    String record = System.getProperty("rocklake.record-plans");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (record != null) {
        io.rocklake.engine.SqlEngine.writePlanArchive(java.nio.file.Path.of(record));
      }
      System.out.println(PLANS + "compiled=" + io.rocklake.engine.SqlEngine.plansCompiled()
          + " archived=" + io.rocklake.engine.SqlEngine.plansFromArchive());
      System.out.flush();
    }, "rocklake-plans-on-exit"));
    RockLakeServer server;
    try {
      server = RockLakeServer.start(ServerConfig.local(CatalogLocation.parse(args[0]), Integer.parseInt(args[1])));
    } catch (Exception e) { // a BindException may arrive unchecked through Netty, or wrapped
      System.out.println((causedByBindException(e) ? PORT_TAKEN : FAILED) + e);
      e.printStackTrace(System.out);
      System.out.flush();
      System.exit(2);
      return;
    }
    System.out.println(READY + "127.0.0.1:" + server.port());
    System.out.flush();
    Thread.currentThread().join(); // serves until killed
  }

  private static boolean causedByBindException(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.net.BindException) {
        return true;
      }
    }
    return false;
  }
}
