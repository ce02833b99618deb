package io.rocklake.conformance.cli;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.corpus.Scenario;
import io.rocklake.conformance.replay.LaunchedRockLakeTarget;
import io.rocklake.conformance.replay.Replayer;
import io.rocklake.conformance.replay.ScenarioResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What {@code bin/rocklake} runs once after a build so that a fresh server starts fast: every
 * captured DuckDB session replayed against {@code bin/rocklake serve}, each on a fresh catalog, with
 * the server recording the plans it compiles into one plan archive and the JVM listing the classes
 * it loads. The launcher then serves with the archive and dumps a class-data sharing archive from
 * the list. The sessions must replay without divergence, or nothing is written.
 */
@Command(name = "train", description = "Replays every captured session against bin/rocklake serve, recording its plans and loaded classes.")
final class TrainCommand implements Callable<Integer> {
  @Option(names = "--plans", required = true, description = "the plan archive to write")
  Path plans;

  @Option(names = "--class-list", required = true, description = "the list of loaded classes to write (for -Xshare:dump)")
  Path classList;

  @Option(names = "--warm-up", description = "the warm-up statements to write for serve --warm-up: the catalog reads of "
      + "each session's first connection")
  Path warmUp;

  /** Enough of DuckDB's ATTACH reads to warm the code they run, without making a start slow. */
  static final int WARM_UP_STATEMENTS = 48;

  /**
   * The Query texts that read pg_catalog on the first connection of each session, in order, each
   * once: DuckDB's version probe, reflection and per-table reflection at ATTACH.
   */
  static List<String> attachReads(Corpus corpus) {
    return attachReads(List.of(corpus));
  }

  /** {@link #attachReads(Corpus)} over several corpora, the first's first. */
  static List<String> attachReads(List<Corpus> corpora) {
    Set<String> texts = new LinkedHashSet<>();
    for (Corpus corpus : corpora) {
      for (String name : corpus.scenarioNames()) {
        Scenario s = corpus.scenario(name);
        int first = s.messages().get(0).conn();
        for (io.rocklake.conformance.corpus.CapturedMessage m : s.messages()) {
          if (m.conn() == first && m.isFrontend() && m.type().equals("Q")) {
            io.rocklake.conformance.wire.FrontendMessages.sql(m).filter(t -> t.contains("pg_")).ifPresent(texts::add);
          }
        }
      }
    }
    return new ArrayList<>(texts).subList(0, Math.min(texts.size(), WARM_UP_STATEMENTS));
  }

  @Override public Integer call() throws IOException {
    // Every DuckDB line's sessions, so that DuckDB 2.0 starts as fast as 1.5.5; sessions sharing a
    // catalog replay in turn on one server.
    List<Corpus> corpora = Corpus.all();
    List<List<Scenario>> units = new ArrayList<>();
    for (Corpus c : corpora) {
      for (List<String> catalog : c.catalogs()) {
        units.add(catalog.stream().map(c::scenario).toList());
      }
    }
    Path work = Files.createTempDirectory("rocklake-train-");
    Path recording = work.resolve("plans.bin");
    Set<String> classes = new LinkedHashSet<>();
    Replayer replayer = new Replayer();
    int sessions = 0;
    try {
      for (int i = 0; i < units.size(); i++) {
        List<Scenario> unit = units.get(i);
        Path loaded = work.resolve("classes-" + i + ".lst");
        Map<String, String> env = new java.util.HashMap<>(Map.of(
            "ROCKLAKE_TRAINING", "1",
            "ROCKLAKE_JAVA_OPTS", "-XX:DumpLoadedClassList=" + loaded));
        if (Files.exists(recording)) {
          env.put("ROCKLAKE_PLAN_ARCHIVE", recording.toString()); // each server adds to what the last recorded
        }
        try (LaunchedRockLakeTarget server = new LaunchedRockLakeTarget(
            Path.of(System.getProperty("rocklake.root", ".")).toAbsolutePath().resolve("bin/rocklake"),
            env, List.of("--record-plans", recording.toString()))) {
          List<ScenarioResult> rs = replayer.replayInTurn(unit, server.prepare(unit.get(0).database()));
          server.stop();
          for (ScenarioResult r : rs) {
            if (!r.passed()) {
              System.err.println("rocklake-conformance train: " + r.line() + "\n" + server.output());
              return 1;
            }
            System.err.printf("  trained on %s (%d ms)%n", r.scenario(), r.elapsed().toMillis());
            sessions++;
          }
        }
        if (Files.exists(loaded)) {
          classes.addAll(Files.readAllLines(loaded));
        }
      }
      if (!Files.exists(recording)) {
        System.err.println("rocklake-conformance train: the servers recorded no plans");
        return 1;
      }
      if (warmUp != null) {
        io.rocklake.server.WarmUp.write(warmUp, attachReads(corpora));
      }
      Files.createDirectories(plans.toAbsolutePath().getParent());
      Files.move(recording, plans, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      List<String> list = new ArrayList<>(classes);
      Files.write(classList, list);
      System.err.println("rocklake-conformance train: " + sessions + " sessions; plans in " + plans + ", "
          + list.size() + " classes in " + classList);
      return 0;
    } finally {
      try (var files = Files.walk(work)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException | UncheckedIOException ignored) {
        // a temporary folder
      }
    }
  }
}
