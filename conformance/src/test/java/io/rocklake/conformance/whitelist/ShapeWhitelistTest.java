package io.rocklake.conformance.whitelist;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.engine.ShapePolicy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShapeWhitelistTest {

  @Test void theShippedWhitelistIsExactlyWhatTheCapturesAndTheCensusGenerate() throws IOException {
    String generated = ShapeWhitelist.generate();
    String shipped;
    try (InputStream in = ShapePolicy.class.getResourceAsStream(ShapePolicy.RESOURCE)) {
      assertThat(in).as("resource " + ShapePolicy.RESOURCE).isNotNull();
      shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(shipped).as("stale whitelist: run bin/rocklake-conformance whitelist").isEqualTo(generated);
  }

  /**
   * The census alone yields every shape the sessions of both DuckDB lines sent: a captured statement the census lacks,
   * or one it marks generic, would be a hole in "everything DuckLake's code can send".
   */
  @Test void theDuckLakeReachTemplatesCoverEveryCapturedShape(@TempDir Path noCaptures) {
    Set<String> census = shapes(ShapeWhitelist.generate(List.of(new Corpus(noCaptures)), SourceTemplates.load()));
    Set<String> captured = shapes(ShapeWhitelist.generate(Corpus.all(), List.of()));
    assertThat(captured).hasSizeGreaterThan(200);
    assertThat(census).containsAll(captured);
  }

  private static Set<String> shapes(String whitelist) {
    return whitelist.lines().filter(l -> !l.startsWith("#")).collect(Collectors.toSet());
  }

  @Test void everyWriteShapeOfTheCapturesIsListedAsAWrite() {
    String generated = ShapeWhitelist.generate();
    long writes = generated.lines().filter(l -> l.contains("\twrite\t")).count();
    long reads = generated.lines().filter(l -> l.contains("\tread\t")).count();
    assertThat(writes).isGreaterThan(50);
    assertThat(reads).isGreaterThan(50);
    assertThat(generated).contains("\twrite\tINSERT INTO \"public\".\"ducklake_inlined_data_N_N\"");
    assertThat(ShapePolicy.load()).hasSize((int) generated.lines().filter(l -> !l.startsWith("#")).count());
  }
}
