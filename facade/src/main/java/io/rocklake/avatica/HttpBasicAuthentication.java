package io.rocklake.avatica;

import io.rocklake.pgwire.server.auth.AuthMethod;
import io.rocklake.pgwire.server.auth.Authentication;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.calcite.avatica.remote.Service.RpcMetadataResponse;
import org.apache.calcite.avatica.server.AvaticaHandler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * HTTP Basic authentication against the PostgreSQL endpoint's users and passwords: a request
 * without valid credentials gets 401 and a Basic challenge (Avatica's client answers it with
 * {@code avatica_user} and {@code avatica_password}); a valid one runs as its user, whom the
 * {@link EngineMeta} opens sessions for. With trust authentication every request runs, as no one.
 *
 * <p>A password check derives a SCRAM key (thousands of HMAC rounds), and Basic sends the
 * credentials with every request, so accepted ones are remembered by their SHA-256 digest until
 * the passwords change.
 */
final class HttpBasicAuthentication extends HandlerWrapper implements AvaticaHandler {
  static final String REALM = "rocklake";
  private static final int REMEMBERED = 1024;

  private final EngineMeta meta;
  private final AvaticaHandler next;
  private volatile Authentication authentication;
  private final Map<String, String> accepted = new ConcurrentHashMap<>();

  HttpBasicAuthentication(EngineMeta meta, AvaticaHandler next, Authentication authentication) {
    this.meta = meta;
    this.next = next;
    this.authentication = authentication;
    setHandler(next);
  }

  void replace(Authentication a) {
    authentication = a;
    accepted.clear();
  }

  @Override public void handle(String target, Request base, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    Authentication a = authentication;
    String user = null;
    if (a.method() != AuthMethod.TRUST) {
      user = user(a, request.getHeader("Authorization"));
      if (user == null) {
        // the body is left unread: Jetty discards it (or closes the connection), nothing is buffered for a stranger
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
        base.setHandled(true);
        return;
      }
    }
    try {
      meta.as(user, base.getRemoteInetSocketAddress(), () -> {
        super.handle(target, base, request, response);
        return null;
      });
    } catch (IOException | ServletException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new ServletException(e);
    }
  }

  /** The user the header proves, or null. */
  private String user(Authentication a, String header) {
    if (header == null || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
      return null;
    }
    String digest = digest(header);
    String known = accepted.get(digest);
    if (known != null) {
      return known;
    }
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
    int colon = decoded.indexOf(':');
    if (colon <= 0) {
      return null;
    }
    String user = decoded.substring(0, colon);
    if (!a.acceptsPassword(user, decoded.substring(colon + 1))) {
      return null;
    }
    if (accepted.size() >= REMEMBERED) {
      accepted.clear();
    }
    accepted.put(digest, user);
    return user;
  }

  private static String digest(String header) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
          .digest(header.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override public void setServerRpcMetadata(RpcMetadataResponse metadata) {
    next.setServerRpcMetadata(metadata);
  }
}
