package io.rocklake.server.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version}: the Maven project version, which the build writes into {@code
 * version.properties}. A resource rather than the jar manifest, because bin/rocklake runs the classes
 * folder's copy too, where there is no manifest.
 */
public final class VersionProvider implements IVersionProvider {
  static final String RESOURCE = "version.properties";

  @Override public String[] getVersion() throws IOException {
    return new String[] {"rocklake " + version()};
  }

  static String version() throws IOException {
    Properties p = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IOException(RESOURCE + " is missing from the build");
      }
      p.load(in);
    }
    return p.getProperty("version", "unknown");
  }
}
