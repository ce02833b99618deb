package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.rocklake.arrowscan.s3.S3MockServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * arrow-scan's runtime classpath has no Hadoop jar (hadoop-client-api is provided, for compiling
 * parquet-hadoop's signatures only), and a scan of zstd and snappy files, local and in S3, works in a
 * JVM started with exactly that classpath.
 */
class NoHadoopAtRuntimeTest {

  static List<String> runtimeClasspath() throws IOException {
    String cp = Files.readString(Path.of(System.getProperty("arrowscan.runtimeClasspath"))).trim();
    return List.of(cp.split(File.pathSeparator));
  }

  @Test
  void theRuntimeClasspathHoldsNoHadoopJar() throws IOException {
    assertThat(runtimeClasspath()).isNotEmpty()
        .anySatisfy(j -> assertThat(j).contains("parquet-hadoop"))
        .noneSatisfy(j -> assertThat(j).contains("/org/apache/hadoop/"));
  }

  @Test
  void localAndS3ZstdAndSnappyFilesAreReadInAJvmWithoutHadoop(@TempDir Path dir) throws Exception {
    S3MockServer server = S3MockServer.shared();
    List<String> expected = new ArrayList<>();
    List<String> args = new ArrayList<>();
    try (DuckDb duck = new DuckDb()) {
      for (String codec : List.of("zstd", "snappy")) {
        Path f = duck.copy("SELECT i AS id, CASE WHEN i % 5 = 0 THEN NULL ELSE '" + codec + "-' || i END AS s FROM range(3000) t(i)",
            dir.resolve(codec + ".parquet"), "FIELD_IDS {id: 1, s: 2}, COMPRESSION " + codec);
        args.add(f + ":3000:" + f.toFile().length());
        duck.rows("SELECT id, s FROM read_parquet('" + f + "', file_row_number = true) ORDER BY file_row_number")
            .forEach(r -> expected.add(r.toString()));
      }
      // The same files again from S3, opened by path scheme with the endpoint and keys from the environment.
      try (S3Client s3 = server.client()) {
        s3.createBucket(b -> b.bucket("no-hadoop"));
        for (String codec : List.of("zstd", "snappy")) {
          Path f = dir.resolve(codec + ".parquet");
          s3.putObject(b -> b.bucket("no-hadoop").key(codec + ".parquet"), RequestBody.fromFile(f));
          args.add("s3://no-hadoop/" + codec + ".parquet:3000:" + f.toFile().length());
        }
      }
      List.copyOf(expected).forEach(expected::add);
    }
    String classpath = String.join(File.pathSeparator, System.getProperty("arrowscan.classes"),
        System.getProperty("arrowscan.testClasses"), String.join(File.pathSeparator, runtimeClasspath()));
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-verbose:class", "-cp", classpath, ScanInChildJvm.class.getName()));
    command.addAll(args);
    ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true);
    child.environment().putAll(server.env());
    Process p = child.start();
    List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    List<String> loaded = lines.stream().filter(l -> l.startsWith("[") && l.contains("class,load")).toList();
    List<String> output = lines.stream().filter(l -> !l.startsWith("[") || !l.contains("class,load"))
        .filter(l -> !l.startsWith("SLF4J")).toList();
    assertThat(p.exitValue()).as("child output: %s", output).isZero();
    assertThat(output).containsExactlyElementsOf(expected);
    assertThat(loaded).as("classes loaded").isNotEmpty().noneMatch(l -> l.contains("org.apache.hadoop."));
  }
}
