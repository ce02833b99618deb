package io.rocklake.arrowscan.s3;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TCP proxy in front of an S3-compatible server that cuts answers mid-body, as a dropped connection
 * does: for each of the next {@code n} partial-content answers (206, a ranged GET) whose body is
 * longer than {@code afterBytes}, it forwards the headers and the first {@code afterBytes} bytes of
 * the body, then closes the connection. Everything else passes through untouched.
 */
public final class BodyCuttingProxy implements AutoCloseable {
  private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

  private final ServerSocket listener;
  private final InetSocketAddress target;
  private final AtomicInteger cutsLeft = new AtomicInteger();
  private final AtomicInteger cutsMade = new AtomicInteger();
  private volatile long afterBytes;

  public BodyCuttingProxy(URI target) throws IOException {
    this.target = new InetSocketAddress(target.getHost(), target.getPort());
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread t = new Thread(this::accept, "body-cutting-proxy");
    t.setDaemon(true);
    t.start();
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + listener.getLocalPort());
  }

  /**
   * Cuts the next {@code n} ranged answers longer than {@code afterBytes} after that many body bytes
   * (replacing any cuts still planned), and counts the cuts from zero.
   */
  public void cutNext(int n, long afterBytes) {
    this.afterBytes = afterBytes;
    cutsLeft.set(n);
    cutsMade.set(0);
  }

  /** Answers cut since the last {@link #cutNext}. */
  public int cutsMade() {
    return cutsMade.get();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(target.getAddress(), target.getPort());
        daemon(() -> pipe(client, server), "proxy-up");
        daemon(() -> answers(server, client), "proxy-down");
      } catch (IOException e) {
        if (!listener.isClosed()) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }

  private static void daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  private static void pipe(Socket from, Socket to) {
    try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException closed) {
      // either side went away
    } finally {
      closeBoth(from, to);
    }
  }

  /** Copies answers one by one (headers, then Content-Length bytes of body), cutting those chosen. */
  private void answers(Socket server, Socket client) {
    try (InputStream in = new BufferedInputStream(server.getInputStream()); OutputStream out = client.getOutputStream()) {
      while (true) {
        byte[] headers = headers(in);
        if (headers == null) {
          return;
        }
        String text = new String(headers, StandardCharsets.ISO_8859_1);
        Matcher m = CONTENT_LENGTH.matcher(text);
        long length = m.find() ? Long.parseLong(m.group(1)) : 0;
        if (text.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
          throw new IllegalStateException("chunked answers are not handled by this proxy");
        }
        boolean cut = text.startsWith("HTTP/1.1 206") && length > afterBytes && cutsLeft.getAndUpdate(
            c -> c > 0 ? c - 1 : 0) > 0;
        out.write(headers);
        long forward = cut ? afterBytes : length;
        byte[] buf = new byte[8192];
        while (forward > 0) {
          int k = in.read(buf, 0, (int) Math.min(buf.length, forward));
          if (k < 0) {
            return;
          }
          out.write(buf, 0, k);
          forward -= k;
        }
        out.flush();
        if (cut) {
          cutsMade.incrementAndGet();
          return; // the finally closes both sockets mid-body
        }
      }
    } catch (IOException closed) {
      // either side went away
    } finally {
      closeBoth(server, client);
    }
  }

  /** One answer's status line and headers through the blank line, or null at the end of the stream. */
  private static byte[] headers(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        return null;
      }
      b.write(c);
      state = c == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : c == '\r' ? 1 : 0;
    }
    return b.toByteArray();
  }

  private static void closeBoth(Socket a, Socket b) {
    try {
      a.close();
    } catch (IOException ignored) {
      // already closed
    }
    try {
      b.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
