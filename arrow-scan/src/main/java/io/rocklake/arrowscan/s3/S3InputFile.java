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
 */
final class S3InputFile implements InputFile {
  /** Covers the footer of nearly every file in one GET (Arrow C++'s default footer read is 64 KiB too). */
  static final int TAIL_BYTES = 64 * 1024;

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
      try (ResponseInputStream<GetObjectResponse> in = get("bytes=-" + TAIL_BYTES)) {
        long[] range = contentRange(in.response());
        checkTotal(range[2]);
        long n = range[1] - range[0] + 1;
        if (range[1] != range[2] - 1 || n > TAIL_BYTES) {
          throw new IOException(path + ": asked for the last " + TAIL_BYTES + " bytes, the store sent bytes " + range[0]
              + "-" + range[1] + " of " + range[2]);
        }
        start = range[0];
        bytes = readExactly(in, start, (int) n);
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
    try (ResponseInputStream<GetObjectResponse> in = get("bytes=" + offset + "-" + (offset + n - 1))) {
      long[] range = contentRange(in.response());
      checkTotal(range[2]);
      if (range[0] != offset || range[1] != offset + n - 1) {
        throw new IOException(path + ": asked for bytes " + offset + "-" + (offset + n - 1) + ", the store sent "
            + range[0] + "-" + range[1]);
      }
      if (dst.hasArray()) {
        readFully(in, dst.array(), dst.arrayOffset() + dst.position(), n, offset);
        dst.position(dst.position() + n);
      } else {
        byte[] chunk = new byte[Math.min(n, 64 * 1024)];
        for (int done = 0; done < n; ) {
          int k = Math.min(chunk.length, n - done);
          readFully(in, chunk, 0, k, offset + done);
          dst.put(chunk, 0, k);
          done += k;
        }
      }
    } catch (S3Exception e) {
      throw failure(e);
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

  private byte[] readExactly(InputStream in, long offset, int n) throws IOException {
    byte[] b = new byte[n];
    readFully(in, b, 0, n, offset);
    return b;
  }

  private void readFully(InputStream in, byte[] b, int off, int n, long offset) throws IOException {
    int done = 0;
    while (done < n) {
      int k = in.read(b, off + done, n - done);
      if (k < 0) {
        throw new EOFException(path + ": the store sent " + done + " of the " + n + " bytes at offset " + offset);
      }
      done += k;
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
