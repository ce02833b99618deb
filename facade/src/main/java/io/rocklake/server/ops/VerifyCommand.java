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
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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
public final class VerifyCommand extends OpsCommand {
  static final String CATALOG_UNREADABLE = "catalog-unreadable";

  @Option(names = "--skip-data-files", description = "Do not check the lake's data and delete files.")
  boolean skipDataFiles;

  @Option(names = "--data-path", paramLabel = "PATH",
      description = "Resolve relative file paths against PATH instead of the data_path recorded in the catalog.")
  String dataPath;

  public VerifyCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores) {
    super(env, stores);
  }

  @Override int run(CatalogLocation location, PrintWriter out, ProgressLine progress) {
    if (skipDataFiles && dataPath != null) {
      throw new IllegalArgumentException("--data-path has no use with --skip-data-files");
    }
    // An empty folder is checked (and reported: no manifest); one that is not there is no catalog at all.
    OpenedCatalog.requireFolder(location);
    VerifyReport report = new VerifyReport(location.toString());
    try (ObjectStore store = openStore(location)) {
      verify(store, progress, report);
    } catch (ObjectStoreException | KvException e) {
      throw new OpsException("could not read the catalog at " + location + ": " + e.getMessage());
    }
    if (json()) {
      report.printJson(out);
    } else {
      report.printText(out);
    }
    return report.clean() ? OK : PROBLEM;
  }

  private void verify(ObjectStore store, ProgressLine progress, VerifyReport report) {
    StoreVerifier.Report objects = new StoreVerifier(store,
        (what, done, total) -> progress.update(phaseOf(what) + " " + done + "/" + total + " " + what)).verify();
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
            (phase, done) -> progress.update(phase + " " + done)).verify();
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
      try (DataFileCheck files = new DataFileCheck(Catalog.openReadOnly(reader), Optional.ofNullable(dataPath), env(),
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
