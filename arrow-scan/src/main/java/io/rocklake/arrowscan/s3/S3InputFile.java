package io.rocklake.arrowscan.s3;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * One object as a parquet {@link InputFile}, read only with ranged GETs.
 *
 * <p>The object's tail ({@value #TAIL_BYTES} bytes, or all of a smaller object) is fetched once with a
 * suffix range; it holds the footer of nearly every file, and its {@code Content-Range} gives the
 * object's length. Every other read is a GET of exactly the requested bytes. Each answer's
 * {@code Content-Range} total is checked against the expected length (the plan's
 * {@code file_size_bytes}, else the first answer's), and every GET after the first carries
 * {@code If-Match} with the first answer's ETag, so a replaced or truncated object is refused
 * rather than read as a mix of two files.
 *
 * <p>An answer whose body breaks off mid-transfer (the connection reset or closed before the last
 * byte: the SDK retries failed requests, not the reading of an answer it already handed over) is
 * resumed with a GET of the rest, from the byte where it broke, at most {@value #BODY_RETRIES} times
 * per read with a doubling pause from {@value #FIRST_BACKOFF_MILLIS} ms; then the read fails naming
 * the object and the offset. The resumed GET carries the same {@code If-Match}, so the rest comes
 * from the same object.
 */
final class S3InputFile implements InputFile {
  /** Covers the footer of nearly every file in one GET (Arrow C++'s default footer read is 64 KiB too). */
  static final int TAIL_BYTES = 64 * 1024;

  /** Resumptions of one read whose answer broke off, before it fails. */
  static final int BODY_RETRIES = 3;
  /** The pause before the first resumption; each further one waits twice as long. */
  static final long FIRST_BACKOFF_MILLIS = 100;

  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+)");

  /** A fetched range of the object. */
  record Range(long start, byte[] bytes) {
    long end() {
      return start + bytes.length;
    }

    boolean contains(long pos) {
      return pos >= start && pos < end();
    }
  }

  private final S3Client client;
  private final S3Location location;
  private final String path;
  private long length;
  private String etag;
  private Range tail;

  /**
   * @param knownLength the length the catalog recorded, or -1 to learn it from the first answer
   */
  S3InputFile(S3Client client, S3Location location, String path, long knownLength) {
    this.client = client;
    this.location = location;
    this.path = path;
    this.length = knownLength;
  }

  @Override
  public long getLength() throws IOException {
    if (length < 0) {
      tail();
    }
    return length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new S3RangeStream(this);
  }

  String path() {
    return path;
  }

  /** parquet-java names the file by its {@code toString()} in its own errors. */
  @Override
  public String toString() {
    return path;
  }

  /** The object's last bytes, fetched once. */
  Range tail() throws IOException {
    if (tail == null) {
      byte[] bytes;
      long start;
      try {
        ResponseInputStream<GetObjectResponse> in = get("bytes=-" + TAIL_BYTES);
        long[] range;
        try {
          range = contentRange(in.response());
          checkTotal(range[2]);
        } catch (IOException e) {
          in.abort();
          throw e;
        }
        long n = range[1] - range[0] + 1;
        if (range[1] != range[2] - 1 || n > TAIL_BYTES) {
          in.abort();
          throw new IOException(path + ": asked for the last " + TAIL_BYTES + " bytes, the store sent bytes " + range[0]
              + "-" + range[1] + " of " + range[2]);
        }
        start = range[0];
        bytes = new byte[(int) n];
        receive(in, start, ByteBuffer.wrap(bytes));
      } catch (S3Exception e) {
        if (e.statusCode() != 416) {
          throw failure(e);
        }
        // Only an empty object has no suffix to give; parquet refuses it by its length.
        HeadObjectResponse head = head();
        checkTotal(head.contentLength());
        start = 0;
        bytes = new byte[0];
      }
      tail = new Range(start, bytes);
    }
    return tail;
  }

  /** Fills {@code dst} (all of its remaining bytes) from the object at {@code offset}, in one GET. */
  void read(long offset, ByteBuffer dst) throws IOException {
    int n = dst.remaining();
    if (n == 0) {
      return;
    }
    long expected = getLength();
    if (offset < 0 || offset + n > expected) {
      throw new EOFException(path + ": cannot read " + n + " bytes at offset " + offset + " of a " + expected
          + "-byte object");
    }
    try {
      receive(rangedGet(offset, offset + n - 1), offset, dst);
    } catch (S3Exception e) {
      throw failure(e);
    }
  }

  /** A GET of bytes {@code first} to {@code last} (inclusive), its Content-Range checked. */
  private ResponseInputStream<GetObjectResponse> rangedGet(long first, long last) throws IOException {
    ResponseInputStream<GetObjectResponse> in = get("bytes=" + first + "-" + last);
    try {
      long[] range = contentRange(in.response());
      checkTotal(range[2]);
      if (range[0] != first || range[1] != last) {
        throw new IOException(path + ": asked for bytes " + first + "-" + last + ", the store sent " + range[0] + "-"
            + range[1]);
      }
      return in;
    } catch (IOException e) {
      in.abort();
      throw e;
    }
  }

  /**
   * Reads the body of {@code in}, the object's bytes from {@code offset}, into all of {@code dst}'s
   * remaining bytes; a body that breaks off is resumed with a GET of the rest (see the class comment).
   */
  private void receive(ResponseInputStream<GetObjectResponse> in, long offset, ByteBuffer dst) throws IOException {
    long end = offset + dst.remaining();
    byte[] chunk = dst.hasArray() ? null : new byte[(int) Math.min(dst.remaining(), 64 * 1024)];
    for (int resumed = 0; ; resumed++) {
      try {
        copy(in, dst, chunk, end);
      } catch (IOException | SdkException broke) {
        in.abort();
        long at = end - dst.remaining();
        if (resumed == BODY_RETRIES) {
          throw new IOException("object " + path + ": the store's answer broke off at offset " + at + " (of bytes "
              + offset + "-" + (end - 1) + "), " + (BODY_RETRIES + 1) + " times: " + broke.getMessage(), broke);
        }
        pause(FIRST_BACKOFF_MILLIS << resumed);
        in = rangedGet(at, end - 1);
        continue;
      }
      try {
        in.close();
      } catch (IOException | SdkException ignored) {
        // every byte asked for has arrived: a failure to release the connection loses nothing
      }
      return;
    }
  }

  /** Copies the body into {@code dst} until it is full; a body that ends first is an EOFException. */
  private void copy(InputStream in, ByteBuffer dst, byte[] chunk, long end) throws IOException {
    while (dst.hasRemaining()) {
      int k;
      if (chunk == null) {
        k = in.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        if (k > 0) {
          dst.position(dst.position() + k);
        }
      } else {
        k = in.read(chunk, 0, Math.min(chunk.length, dst.remaining()));
        if (k > 0) {
          dst.put(chunk, 0, k);
        }
      }
      if (k < 0) {
        throw new EOFException(path + ": the store's answer ended at offset " + (end - dst.remaining()) + ", before byte "
            + (end - 1));
      }
    }
  }

  private static void pause(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while waiting to resume a read");
    }
  }

  /** A ranged GET; an error answer is thrown as the {@link S3Exception} it is. */
  private ResponseInputStream<GetObjectResponse> get(String range) throws IOException {
    GetObjectRequest.Builder request = GetObjectRequest.builder().bucket(location.bucket()).key(location.key()).range(range);
    if (etag != null) {
      request.ifMatch(etag);
    }
    try {
      ResponseInputStream<GetObjectResponse> in = client.getObject(request.build());
      if (etag == null) {
        etag = in.response().eTag();
      }
      return in;
    } catch (S3Exception e) {
      throw e; // the caller tells what the status means
    } catch (SdkException e) {
      throw new IOException(path + ": " + e.getMessage(), e);
    }
  }

  private HeadObjectResponse head() throws IOException {
    try {
      return client.headObject(r -> r.bucket(location.bucket()).key(location.key()));
    } catch (S3Exception e) {
      throw failure(e);
    } catch (SdkException e) {
      throw new IOException(path + ": " + e.getMessage(), e);
    }
  }

  private long[] contentRange(GetObjectResponse response) throws IOException {
    String header = response.contentRange();
    Matcher m = header == null ? null : CONTENT_RANGE.matcher(header);
    if (m == null || !m.matches()) {
      throw new IOException(path + ": the store answered a ranged GET without a byte Content-Range (" + header
          + "); object stores must support ranged GETs");
    }
    return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
  }

  private void checkTotal(long total) throws IOException {
    if (length < 0) {
      length = total;
    } else if (total != length) {
      // A replaced or truncated object: its footer, rowids and delete positions cannot be trusted.
      throw new IOException("object " + path + " is " + total + " bytes, the catalog says file_size_bytes " + length);
    }
  }

  private IOException failure(S3Exception e) {
    if (e instanceof NoSuchKeyException || e.statusCode() == 404 && !(e instanceof NoSuchBucketException)) {
      return new FileNotFoundException("no such object (bucket " + location.bucket() + " has no key " + location.key() + ")");
    }
    if (e instanceof NoSuchBucketException) {
      return new FileNotFoundException("no such bucket " + location.bucket());
    }
    if (e.statusCode() == 412 && etag != null) {
      return new IOException("object " + path + " was replaced while it was read (its ETag is no longer " + etag + ")", e);
    }
    if (e.statusCode() == 416) {
      return new EOFException(path + ": range past the end of the object (" + e.getMessage() + ")");
    }
    return new IOException(path + ": " + e.getMessage(), e);
  }
}
