package io.rocklake.pgwire.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.SSLException;

/** TLS for the wire endpoint: the server context from PEM files, and the switch after an SSLRequest. */
public final class Tls {
  private Tls() {}

  /**
   * The server context for a PEM certificate chain and its unencrypted PKCS#8 PEM private key
   * ({@code -----BEGIN PRIVATE KEY-----}; {@code openssl pkcs8 -topk8 -nocrypt} converts others). The
   * JDK's TLS implementation, so nothing native is needed.
   */
  public static SslContext serverContext(Path certificate, Path privateKey) {
    for (Path p : new Path[] {certificate, privateKey}) {
      if (!Files.isReadable(p)) {
        throw new IllegalArgumentException("cannot read " + p);
      }
    }
    SslContext context;
    try {
      context = SslContextBuilder.forServer(certificate.toFile(), privateKey.toFile()).sslProvider(SslProvider.JDK)
          .build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot use TLS certificate " + certificate + " with key " + privateKey
          + ": " + e.getMessage() + " (the key must be an unencrypted PKCS#8 PEM; convert one with "
          + "'openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY.pk8')", e);
    }
    checkKeyMatches(certificate, privateKey);
    return context;
  }

  /**
   * Signs a random challenge with the key and verifies it with the certificate's public key. Neither
   * Netty nor the JDK checks the pair when the context is built; a wrong key is found only by each
   * client, whose every handshake then fails.
   */
  private static void checkKeyMatches(Path certificate, Path privateKey) {
    try {
      Certificate leaf;
      try (InputStream in = Files.newInputStream(certificate)) {
        Collection<? extends Certificate> chain = CertificateFactory.getInstance("X.509").generateCertificates(in);
        leaf = chain.iterator().next(); // a PEM chain starts with the server's own certificate
      }
      String algorithm = leaf.getPublicKey().getAlgorithm();
      PrivateKey key;
      try {
        key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8(privateKey)));
      } catch (GeneralSecurityException e) {
        throw mismatch(certificate, privateKey, "the key is not a " + algorithm + " key, as the certificate's is");
      }
      Signature signer = signature(algorithm);
      if (signer == null) {
        return; // a key type without a signature we know how to make: the handshake is left to tell
      }
      byte[] challenge = new byte[32];
      new SecureRandom().nextBytes(challenge);
      signer.initSign(key);
      signer.update(challenge);
      byte[] signed = signer.sign();
      Signature verifier = signature(algorithm);
      verifier.initVerify(leaf.getPublicKey());
      verifier.update(challenge);
      if (!verifier.verify(signed)) {
        throw mismatch(certificate, privateKey, "a signature made with the key does not verify with the certificate");
      }
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot check TLS key " + privateKey + " against certificate " + certificate
          + ": " + e.getMessage(), e);
    }
  }

  private static IllegalArgumentException mismatch(Path certificate, Path privateKey, String why) {
    return new IllegalArgumentException("the TLS key " + privateKey + " does not match the certificate " + certificate
        + " (" + why + "); every TLS handshake would fail. Give the key the certificate was issued for: "
        + "'openssl x509 -noout -pubkey -in CERT' and 'openssl pkey -pubout -in KEY' print the same key for a pair");
  }

  private static Signature signature(String keyAlgorithm) throws GeneralSecurityException {
    switch (keyAlgorithm) {
      case "RSA":
        return Signature.getInstance("SHA256withRSA");
      case "EC":
        return Signature.getInstance("SHA256withECDSA");
      case "DSA":
        return Signature.getInstance("SHA256withDSA");
      case "EdDSA":
      case "Ed25519":
      case "Ed448":
        return Signature.getInstance(keyAlgorithm);
      case "RSASSA-PSS":
        Signature pss = Signature.getInstance("RSASSA-PSS");
        pss.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
        return pss;
      default:
        return null;
    }
  }

  /** The DER of the file's {@code PRIVATE KEY} block (Netty has read it already, so it is there). */
  private static byte[] pkcs8(Path privateKey) throws IOException {
    String pem = Files.readString(privateKey, StandardCharsets.US_ASCII);
    String begin = "-----BEGIN PRIVATE KEY-----";
    int from = pem.indexOf(begin);
    int to = pem.indexOf("-----END PRIVATE KEY-----");
    if (from < 0 || to < from) {
      throw new IOException("no PRIVATE KEY block");
    }
    return Base64.getMimeDecoder().decode(pem.substring(from + begin.length(), to));
  }

  /**
   * Puts TLS at the head of the pipeline. Called right after 'S' was written: that byte is already
   * in the channel's outbound buffer, so it goes out in the clear and everything after it encrypted.
   */
  static void upgrade(ChannelHandlerContext ctx, SslContext context) {
    ChannelPipeline p = ctx.pipeline();
    p.addFirst("tls", context.newHandler(ctx.alloc()));
    p.addAfter("tls", "tls-errors", new HandshakeErrors());
  }

  /** A failed handshake or broken record ends the connection quietly: no plaintext error can reach the client. */
  private static final class HandshakeErrors extends ChannelInboundHandlerAdapter {
    @Override public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (cause instanceof SSLException || cause.getCause() instanceof SSLException) {
        ctx.close();
      } else {
        ctx.fireExceptionCaught(cause);
      }
    }
  }
}
