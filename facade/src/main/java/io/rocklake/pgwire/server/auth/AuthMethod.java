package io.rocklake.pgwire.server.auth;

import java.util.Locale;

/** How a client proves who it is, as PostgreSQL's pg_hba.conf methods of the same names. */
public enum AuthMethod {
  /** Anyone who can connect is let in under any user name. */
  TRUST("trust"),
  /** AuthenticationCleartextPassword: the password crosses the wire as is (use TLS). */
  PASSWORD("password"),
  /** SASL SCRAM-SHA-256 (RFC 5802, RFC 7677): the password never crosses the wire. */
  SCRAM_SHA_256("scram");

  private final String optionName;

  AuthMethod(String optionName) {
    this.optionName = optionName;
  }

  /** The name used on the command line and in messages. */
  public String optionName() {
    return optionName;
  }

  public static AuthMethod parse(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (AuthMethod m : values()) {
      if (m.optionName.equals(n) || (m == SCRAM_SHA_256 && n.equals("scram-sha-256"))) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown authentication method '" + name + "' (expected trust, password or scram)");
  }
}
