package io.rocklake.server;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.EngineException;
import io.rocklake.kv.store.S3ObjectStore;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A folder or bucket prefix holding one catalog per database name ({@code serve --catalog-root}):
 * the catalog a client's {@code dbname=NAME} selects lives in {@code ROOT/NAME/}, laid out exactly as
 * a catalog given with {@code --catalog}, so one can be served either way and moved by copying.
 *
 * <p>Names are 1 to 63 letters, digits, {@code _} and {@code -}: PostgreSQL's identifier length, and
 * nothing a path or an S3 key would read differently ({@code /}, {@code ..}, a dot that would collide
 * with the {@code NAME.lake} spelling of a catalog's lake database).
 */
public record CatalogRoot(CatalogLocation location) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,63}");

  public CatalogRoot {
    Objects.requireNonNull(location, "location");
  }

  /**
   * The catalog named {@code name}, or 3D000 for a name that cannot be one, as PostgreSQL answers
   * for a database that does not exist.
   */
  public CatalogLocation catalog(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new EngineException(SqlState.INVALID_CATALOG_NAME, "database \"" + name + "\" does not exist",
          "Under --catalog-root " + location.spec() + " a database name is a catalog's folder: 1 to 63 letters, "
              + "digits, _ or -.");
    }
    String spec = location.spec().endsWith("/") ? location.spec() + name : location.spec() + "/" + name;
    if (location.folder() != null) {
      return new CatalogLocation(spec, location.folder().resolve(name), null);
    }
    S3ObjectStore.Config s3 = location.s3();
    String prefix = s3.prefix() == null || s3.prefix().isEmpty() ? name
        : (s3.prefix().endsWith("/") ? s3.prefix() + name : s3.prefix() + "/" + name);
    return new CatalogLocation(spec, null, new S3ObjectStore.Config(s3.endpoint(), s3.region(), s3.bucket(), prefix,
        s3.accessKey(), s3.secretKey(), s3.pathStyle(), s3.maxAttempts()));
  }

  /**
   * Where catalog {@code name}'s DuckDB writes its Parquet files: {@code NAME/} under the operator's
   * {@code --data-path} when one is given, else the catalog folder's own {@code data/} (a root on S3
   * needs one: the bucket layout is the operator's choice).
   */
  public Optional<String> dataPath(String name, Optional<String> given) {
    if (given.isPresent()) {
      String base = given.get();
      return Optional.of((base.endsWith("/") ? base : base + "/") + name + "/");
    }
    return catalog(name).defaultDataPath();
  }

  @Override public String toString() {
    return location.spec();
  }
}
