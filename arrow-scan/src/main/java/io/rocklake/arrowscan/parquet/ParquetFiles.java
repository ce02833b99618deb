package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import java.io.IOException;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InputFile;

/** Opens a Parquet file with options that load no Hadoop class. */
final class ParquetFiles {
  private ParquetFiles() {}

  static ParquetFileReader open(InputFile in, String path) {
    // The builder's default codec factory is Hadoop's: give it ours so that build() never reaches
    // HadoopCodecs, and a plain configuration instead of a Hadoop Configuration.
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
        .withCodecFactory(new PureJavaCodecs(path))
        .useStatsFilter(false)
        .useDictionaryFilter(false)
        .useRecordFilter(false)
        .useColumnIndexFilter(false)
        .useBloomFilter(false)
        .build();
    try {
      return ParquetFileReader.open(in, options);
    } catch (IOException | RuntimeException e) {
      throw new LakeReadException("cannot open Parquet file " + path + ": " + e.getMessage(), e);
    }
  }
}
