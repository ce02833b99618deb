package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The physical row positions a positional delete file removes from its data file, sorted and without
 * repeats. A DuckLake delete file has columns {@code file_path} and {@code pos}; the catalog ties
 * it to one data file, so only {@code pos} is read.
 */
public final class DeletedPositions {
  /** Iceberg's (and DuckLake's) reserved field id of {@code pos} in delete files. */
  static final int POS_FIELD_ID = 2147483545;

  private static final DeletedPositions NONE = new DeletedPositions(new long[0]);

  private final long[] sorted;

  private DeletedPositions(long[] sorted) {
    this.sorted = sorted;
  }

  public static DeletedPositions none() {
    return NONE;
  }

  /** Reads {@code pos} of the delete file, checking each position against the data file's row count. */
  public static DeletedPositions read(InputFile in, String deletePath, String dataPath, long dataRows) {
    try (ParquetFileReader reader = ParquetFiles.open(in, deletePath)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Type pos = posField(schema, deletePath);
      if (!pos.isPrimitive() || pos.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.INT64) {
        throw new LakeReadException("delete file " + deletePath + ": column pos must be a Parquet INT64, not " + pos);
      }
      ColumnDescriptor d = schema.getColumnDescription(new String[] {pos.getName()});
      reader.setRequestedSchema(new MessageType(schema.getName(), pos));
      long[] out = new long[(int) Math.min(reader.getRecordCount(), Integer.MAX_VALUE - 8)];
      int n = 0;
      PageReadStore rg;
      while ((rg = reader.readNextRowGroup()) != null) {
        ColumnReaderImpl r = new ColumnReaderImpl(d, rg.getPageReader(d), new PrimitiveConverter() {}, null);
        for (long k = 0, rows = rg.getRowCount(); k < rows; k++) {
          if (r.getCurrentDefinitionLevel() != d.getMaxDefinitionLevel()) {
            throw new LakeReadException("delete file " + deletePath + " has a NULL pos");
          }
          long p = r.getLong();
          r.consume();
          if (p < 0 || p >= dataRows) {
            throw new LakeReadException("delete file " + deletePath + " deletes position " + p + " of data file "
                + dataPath + ", which has " + dataRows + " rows");
          }
          out[n++] = p;
        }
      }
      long[] s = Arrays.copyOf(out, n);
      Arrays.sort(s);
      int u = 0;
      for (int k = 0; k < s.length; k++) {
        if (u == 0 || s[u - 1] != s[k]) {
          s[u++] = s[k];
        }
      }
      return new DeletedPositions(Arrays.copyOf(s, u));
    } catch (IOException e) {
      throw new LakeReadException("cannot read delete file " + deletePath + ": " + e.getMessage(), e);
    }
  }

  private static Type posField(MessageType schema, String deletePath) {
    for (Type t : schema.getFields()) {
      if (t.getId() != null && t.getId().intValue() == POS_FIELD_ID) {
        return t;
      }
    }
    if (schema.containsField("pos")) {
      return schema.getType("pos");
    }
    throw new LakeReadException("delete file " + deletePath + " has no pos column (schema: " + schema + ")");
  }

  /** How many positions are deleted. */
  public int count() {
    return sorted.length;
  }

  /** Index of the first deleted position at or after {@code pos}. */
  int firstAtOrAfter(long pos) {
    int k = Arrays.binarySearch(sorted, pos);
    return k >= 0 ? k : -k - 1;
  }

  /** The k-th deleted position, or Long.MAX_VALUE past the end. */
  long at(int k) {
    return k < sorted.length ? sorted[k] : Long.MAX_VALUE;
  }
}
