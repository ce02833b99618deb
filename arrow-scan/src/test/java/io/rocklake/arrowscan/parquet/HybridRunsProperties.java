package io.rocklake.arrowscan.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.bitpacking.BitPackingValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;

/**
 * {@link HybridRuns} reads back what parquet-column's own encoders write: the RLE / bit-packing
 * hybrid at every bit width (runs of repeats and bit-packed groups mixed), and the deprecated
 * BIT_PACKED encoding of one-bit definition levels.
 */
class HybridRunsProperties {

  @Property(tries = 200)
  void theHybridEncodingOfParquetColumnReadsBackValueForValue(@ForAll @IntRange(min = 0, max = 32) int bitWidth,
      @ForAll @IntRange(min = 0, max = 3000) int count, @ForAll long seed) throws IOException {
    Random r = new Random(seed);
    int[] values = values(r, count, bitWidth);
    RunLengthBitPackingHybridEncoder e = new RunLengthBitPackingHybridEncoder(bitWidth, 64, 1 << 20,
        new HeapByteBufferAllocator());
    for (int v : values) {
      e.writeInt(v);
    }
    byte[] bytes = PureJavaCodecs.toArray(e.toBytes());

    HybridRuns runs = new HybridRuns(bytes, 0, bytes.length, bitWidth, "test");
    int[] read = new int[count];
    int i = 0;
    while (i < count) {
      int n = Math.min(count - i, 1 + r.nextInt(100));
      if (r.nextInt(5) == 0) {
        runs.skip(n);
        System.arraycopy(values, i, read, i, n);
      } else {
        int[] part = new int[n];
        runs.read(part, n);
        System.arraycopy(part, 0, read, i, n);
      }
      i += n;
    }
    assertThat(read).containsExactly(values);
  }

  @Property(tries = 100)
  void bitPackedDefinitionLevelsReadBackMostSignificantBitFirst(@ForAll @IntRange(min = 0, max = 2000) int count,
      @ForAll long seed) throws IOException {
    int[] values = values(new Random(seed), count, 1);
    BitPackingValuesWriter w = new BitPackingValuesWriter(1, 64, 1 << 20, new HeapByteBufferAllocator());
    for (int v : values) {
      w.writeInteger(v);
    }
    byte[] bytes = PureJavaCodecs.toArray(w.getBytes());

    int[] read = new int[count];
    HybridRuns.bitPacked(bytes, 0, count, "test").read(read, count);
    assertThat(read).containsExactly(values);
  }

  /** Values of {@code bitWidth} bits, in runs of repeats and of random values. */
  private static int[] values(Random r, int count, int bitWidth) {
    long bound = 1L << bitWidth;
    int[] v = new int[count];
    int i = 0;
    while (i < count) {
      int run = 1 + r.nextInt(r.nextBoolean() ? 5 : 200);
      boolean repeat = r.nextBoolean();
      int x = (int) (r.nextLong() & (bound - 1));
      for (int k = 0; k < run && i < count; k++, i++) {
        v[i] = repeat ? x : (int) (r.nextLong() & (bound - 1));
      }
    }
    return v;
  }
}
