package io.rocklake.arrowscan.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SnappyDecoder} against aircompressor's snappy: the same bytes out of what aircompressor's
 * compressor writes (random, repetitive with short and long periods, the benchmark's sequential longs and
 * 'row-' strings), every operation aircompressor's compressor never writes (4-byte offsets, literals with
 * 3- and 4-byte lengths), and a malformed or cut block refused as malformed, never read past.
 */
class SnappyDecoderProperties {

  enum Shape { RANDOM, PERIODIC, SEQUENTIAL_LONGS, ROW_STRINGS, MIXED }

  @Property(tries = 300)
  void decodesWhatAircompressorEncodes(@ForAll Shape shape, @ForAll @IntRange(min = 0, max = 300_000) int size,
      @ForAll @IntRange(min = 0, max = 64) int slack, @ForAll long seed) {
    byte[] data = data(shape, size, new Random(seed));
    byte[] compressed = compress(data);
    byte[] out = new byte[data.length + slack];
    Arrays.fill(out, (byte) 0x5A);
    int n = new SnappyDecoder().decompress(compressed, 0, compressed.length, out, 0, data.length);
    assertThat(n).isEqualTo(data.length);
    assertThat(Arrays.copyOf(out, n)).isEqualTo(data);
  }

  @Property(tries = 300)
  void aCorruptedOrCutBlockIsMalformedOrDecodesAsAircompressorDoes(@ForAll Shape shape,
      @ForAll @IntRange(min = 1, max = 5000) int size, @ForAll long seed) {
    Random r = new Random(seed);
    byte[] data = data(shape, size, r);
    byte[] compressed = compress(data);
    byte[] bad = r.nextBoolean() ? Arrays.copyOf(compressed, r.nextInt(compressed.length)) : compressed.clone();
    for (int i = 0, flips = 1 + r.nextInt(4); i < flips && bad.length > 0; i++) {
      bad[r.nextInt(bad.length)] = (byte) r.nextInt(256);
    }
    // Framed by other bytes, as a page is a slice of a row group's buffer: nothing outside is read as the block.
    byte[] framed = new byte[bad.length + 40];
    r.nextBytes(framed);
    System.arraycopy(bad, 0, framed, 20, bad.length);
    byte[] out = new byte[data.length + 16];
    byte[] expected = new byte[data.length + 16];
    Integer aircompressor;
    try {
      aircompressor = new SnappyDecompressor().decompress(bad, 0, bad.length, expected, 0, data.length);
    } catch (RuntimeException e) {
      aircompressor = null;
    }
    try {
      int n = new SnappyDecoder().decompress(framed, 20, bad.length, out, 0, data.length);
      assertThat(aircompressor).as("aircompressor decodes it too").isEqualTo(n);
      assertThat(Arrays.copyOf(out, n)).isEqualTo(Arrays.copyOf(expected, n));
    } catch (MalformedInputException e) {
      // refused, as it should be when aircompressor refuses it; aircompressor is laxer on some cuts
    }
  }

  @Example
  void fourByteOffsetsAndLongLiteralLengths() {
    Random r = new Random(7);
    byte[] head = new byte[70_000];
    r.nextBytes(head);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int total = head.length + 10 + 3;
    varint(b, total);
    // A literal of 70 000 bytes: its length minus one in 3 bytes (tag 62 << 2).
    b.write(62 << 2);
    b.write((head.length - 1) & 0xFF);
    b.write(((head.length - 1) >>> 8) & 0xFF);
    b.write(((head.length - 1) >>> 16) & 0xFF);
    b.writeBytes(head);
    // A copy of 10 bytes from 69 990 back, its offset in 4 bytes.
    b.write(((10 - 1) << 2) | 3);
    b.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(69_990).array());
    // A literal of 3 bytes with its length minus one in 4 bytes (tag 63 << 2).
    b.write(63 << 2);
    b.writeBytes(new byte[] {2, 0, 0, 0});
    b.writeBytes(new byte[] {'x', 'y', 'z'});
    byte[] block = b.toByteArray();
    byte[] out = new byte[total];
    assertThat(new SnappyDecoder().decompress(block, 0, block.length, out, 0, total)).isEqualTo(total);
    byte[] expected = new byte[total];
    System.arraycopy(head, 0, expected, 0, head.length);
    System.arraycopy(head, head.length - 69_990, expected, head.length, 10);
    expected[total - 3] = 'x';
    expected[total - 2] = 'y';
    expected[total - 1] = 'z';
    assertThat(out).isEqualTo(expected);
  }

  @Example
  void aCopyFromBeforeTheStartOrLongerThanTheHeaderSaysIsMalformed() {
    // 8 bytes: a literal "ab", then a copy of 4 from 3 back (before the start).
    byte[] before = {8, 1 << 2, 'a', 'b', (byte) ((0 << 2) | 1), 3};
    assertThatThrownBy(() -> new SnappyDecoder().decompress(before, 0, before.length, new byte[8], 0, 8))
        .isInstanceOf(MalformedInputException.class);
    // 3 bytes said, 6 written.
    byte[] longer = {3, 1 << 2, 'a', 'b', (byte) ((0 << 2) | 1), 2};
    assertThatThrownBy(() -> new SnappyDecoder().decompress(longer, 0, longer.length, new byte[64], 0, 64))
        .isInstanceOf(MalformedInputException.class);
    // More than the output may hold.
    byte[] big = {(byte) 0x80, 0x01, 0};
    assertThatThrownBy(() -> new SnappyDecoder().decompress(big, 0, big.length, new byte[200], 0, 100))
        .isInstanceOf(MalformedInputException.class);
  }

  private static void varint(ByteArrayOutputStream b, int v) {
    while ((v & ~0x7F) != 0) {
      b.write((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    b.write(v);
  }

  private static byte[] compress(byte[] data) {
    SnappyCompressor c = new SnappyCompressor();
    byte[] out = new byte[c.maxCompressedLength(data.length)];
    int n = c.compress(data, 0, data.length, out, 0, out.length);
    return Arrays.copyOf(out, n);
  }

  private static byte[] data(Shape shape, int size, Random r) {
    byte[] d = new byte[size];
    switch (shape) {
      case RANDOM -> r.nextBytes(d);
      case PERIODIC -> {
        byte[] unit = new byte[1 + r.nextInt(r.nextBoolean() ? 8 : 300)];
        r.nextBytes(unit);
        for (int i = 0; i < size; i++) {
          d[i] = unit[i % unit.length];
        }
      }
      case SEQUENTIAL_LONGS -> {
        ByteBuffer b = ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN);
        for (long v = r.nextInt(1_000_000); b.remaining() >= 8; v++) {
          b.putLong(v);
        }
      }
      case ROW_STRINGS -> {
        ByteBuffer b = ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN);
        for (long v = r.nextInt(1_000_000); ; v++) {
          byte[] s = ("row-" + v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
          if (b.remaining() < 4 + s.length) {
            break;
          }
          b.putInt(s.length).put(s);
        }
      }
      case MIXED -> {
        int i = 0;
        while (i < size) {
          int run = Math.min(size - i, 1 + r.nextInt(2000));
          if (r.nextBoolean()) {
            byte[] chunk = new byte[run];
            r.nextBytes(chunk);
            System.arraycopy(chunk, 0, d, i, run);
          } else {
            int period = 1 + r.nextInt(12);
            for (int k = 0; k < run; k++) {
              d[i + k] = (byte) ((i + k) % period);
            }
          }
          i += run;
        }
      }
    }
    return d;
  }
}
