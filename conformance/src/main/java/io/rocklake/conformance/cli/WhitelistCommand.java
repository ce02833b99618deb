package io.rocklake.conformance.cli;

import io.rocklake.conformance.whitelist.ShapeWhitelist;
import io.rocklake.engine.ShapePolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "whitelist", description = "Regenerates the statement-shape whitelist the server enforces from the wire captures and the source census.")
final class WhitelistCommand implements Callable<Integer> {
  @Option(names = "--stdout", description = "print the whitelist instead of writing the resource")
  boolean stdout;

  @Override public Integer call() throws IOException {
    String text = ShapeWhitelist.generate();
    if (stdout) {
      System.out.print(text);
      return 0;
    }
    Path target = resource();
    Files.createDirectories(target.getParent());
    Files.writeString(target, text);
    long shapes = text.lines().filter(l -> !l.startsWith("#")).count();
    System.out.println("whitelist: " + shapes + " shapes -> " + target);
    return 0;
  }

  static Path resource() {
    return Paths.get(System.getProperty("rocklake.root", ".")).resolve(
        "calcite-adapter/src/main/resources/io/rocklake/engine/" + ShapePolicy.RESOURCE);
  }
}
