package io.rocklake.pgwire.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A throwaway certificate for localhost and its PKCS#8 key, made by the openssl command line. */
public record SelfSignedCertificate(Path certificate, Path privateKey) {

  public static SelfSignedCertificate create(Path dir) throws IOException, InterruptedException {
    Path cert = dir.resolve("server.crt");
    Path key = dir.resolve("server.key");
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
        "-keyout", key.toString(), "-out", cert.toString());
    return new SelfSignedCertificate(cert, key);
  }

  /** The same kind of key in the traditional PKCS#1 form ("BEGIN RSA PRIVATE KEY"). */
  public static Path pkcs1Key(Path dir) throws IOException, InterruptedException {
    Path key = dir.resolve("pkcs1.key");
    run("openssl", "genrsa", "-traditional", "-out", key.toString(), "2048");
    return key;
  }

  static void run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(String.join(" ", command) + "\n" + output).isZero();
  }
}
