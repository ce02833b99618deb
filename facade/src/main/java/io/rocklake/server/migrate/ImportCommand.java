package io.rocklake.server.migrate;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.Db;
import io.rocklake.server.CatalogLocation;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rocklake import}: a DuckLake catalog kept in PostgreSQL becomes a new RockLake catalog. */
@Command(name = "import", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = "Copies a DuckLake catalog from PostgreSQL (every catalog table and inlined table, all history)"
        + " into a new, empty RockLake catalog. Progress goes to stderr; exit 0 done, 1 failed, 2 usage.")
public final class ImportCommand extends MigrateCommands {
  private final Map<String, String> env;

  @Option(names = "--from", required = true, paramLabel = "URL",
      description = "The PostgreSQL database DuckDB attached: postgresql://user:password@host:port/database")
  String from;

  @Option(names = "--catalog", required = true, paramLabel = "FOLDER|s3://BUCKET/PREFIX",
      description = "The RockLake catalog to create; it must be new (empty).")
  String catalog;

  @Option(names = "--schema", defaultValue = "public", paramLabel = "SCHEMA",
      description = "The PostgreSQL schema holding DuckLake's tables (DuckLake's METADATA_SCHEMA); default ${DEFAULT-VALUE}.")
  String schema;

  @Option(names = "--batch-rows", defaultValue = "50000", paramLabel = "N",
      description = "Rows per RockLake commit; default ${DEFAULT-VALUE}.")
  int batchRows;

  public ImportCommand(Map<String, String> env) {
    this.env = env;
  }

  @Override MigrationReport migrate(PrintWriter progress) throws SQLException {
    PostgresUrl url = PostgresUrl.parse(from);
    CatalogLocation location = CatalogLocation.parse(catalog, env);
    if (batchRows < 1) {
      throw new IllegalArgumentException("--batch-rows must be at least 1");
    }
    Db[] db = {null};
    try {
      return new CatalogImport(batchRows, progress).run(url, schema,
          () -> Catalog.open(db[0] = Db.open(location.open())), location.toString());
    } finally {
      if (db[0] != null) {
        db[0].close();
      }
    }
  }
}
