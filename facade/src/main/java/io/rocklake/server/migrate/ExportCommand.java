package io.rocklake.server.migrate;

import io.rocklake.catalog.Catalog;
import io.rocklake.kv.DbReader;
import io.rocklake.server.CatalogLocation;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rocklake export}: a RockLake catalog written into an empty PostgreSQL database, for DuckDB to attach. */
@Command(name = "export", mixinStandardHelpOptions = true, versionProvider = io.rocklake.server.cli.VersionProvider.class,
    description = "Copies a RockLake catalog (its latest commit, read-only: a running server is not disturbed) into"
        + " an empty PostgreSQL database, creating DuckLake's tables as DuckDB does. Exit 0 done, 1 failed, 2 usage.")
public final class ExportCommand extends MigrateCommands {
  private final Map<String, String> env;

  @Option(names = "--to", required = true, paramLabel = "URL",
      description = "An empty PostgreSQL database: postgresql://user:password@host:port/database")
  String to;

  @Option(names = "--catalog", required = true, paramLabel = "FOLDER|s3://BUCKET/PREFIX",
      description = "The RockLake catalog to export.")
  String catalog;

  @Option(names = "--schema", defaultValue = "public", paramLabel = "SCHEMA",
      description = "The schema of DuckLake's tables, on both sides; default ${DEFAULT-VALUE}.")
  String schema;

  public ExportCommand(Map<String, String> env) {
    this.env = env;
  }

  @Override MigrationReport migrate(PrintWriter progress) throws SQLException {
    PostgresUrl url = PostgresUrl.parse(to);
    CatalogLocation location = CatalogLocation.parse(catalog, env);
    try (DbReader reader = DbReader.open(location.open())) {
      return new CatalogExport(progress).run(Catalog.openReadOnly(reader), location.toString(), url, schema);
    }
  }
}
