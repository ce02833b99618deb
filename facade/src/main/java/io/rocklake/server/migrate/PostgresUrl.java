package io.rocklake.server.migrate;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A PostgreSQL connection URL as libpq and DuckDB's postgres extension write it,
 * {@code postgresql://user:password@host:port/database?sslmode=…} ({@code postgres://} and pgjdbc's
 * {@code jdbc:postgresql://} too), turned into a pgjdbc connection. User and password are
 * percent-decoded; query parameters are passed to pgjdbc as connection properties.
 */
public record PostgresUrl(String host, int port, String database, Properties properties) {

  /** @throws IllegalArgumentException naming what is wrong with the URL (a usage error) */
  public static PostgresUrl parse(String url) {
    String s = url.startsWith("jdbc:") ? url.substring(5) : url;
    if (!s.startsWith("postgresql://") && !s.startsWith("postgres://")) {
      throw new IllegalArgumentException("not a PostgreSQL URL (postgresql://user:password@host:port/database): "
          + redact(url));
    }
    URI uri;
    try {
      uri = new URI(s);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("malformed PostgreSQL URL " + redact(url) + ": " + e.getReason());
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw new IllegalArgumentException("the PostgreSQL URL " + redact(url) + " names no host");
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    String database = decode(path.startsWith("/") ? path.substring(1) : path);
    if (database.isEmpty() || database.contains("/")) {
      throw new IllegalArgumentException("the PostgreSQL URL " + redact(url) + " names no database (…/database)");
    }
    Properties p = new Properties();
    String info = uri.getRawUserInfo();
    if (info != null) {
      int colon = info.indexOf(':');
      p.setProperty("user", decode(colon < 0 ? info : info.substring(0, colon)));
      if (colon >= 0) {
        p.setProperty("password", decode(info.substring(colon + 1)));
      }
    }
    if (uri.getRawQuery() != null) {
      for (String kv : uri.getRawQuery().split("&")) {
        int eq = kv.indexOf('=');
        if (eq > 0) {
          p.setProperty(decode(kv.substring(0, eq)), decode(kv.substring(eq + 1)));
        }
      }
    }
    return new PostgresUrl(host, uri.getPort() < 0 ? 5432 : uri.getPort(), database, p);
  }

  public String jdbcUrl() {
    String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    return "jdbc:postgresql://" + h + ":" + port + "/" + database;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), properties);
  }

  /** The URL as printed in messages: the password never. */
  @Override public String toString() {
    return "postgresql://" + (properties.containsKey("user") ? properties.getProperty("user") + "@" : "")
        + host + ":" + port + "/" + database;
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String redact(String url) {
    return url.replaceAll("(://[^:/@]*):[^@]*@", "$1:***@");
  }
}
