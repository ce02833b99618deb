package io.rocklake.server.ops;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogVerifier;
import io.rocklake.kv.DbReader;
import io.rocklake.kv.KvException;
import io.rocklake.kv.StoreVerifier;
import io.rocklake.kv.format.CorruptObjectException;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.kv.store.ObjectStoreException;
import io.rocklake.server.CatalogLocation;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rocklake verify}: proves a catalog whole, or names what is damaged — its objects (manifest,
 * SSTs read block by block, the WAL after the manifest), its facts (each key against its values, the
 * indexes against the facts) and the lake files its latest commit references. It opens the store
 * only to read, as a replica does ({@link DbReader}): it never writes a byte and never fences a
 * running writer, so it can run beside {@code rocklake serve}. Exit 0 clean, 1 problems found (or the
 * store could not be read), 2 a usage mistake.
 */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = "Checks, without writing, that a catalog is whole: the manifest, every SST block, the WAL, every"
        + " fact's key against its values, the indexes against the facts, and the data and delete files of the latest"
        + " commit. One line per problem on stdout, progress on stderr; exit 0 clean, 1 problems found, 2 usage.")
public final class VerifyCommand implements Callable<Integer> {
  static final int CLEAN = 0;
  static final int PROBLEMS = 1;
  static final int USAGE = 2;
  static final String CATALOG_UNREADABLE = "catalog-unreadable";

  private final Map<String, String> env;
  private final Function<CatalogLocation, ObjectStore> openStore;

  @Spec CommandSpec spec;

  @Option(names = "--catalog", required = true, paramLabel = "FOLDER|s3://BUCKET/PREFIX",
      description = "The RockLake catalog to check.")
  String catalog;

  @Option(names = "--json", description = "Print the report as one JSON object.")
  boolean json;

  @Option(names = "--skip-data-files", description = "Do not check the lake's data and delete files.")
  boolean skipDataFiles;

  @Option(names = "--data-path", paramLabel = "PATH",
      description = "Resolve relative file paths against PATH instead of the data_path recorded in the catalog.")
  String dataPath;

  public VerifyCommand(Map<String, String> env) {
    this(env, CatalogLocation::open);
  }

  /** With the way the catalog's store is opened (tests wrap it to count requests). */
  VerifyCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> openStore) {
    this.env = env;
    this.openStore = openStore;
  }

  @Override public Integer call() {
    CommandLine cl = spec.commandLine();
    PrintWriter err = cl.getErr();
    String name = "rocklake verify";
    CatalogLocation location;
    try {
      location = CatalogLocation.parse(catalog, env);
      if (location.folder() != null && !Files.isDirectory(location.folder())) {
        throw new IllegalArgumentException("no catalog at " + catalog + ": the folder does not exist");
      }
      if (skipDataFiles && dataPath != null) {
        throw new IllegalArgumentException("--data-path has no use with --skip-data-files");
      }
    } catch (IllegalArgumentException e) {
      err.println(name + ": " + e.getMessage());
      err.println("See '" + spec.qualifiedName() + " --help'.");
      err.flush();
      return USAGE;
    }
    ProgressLine progress = new ProgressLine(err, name);
    VerifyReport report = new VerifyReport(location.toString());
    try (ObjectStore store = openStore.apply(location)) {
      verify(store, progress, report);
    } catch (ObjectStoreException | KvException e) {
      err.println(name + ": could not read the catalog at " + location + ": " + e.getMessage());
      err.flush();
      return PROBLEMS;
    }
    if (json) {
      report.printJson(cl.getOut());
    } else {
      report.printText(cl.getOut());
    }
    return report.clean() ? CLEAN : PROBLEMS;
  }

  private void verify(ObjectStore store, ProgressLine progress, VerifyReport report) {
    StoreVerifier.Report objects = new StoreVerifier(store,
        (what, done, total) -> progress.update(phaseOf(what), done, total, what)).verify();
    objects.problems().forEach(p -> report.add(p.kind(), p.object(), p.offset(), p.detail()));
    report.manifests = objects.manifestsListed();
    report.ssts = objects.ssts();
    report.sstBytes = objects.sstBytes();
    report.sstEntries = objects.sstEntries();
    report.walObjects = objects.walObjects();
    if (objects.manifest() == null) {
      report.notChecked.add("facts and data files: there is no readable manifest");
      return;
    }
    report.manifestId = objects.manifest().id();
    DbReader reader;
    try {
      reader = DbReader.open(store);
    } catch (KvException | ObjectStoreException e) {
      unreadable(report, "facts and data files", e);
      return;
    }
    try (reader) {
      try {
        CatalogVerifier.Report facts = new CatalogVerifier(reader,
            (phase, done) -> progress.update(phase, done, 0, null)).verify();
        facts.problems().forEach(p -> report.add(p.kind(), p.key(), -1, p.detail()));
        report.facts = facts.facts();
        report.relations = facts.relations();
        report.latestCommit = facts.latestCommit();
        report.tableIndexEntries = facts.tableIndexEntries();
        report.liveIndexEntries = facts.liveIndexEntries();
        if (!facts.indexed()) {
          report.notChecked.add("indexes: the catalog was written before the table index (a writer builds it on opening)");
        }
      } catch (KvException | ObjectStoreException e) {
        unreadable(report, "facts", e);
      }
      if (skipDataFiles) {
        report.notChecked.add("data files: --skip-data-files");
        return;
      }
      try (DataFileCheck files = new DataFileCheck(Catalog.openReadOnly(reader), Optional.ofNullable(dataPath), env,
          progress)) {
        files.run(report);
      } catch (KvException | ObjectStoreException e) {
        unreadable(report, "data files", e);
      } catch (CatalogException e) {
        report.add(CATALOG_UNREADABLE, "ducklake_data_file", -1, "the data files cannot be listed: " + e.getMessage());
      }
    }
  }

  private static String phaseOf(String objectKey) {
    return objectKey.startsWith("sst/") ? "SSTs" : objectKey.startsWith("wal/") ? "WAL" : "manifest";
  }

  /**
   * A read of the catalog stopped at a damaged or missing object (the object checks name it too, as
   * a rule): what that read would have checked is not checked.
   */
  private static void unreadable(VerifyReport report, String what, RuntimeException e) {
    String message = String.valueOf(e.getMessage());
    String object = e instanceof CorruptObjectException c ? c.objectKey() : "store";
    if (report.problems.stream().noneMatch(p -> p.object().equals(object) || message.contains(p.object()))) {
      report.add(CATALOG_UNREADABLE, object, e instanceof CorruptObjectException c ? c.offset() : -1,
          "reading the " + what + " stopped: " + message);
    }
    report.notChecked.add(what + ": reading them stopped (" + message + ")");
  }
}
