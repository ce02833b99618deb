package io.rocklake.server.cli;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/** {@code --bind}: {@code HOST[:PORT]} or {@code [IPv6][:PORT]}; the port defaults to 5432, 0 picks a free one. */
final class BindAddress {
  static final int DEFAULT_PORT = 5432;

  private BindAddress() {}

  static InetSocketAddress parse(String spec) {
    String host = spec;
    String port = null;
    if (spec.startsWith("[")) {
      int close = spec.indexOf(']');
      if (close < 0 || (close + 1 < spec.length() && spec.charAt(close + 1) != ':')) {
        throw new IllegalArgumentException("--bind " + spec + ": expected [IPv6]:PORT");
      }
      host = spec.substring(1, close);
      port = close + 1 < spec.length() ? spec.substring(close + 2) : null;
    } else if (spec.indexOf(':') >= 0 && spec.indexOf(':') == spec.lastIndexOf(':')) {
      host = spec.substring(0, spec.indexOf(':'));
      port = spec.substring(spec.indexOf(':') + 1);
    }
    if (host.isEmpty()) {
      throw new IllegalArgumentException("--bind " + spec + ": no host (use 127.0.0.1:PORT, or 0.0.0.0:PORT for all interfaces)");
    }
    int p;
    try {
      p = port == null ? DEFAULT_PORT : Integer.parseInt(port);
    } catch (NumberFormatException e) {
      p = -1;
    }
    if (p < 0 || p > 65535) {
      throw new IllegalArgumentException("--bind " + spec + ": the port must be a number from 0 to 65535");
    }
    try {
      return new InetSocketAddress(InetAddress.getByName(host), p);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("--bind " + spec + ": unknown host " + host, e);
    }
  }

  /** Only this machine can reach it. */
  static boolean isLoopback(InetSocketAddress address) {
    return address.getAddress().isLoopbackAddress();
  }
}
