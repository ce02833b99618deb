package io.rocklake.conformance.whitelist;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.engine.ShapePolicy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ShapeWhitelistTest {

  @Test void theShippedWhitelistIsExactlyWhatTheCapturesGenerate() throws IOException {
    String generated = ShapeWhitelist.generate(Corpus.locate());
    String shipped;
    try (InputStream in = ShapePolicy.class.getResourceAsStream(ShapePolicy.RESOURCE)) {
      assertThat(in).as("resource " + ShapePolicy.RESOURCE).isNotNull();
      shipped = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(shipped).as("stale whitelist: run bin/rocklake-conformance whitelist").isEqualTo(generated);
  }

  @Test void everyWriteShapeOfTheCapturesIsListedAsAWrite() {
    String generated = ShapeWhitelist.generate(Corpus.locate());
    long writes = generated.lines().filter(l -> l.contains("\twrite\t")).count();
    long reads = generated.lines().filter(l -> l.contains("\tread\t")).count();
    assertThat(writes).isGreaterThan(50);
    assertThat(reads).isGreaterThan(50);
    assertThat(generated).contains("\twrite\tINSERT INTO \"public\".\"ducklake_inlined_data_N_N\"");
    assertThat(ShapePolicy.load()).hasSize((int) generated.lines().filter(l -> !l.startsWith("#")).count());
  }
}
