package io.rocklake.arrowscan.parquet;

import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.rocklake.arrowscan.LakeReadException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.bytes.ByteBufferReleaser;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Page decompression without Hadoop: parquet's own factory goes through Hadoop's codec classes even for
 * snappy and zstd. Snappy uses arrow-scan's own {@link SnappyDecoder} (twice as fast as aircompressor's
 * on DuckDB's pages), zstd and LZ4_RAW aircompressor's pure-Java decoders (a parquet-hadoop dependency
 * already), gzip the JDK's: no JNI, so the reader runs wherever the JVM does. Any other codec (brotli,
 * lzo, Hadoop-framed lz4) is refused with the codec's name.
 */
public final class PureJavaCodecs implements CompressionCodecFactory {

  private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

  private final String file;
  private final PageBuffers buffers;

  /** @param file the file being read, named in errors */
  public PureJavaCodecs(String file) {
    this(file, new PageBuffers());
  }

  /**
   * @param buffers where decompressed pages are written: a reader that hands a page's array back there
   *     has it reused for a later page
   */
  PureJavaCodecs(String file, PageBuffers buffers) {
    this.file = file;
    this.buffers = buffers;
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codecName) {
    throw new UnsupportedOperationException("arrow-scan only reads Parquet");
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED -> new Block(null, codec);
      case SNAPPY -> new Block(new SnappyDecoder(), codec);
      case ZSTD -> new Block(new ZstdDecompressor(), codec);
      case LZ4_RAW -> new Block(new Lz4Decompressor(), codec);
      case GZIP -> new Gzip();
      default -> throw new LakeReadException(
          "data file " + file + " is compressed with " + codec
              + ", which arrow-scan cannot decompress (supported: uncompressed, snappy, zstd, gzip, lz4_raw)");
    };
  }

  @Override
  public void release() {}

  /** The bytes of {@code b} in one array (BytesInput.toByteArray is deprecated in parquet 1.18). */
  static byte[] toArray(BytesInput b) throws IOException {
    byte[] a = new byte[Math.toIntExact(b.size())];
    b.writeAllTo(new OutputStream() {
      private int pos;

      @Override
      public void write(int x) {
        a[pos++] = (byte) x;
      }

      @Override
      public void write(byte[] src, int off, int len) {
        System.arraycopy(src, off, a, pos, len);
        pos += len;
      }
    });
    return a;
  }

  /** A codec whose pages decompress in one call to a block decompressor (or not at all). */
  private final class Block extends ArrayDecompressor {
    private final Decompressor decompressor;
    private final CompressionCodecName codec;

    Block(Decompressor decompressor, CompressionCodecName codec) {
      this.decompressor = decompressor;
      this.codec = codec;
    }

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      if (decompressor == null) {
        return bytes;
      }
      byte[] in;
      int from;
      int length;
      // The page as read from the file is a slice of the row group's buffer: decompressed from there, uncopied.
      try (ByteBufferReleaser releaser = new ByteBufferReleaser(HEAP)) {
        ByteBuffer b = bytes.toByteBuffer(releaser);
        if (b.hasArray()) {
          in = b.array();
          from = b.arrayOffset() + b.position();
          length = b.remaining();
        } else {
          in = toArray(bytes);
          from = 0;
          length = in.length;
        }
      }
      byte[] out = buffers.take(uncompressedSize);
      int n;
      try {
        n = decompressor.decompress(in, from, length, out, 0, uncompressedSize);
      } catch (RuntimeException e) {
        throw new IOException(codec + " page of " + file + " does not decompress: " + e.getMessage(), e);
      }
      if (n != uncompressedSize) {
        throw new IOException(codec + " page of " + file + " decompressed to " + n
            + " bytes, its header says " + uncompressedSize);
      }
      return BytesInput.from(out, 0, uncompressedSize);
    }
  }

  private final class Gzip extends ArrayDecompressor {
    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      byte[] out = buffers.take(uncompressedSize);
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(toArray(bytes)))) {
        int off = 0;
        while (off < uncompressedSize) {
          int n = in.read(out, off, uncompressedSize - off);
          if (n < 0) {
            throw new IOException("GZIP page of " + file + " ended after " + off + " of " + uncompressedSize + " bytes");
          }
          off += n;
        }
      }
      return BytesInput.from(out, 0, uncompressedSize);
    }
  }

  /** A decompressor of whole pages held in arrays: the ByteBuffer form parquet also calls goes through it. */
  private abstract static class ArrayDecompressor implements BytesInputDecompressor {
    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
        throws IOException {
      byte[] in = new byte[compressedSize];
      input.duplicate().get(in);
      output.put(toArray(decompress(BytesInput.from(in), uncompressedSize)));
    }

    @Override
    public void release() {}
  }
}
