package io.rocklake.server.ops;

import io.rocklake.catalog.Catalog;
import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogRow;
import io.rocklake.catalog.Retention;
import io.rocklake.catalog.RockLakeRelations;
import io.rocklake.catalog.SqlState;
import io.rocklake.kv.store.ObjectStore;
import io.rocklake.server.CatalogLocation;
import io.rocklake.server.ops.CatalogRows.Row;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.TemporalAccessor;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rocklake gc}: raises the catalog's visibility floor (Retention.gc), so commits below it can no
 * longer be read, and records who, when and why in {@code rocklake_retention}. It deletes nothing;
 * {@code rocklake excise} removes what the floor made unreadable. The floor is chosen and checked on a
 * read-only view first, so a mistake fences nobody; only then is the writer opened.
 */
@Command(name = "gc", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = {"Raises the catalog's visibility floor: commits below it can no longer be read (time travel to"
        + " them fails with SQLSTATE 72000). Records who, when and why in rocklake_retention. Deletes nothing: run"
        + " 'rocklake excise' for that.",
        "It opens the catalog's writer, which FENCES a server writing this catalog (that server stops with exit"
        + " status 75): stop it first, or restart it afterwards. Read-only replicas are not affected.",
        "Exit 0 done (or nothing to raise), 1 failed, 2 usage (also a floor below the current one or above the"
        + " latest commit, or an unknown snapshot)."})
public final class GcCommand extends OpsCommand {
  /** Exactly one way of naming the new floor. */
  static final class Target {
    @Option(names = "--keep", paramLabel = "DURATION", description = "Keep this much history: the floor becomes the"
        + " newest commit older than now minus DURATION (30d, 12h, 90m, 45s).")
    String keep;

    @Option(names = "--floor-snapshot", paramLabel = "N", description = "The floor becomes the commit that made"
        + " DuckLake snapshot N (rocklake snapshots lists them).")
    Long floorSnapshot;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why, recorded in rocklake_retention.")
  String reason;

  @Option(names = "--by", paramLabel = "NAME", description = "Who, recorded in rocklake_retention; default the OS user"
      + " (${sys:user.name}).")
  String by;

  private final Clock clock;

  public GcCommand(Map<String, String> env, Function<CatalogLocation, ObjectStore> stores, Clock clock) {
    super(env, stores);
    this.clock = clock;
  }

  /** The floor to raise to and the commit row that names it. */
  private record Floor(long commit, Long snapshot, String committedAt) {}

  @Override int run(CatalogLocation location, PrintWriter out, ProgressLine progress) {
    Duration keep = target.keep == null ? null : RetentionPeriod.parse(target.keep);
    String raisedBy = by != null ? by : System.getProperty("user.name");
    long before;
    Floor floor;
    try (OpenedCatalog view = openReadOnly(location)) {
      Catalog catalog = view.catalog();
      before = catalog.floor();
      progress.update("reading commits");
      floor = keep != null ? newestOlderThan(view, clock.instant().minus(keep)) : ofSnapshot(view, target.floorSnapshot);
      if (floor == null || (keep != null && floor.commit() <= before)) {
        String why = floor == null ? "no commit is older than " + target.keep
            : "the newest commit older than " + target.keep + " is " + floor.commit() + ", not above it";
        if (json()) {
          printJson(out, object().put("catalog", location.toString()).put("raised", false).put("floor", before)
              .put("reason_unchanged", why));
        } else {
          out.printf("floor stays at commit %d: %s; nothing written%n", before, why);
        }
        return OK;
      }
      checked(() -> new Retention(catalog).checkFloor(floor.commit()));
    }
    progress.update("opening the writer");
    try (OpenedCatalog writer = openWriter(location)) {
      Catalog catalog = writer.catalog();
      long recorded = checked(() -> new Retention(catalog).gc(floor.commit(), raisedBy, reason));
      CatalogRow audit = catalog.begin().getByKey(RockLakeRelations.RETENTION, new Object[] {recorded}).orElseThrow(() -> new IllegalStateException("gc's retention row " + recorded + " is missing"));
      String raisedAt = text(audit.get(4));
      if (json()) {
        printJson(out, object().put("catalog", location.toString()).put("raised", true).put("previous_floor", before)
            .put("floor", floor.commit()).put("floor_snapshot", floor.snapshot()).put("floor_committed_at", floor.committedAt())
            .put("retention_commit", recorded).put("raised_by", raisedBy).put("reason", reason).put("raised_at", raisedAt));
      } else {
        out.printf("floor raised from commit %d to %d (snapshot %s, committed %s)%n", before, floor.commit(),
            floor.snapshot() == null ? "none" : floor.snapshot(), floor.committedAt());
        out.printf("recorded in rocklake_retention at commit %d: by %s at %s%s%n", recorded, raisedBy, raisedAt,
            reason == null ? "" : ", reason: " + reason);
        out.println("nothing deleted; 'rocklake excise' removes what no commit from the floor on can see");
      }
      return OK;
    }
  }

  /** The newest commit made before {@code cutoff}, or null when there is none. */
  private static Floor newestOlderThan(OpenedCatalog view, Instant cutoff) {
    Row newest = null;
    for (Row c : new CatalogRows(view.catalog().begin()).scan(RockLakeRelations.COMMIT)) {
      if (instant(c.get("commit_time")).isBefore(cutoff)
          && (newest == null || c.getLong("commit_id") > newest.getLong("commit_id"))) {
        newest = c;
      }
    }
    return newest == null ? null : floor(newest);
  }

  private static Floor ofSnapshot(OpenedCatalog view, long snapshot) {
    for (Row c : new CatalogRows(view.catalog().begin()).scan(RockLakeRelations.COMMIT)) {
      if (Long.valueOf(snapshot).equals(c.getLong("snapshot_id"))) {
        return floor(c);
      }
    }
    throw new IllegalArgumentException("no commit made DuckLake snapshot " + snapshot + " in this catalog"
        + " ('rocklake snapshots' lists them with their commits)");
  }

  private static Floor floor(Row commit) {
    return new Floor(commit.getLong("commit_id"), commit.getLong("snapshot_id"), text(commit.get("commit_time")));
  }

  private static Instant instant(Object time) {
    if (time instanceof Instant i) {
      return i;
    }
    if (time instanceof OffsetDateTime o) {
      return o.toInstant();
    }
    return Instant.from((TemporalAccessor) time);
  }

  /** The library's refusal of a floor (22023) is a usage mistake: exit 2 with its message. */
  private static <T> T checked(Supplier<T> gc) {
    try {
      return gc.get();
    } catch (CatalogException e) {
      if (e.state() == SqlState.INVALID_PARAMETER_VALUE) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      throw e;
    }
  }

  private static void checked(Runnable check) {
    checked(() -> {
      check.run();
      return null;
    });
  }
}
