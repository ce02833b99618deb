package io.rocklake.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build's version, for the start line of the log; {@code rocklake --version} prints the same. */
final class Version {
  private Version() {}

  static String current() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("/io/rocklake/server/cli/version.properties")) {
      if (in == null) {
        return "unknown";
      }
      p.load(in);
    } catch (IOException e) {
      return "unknown";
    }
    return p.getProperty("version", "unknown");
  }
}
