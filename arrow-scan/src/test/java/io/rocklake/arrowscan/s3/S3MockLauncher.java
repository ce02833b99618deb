package io.rocklake.arrowscan.s3;

/**
 * Entry point of the S3Mock child JVM: it halts as soon as the test JVM that started it is gone
 * (even if that JVM was killed without running its shutdown hooks), then hands over to S3Mock's own
 * Spring Boot launcher from the jar on the class path.
 */
public final class S3MockLauncher {
  private S3MockLauncher() {}

  public static void main(String[] args) throws Exception {
    long parentPid = Long.parseLong(System.getProperty("rocklake.parent.pid"));
    ProcessHandle.of(parentPid)
        .ifPresentOrElse(
            parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(0)),
            () -> Runtime.getRuntime().halt(0));
    Class.forName("org.springframework.boot.loader.launch.JarLauncher")
        .getMethod("main", String[].class)
        .invoke(null, (Object) args);
  }
}
