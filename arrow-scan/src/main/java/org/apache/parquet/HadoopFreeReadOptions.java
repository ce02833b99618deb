package org.apache.parquet;

import java.util.HashMap;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * Read options built without Hadoop. Both constructors of {@code ParquetReadOptions.Builder} call
 * {@code HadoopCodecs.newFactory}, which needs hadoop-common's codec classes even when a codec factory
 * is supplied later; so the options are constructed directly, with no filters (arrow-scan prunes
 * nothing yet) and the caller's codec factory.
 */
public final class HadoopFreeReadOptions {
  /** parquet's default largest single buffer allocation (ParquetReadOptions.ALLOCATION_SIZE_DEFAULT). */
  private static final int MAX_ALLOCATION = 8 * 1024 * 1024;

  private HadoopFreeReadOptions() {}

  public static ParquetReadOptions create(CompressionCodecFactory codecs) {
    return new ParquetReadOptions(
        false, // useSignedStringMinMax
        false, // useStatsFilter
        false, // useDictionaryFilter
        false, // useRecordFilter
        false, // useColumnIndexFilter
        false, // usePageChecksumVerification
        false, // useBloomFilter
        false, // useOffHeapDecryptBuffer
        false, // useHadoopVectoredIo
        FilterCompat.NOOP,
        ParquetMetadataConverter.NO_FILTER,
        codecs,
        new HeapByteBufferAllocator(),
        MAX_ALLOCATION,
        new HashMap<>(),
        null, // no decryption
        null, // no metrics callback
        new PlainParquetConfiguration());
  }
}
