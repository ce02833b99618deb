package io.rocklake.server.ops;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocklake.catalog.CatalogException;
import io.rocklake.kv.KvException;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.ObjectStoreException;
import io.rocklake.server.CatalogLocation;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What the operator's commands share: {@code --catalog} and {@code --json}, the exit codes (0 done,
 * 1 failed or a problem found, 2 a usage mistake), one line on stderr naming the cause of a failure,
 * and a progress line on stderr for the slow parts.
 */
public abstract class OpsCommand implements Callable<Integer> {
  static final int OK = 0;
  static final int PROBLEM = 1;
  static final int USAGE = 2;
  /** Set by bin/rocklake when stderr is a terminal (Java cannot tell for stderr alone). */
  static final String STDERR_TERMINAL = "ROCKLAKE_STDERR_TERMINAL";
  static final ObjectMapper JSON = new ObjectMapper();

  @Spec CommandSpec spec;

  @Option(names = "--catalog", required = true, paramLabel = "FOLDER|s3://BUCKET/PREFIX",
      description = "The catalog: a local folder or s3://bucket/prefix (S3 settings from the AWS environment).")
  String catalog;

  @Option(names = "--json", description = "Print the result as one JSON object.")
  boolean json;

  private final Map<String, String> env;
  private final Function<CatalogLocation, ObjectStore> stores;

  OpsCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores) {
    this.env = env;
    this.stores = stores;
  }

  /**
   * The command itself, printing its result on {@code out}; its exit code. IllegalArgumentException is a
   * usage mistake (exit 2), OpsException a problem found (exit 1).
   */
  abstract int run(CatalogLocation location, PrintWriter out, ProgressLine progress);

  @Override public final Integer call() {
    CommandLine cl = spec.commandLine();
    PrintWriter err = cl.getErr();
    String name = "rocklake " + spec.name();
    try (ProgressLine progress = new ProgressLine(err, name + ": ", "1".equals(env.get(STDERR_TERMINAL)))) {
      return run(CatalogLocation.parse(catalog, env), cl.getOut(), progress);
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    } catch (OpsException e) {
      return fail(e.getMessage());
    } catch (CatalogException e) {
      return fail(e.getMessage() + " (SQLSTATE " + e.sqlState() + ")");
    } catch (KvException | ObjectStoreException e) {
      return fail("the catalog's store: " + e.getMessage());
    } catch (RuntimeException e) {
      return fail(e.toString());
    } finally {
      cl.getOut().flush();
    }
  }

  /** Reports a usage mistake: its reason and where the help is; exit 2. */
  int usage(String message) {
    PrintWriter err = spec.commandLine().getErr();
    err.println("rocklake " + spec.name() + ": " + message);
    err.println("See '" + spec.qualifiedName() + " --help'.");
    err.flush();
    return USAGE;
  }

  private int fail(String message) {
    PrintWriter err = spec.commandLine().getErr();
    err.println("rocklake " + spec.name() + ": " + message);
    err.flush();
    return PROBLEM;
  }

  boolean json() {
    return json;
  }

  Map<String, String> env() {
    return env;
  }

  /** The catalog's store as it is, for a command that reads its objects themselves ({@code verify}). */
  ObjectStore openStore(CatalogLocation location) {
    return stores.apply(location);
  }

  OpenedCatalog openReadOnly(CatalogLocation location) {
    return OpenedCatalog.readOnly(location, stores, spec.name());
  }

  /** Opens the catalog's writer, which fences a server writing it. */
  OpenedCatalog openWriter(CatalogLocation location) {
    return OpenedCatalog.writer(location, stores);
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static void printJson(PrintWriter out, ObjectNode node) {
    try {
      out.println(JSON.writeValueAsString(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("could not write JSON: " + e.getMessage(), e);
    }
  }

  /** A catalog value for text or JSON: timestamps and the like as their ISO text, absent values as null. */
  static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
