package io.rocklake.pgwire.server.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may log in: user name to SCRAM-SHA-256 verifier. A cleartext password is turned into a verifier
 * (fresh salt) as it is loaded, so one representation serves both password methods and no password
 * stays in memory.
 *
 * <p>The password file has one {@code user:secret} per line; the secret is everything after the
 * first colon, either a password or a verifier as PostgreSQL stores it
 * ({@code SCRAM-SHA-256$4096:<salt>$<StoredKey>:<ServerKey>}, from {@code rocklake hash-password} or
 * {@code pg_authid.rolpassword}). Blank lines and lines starting with {@code #} are skipped.
 */
public final class Credentials {
  private final Map<String, ScramVerifier> users;

  private Credentials(Map<String, ScramVerifier> users) {
    this.users = Map.copyOf(users);
  }

  public static Credentials single(String user, String secret) {
    if (user.isEmpty() || secret.isEmpty()) {
      throw new IllegalArgumentException("a user name and a non-empty password are needed");
    }
    return new Credentials(Map.of(user, toVerifier(secret)));
  }

  public static Credentials load(Path passwordFile) throws IOException {
    return parse(Files.readAllLines(passwordFile, StandardCharsets.UTF_8), passwordFile.toString());
  }

  static Credentials parse(List<String> lines, String source) {
    Map<String, ScramVerifier> users = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = source + " line " + (i + 1);
      int colon = line.indexOf(':');
      if (colon <= 0 || colon == line.length() - 1) {
        throw new IllegalArgumentException(where + ": expected user:password or user:SCRAM-SHA-256$...");
      }
      String user = line.substring(0, colon);
      if (users.containsKey(user)) {
        throw new IllegalArgumentException(where + ": user '" + user + "' appears twice");
      }
      try {
        users.put(user, toVerifier(line.substring(colon + 1)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    if (users.isEmpty()) {
      throw new IllegalArgumentException(source + " holds no user:password line");
    }
    return new Credentials(users);
  }

  private static ScramVerifier toVerifier(String secret) {
    return ScramVerifier.looksLikeVerifier(secret) ? ScramVerifier.parse(secret) : ScramVerifier.generate(secret);
  }

  public Optional<ScramVerifier> verifier(String user) {
    return Optional.ofNullable(users.get(user));
  }

  public Set<String> users() {
    return users.keySet();
  }
}
