package io.rocklake.arrowscan.s3;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A position over an {@link S3InputFile} and one window of its bytes already fetched.
 *
 * <p>Positional reads in the style of Iceberg's {@code RangeReadable} rather than its sequential
 * {@code S3InputStream} (one open-ended GET, skipped forward or reopened on seek): parquet-java reads a
 * row group's projected column chunks with {@code seek} then {@code readFully} of exactly their
 * bytes, so each {@code readFully} that the window does not hold is one GET of exactly those bytes,
 * and nothing outside the projection is fetched. Small reads ({@code read()}, a short
 * {@code read(byte[])}: the footer's length and magic) are served from the window, which is the
 * object's tail near the end and otherwise {@value #READ_AHEAD} bytes from the position, like Hadoop
 * S3A's random-access read-ahead.
 */
final class S3RangeStream extends SeekableInputStream {
  static final int READ_AHEAD = 64 * 1024;

  private final S3InputFile file;
  private long pos;
  private S3InputFile.Range window = new S3InputFile.Range(0, new byte[0]);

  S3RangeStream(S3InputFile file) {
    this.file = file;
  }

  @Override
  public long getPos() {
    return pos;
  }

  @Override
  public void seek(long newPos) throws IOException {
    if (newPos < 0) {
      throw new EOFException(file.path() + ": cannot seek to " + newPos);
    }
    pos = newPos;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = Math.max(0, Math.min(n, file.getLength() - pos));
    pos += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return window.contains(pos) ? (int) (window.end() - pos) : 0;
  }

  @Override
  public int read() throws IOException {
    if (!fillWindow()) {
      return -1;
    }
    return window.bytes()[(int) (pos++ - window.start())] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return read(ByteBuffer.wrap(b, off, len));
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    if (!dst.hasRemaining()) {
      return 0;
    }
    if (!window.contains(pos) && dst.remaining() >= READ_AHEAD) {
      // A large read: straight into the caller's buffer, no copy through the window.
      int n = (int) Math.min(dst.remaining(), file.getLength() - pos);
      if (n <= 0) {
        return -1;
      }
      readExactly(dst, n);
      return n;
    }
    if (!fillWindow()) {
      return -1;
    }
    return copyFromWindow(dst, dst.remaining());
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    readFully(ByteBuffer.wrap(b));
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    readFully(ByteBuffer.wrap(b, off, len));
  }

  @Override
  public void readFully(ByteBuffer dst) throws IOException {
    int n = dst.remaining();
    long length = file.getLength();
    if (pos + n > length) {
      throw new EOFException(file.path() + ": cannot read " + n + " bytes at offset " + pos + " of a " + length
          + "-byte object");
    }
    if (n == 0) {
      return;
    }
    if (pos >= tailStart(length)) {
      window = file.tail(); // once per object, shared by the streams of one file
    }
    if (window.contains(pos)) {
      copyFromWindow(dst, n);
      if (!dst.hasRemaining()) {
        return;
      }
    }
    long end = pos + dst.remaining();
    if (end > window.start() && end <= window.end() && pos < window.start()) {
      // Ends inside the window (a footer longer than the tail): fetch only the part before it.
      int before = (int) (window.start() - pos);
      readExactly(dst, before);
      copyFromWindow(dst, dst.remaining());
      return;
    }
    readExactly(dst, dst.remaining());
  }

  private void readExactly(ByteBuffer dst, int n) throws IOException {
    ByteBuffer part = dst.slice();
    part.limit(n);
    file.read(pos, part);
    dst.position(dst.position() + n);
    pos += n;
  }

  private int copyFromWindow(ByteBuffer dst, int max) {
    int n = (int) Math.min(max, window.end() - pos);
    dst.put(window.bytes(), (int) (pos - window.start()), n);
    pos += n;
    return n;
  }

  /** Makes the window hold {@code pos}; false at the end of the object. */
  private boolean fillWindow() throws IOException {
    if (window.contains(pos)) {
      return true;
    }
    long length = file.getLength();
    if (pos >= length) {
      return false;
    }
    if (pos >= tailStart(length)) {
      window = file.tail();
    } else {
      ByteBuffer b = ByteBuffer.allocate((int) Math.min(READ_AHEAD, length - pos));
      file.read(pos, b);
      window = new S3InputFile.Range(pos, b.array());
    }
    return true;
  }

  private static long tailStart(long length) {
    return Math.max(0, length - S3InputFile.TAIL_BYTES);
  }

  @Override
  public void close() {
    // Each GET is read to its end and closed; nothing is held between reads.
  }
}
