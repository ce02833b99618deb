package io.rocklake.server;

import java.nio.file.Path;
import java.util.Objects;

/** The server's TLS identity: a PEM certificate chain and its unencrypted PKCS#8 PEM private key. */
public record TlsFiles(Path certificate, Path privateKey) {
  public TlsFiles {
    Objects.requireNonNull(certificate, "certificate");
    Objects.requireNonNull(privateKey, "privateKey");
  }
}
