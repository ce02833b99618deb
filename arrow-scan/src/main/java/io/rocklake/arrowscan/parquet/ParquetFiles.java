package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import java.io.IOException;
import org.apache.parquet.HadoopFreeReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InputFile;

/** Opens a Parquet file with options that load no Hadoop class. */
final class ParquetFiles {
  private ParquetFiles() {}

  static ParquetFileReader open(InputFile in, String path) {
    return open(in, path, new PageBuffers());
  }

  /** @param buffers where the file's pages are decompressed, for readers that hand them back */
  static ParquetFileReader open(InputFile in, String path, PageBuffers buffers) {
    // Not ParquetReadOptions.builder(): its constructors load Hadoop's codec classes.
    ParquetReadOptions options = HadoopFreeReadOptions.create(new PureJavaCodecs(path, buffers));
    try {
      return ParquetFileReader.open(in, options);
    } catch (IOException | RuntimeException e) {
      throw new LakeReadException("cannot open Parquet file " + path + ": " + e.getMessage(), e);
    }
  }
}
