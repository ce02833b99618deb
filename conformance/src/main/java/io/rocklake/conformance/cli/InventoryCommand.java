package io.rocklake.conformance.cli;

import io.rocklake.conformance.corpus.Corpus;
import io.rocklake.conformance.inventory.Inventory;
import io.rocklake.conformance.inventory.MessageKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "inventory", description = "Lists the distinct statement shapes in the corpus and writes them into docs/conformance.md.")
final class InventoryCommand implements Callable<Integer> {
  @Option(names = "--doc", description = "the document whose generated section to rewrite (default: docs/conformance.md in the repository)")
  Path doc;

  @Option(names = "--stdout", description = "print the section instead of writing the document")
  boolean stdout;

  @Override public Integer call() throws IOException {
    Inventory inventory = Inventory.of(Corpus.locate());
    String section = inventory.toMarkdown();
    if (stdout) {
      System.out.println(section);
      return 0;
    }
    Path target = doc != null ? doc : Paths.get(System.getProperty("rocklake.root", ".")).resolve("docs/conformance.md");
    String current = Files.exists(target) ? Files.readString(target) : "# Conformance\n";
    if (target.getParent() != null) {
      Files.createDirectories(target.getParent());
    }
    Files.writeString(target, Inventory.spliceInto(current, section));
    for (Map.Entry<MessageKind, int[]> e : inventory.countsByKind().entrySet()) {
      System.out.println("inventory " + e.getKey().label() + ": " + e.getValue()[0] + " shapes, "
          + e.getValue()[1] + " statements");
    }
    System.out.println("inventory: " + inventory.shapes().size() + " shapes, " + inventory.statementCount()
        + " statements -> " + target);
    return 0;
  }
}
