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
  /** DuckLake's field id of {@code _ducklake_internal_snapshot_id}: the snapshot of each row of a partial file. */
  static final int SNAPSHOT_FIELD_ID = 2147483539;
  static final String SNAPSHOT_COLUMN = "_ducklake_internal_snapshot_id";

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
    return read(in, deletePath, dataPath, dataRows, java.util.OptionalLong.empty());
  }

  /**
   * Reads {@code pos} of the delete file; with {@code upToSnapshot}, only the positions whose
   * {@code _ducklake_internal_snapshot_id} is at most that snapshot (a partial delete file, which
   * must then have that column: without it the file's snapshots cannot be told apart).
   */
  public static DeletedPositions read(InputFile in, String deletePath, String dataPath, long dataRows,
      java.util.OptionalLong upToSnapshot) {
    try (ParquetFileReader reader = ParquetFiles.open(in, deletePath)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Type pos = posField(schema, deletePath);
      if (!pos.isPrimitive() || pos.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.INT64) {
        throw new LakeReadException("delete file " + deletePath + ": column pos must be a Parquet INT64, not " + pos);
      }
      ColumnDescriptor d = schema.getColumnDescription(new String[] {pos.getName()});
      Type snapshot = upToSnapshot.isPresent()
          ? snapshotField(schema, "partial delete file", deletePath, upToSnapshot.getAsLong()) : null;
      ColumnDescriptor sd = snapshot == null ? null : schema.getColumnDescription(new String[] {snapshot.getName()});
      reader.setRequestedSchema(snapshot == null ? new MessageType(schema.getName(), pos)
          : new MessageType(schema.getName(), pos, snapshot));
      long[] out = new long[(int) Math.min(reader.getRecordCount(), Integer.MAX_VALUE - 8)];
      int n = 0;
      PageReadStore rg;
      while ((rg = reader.readNextRowGroup()) != null) {
        ColumnReaderImpl r = new ColumnReaderImpl(d, rg.getPageReader(d), new PrimitiveConverter() {}, null);
        ColumnReaderImpl sr = sd == null ? null : new ColumnReaderImpl(sd, rg.getPageReader(sd), new PrimitiveConverter() {}, null);
        for (long k = 0, rows = rg.getRowCount(); k < rows; k++) {
          if (r.getCurrentDefinitionLevel() != d.getMaxDefinitionLevel()) {
            throw new LakeReadException("delete file " + deletePath + " has a NULL pos");
          }
          long p = r.getLong();
          r.consume();
          if (sr != null) {
            if (sr.getCurrentDefinitionLevel() != sd.getMaxDefinitionLevel()) {
              throw new LakeReadException("partial delete file " + deletePath + " has a NULL " + SNAPSHOT_COLUMN);
            }
            long deletedAt = sr.getLong();
            sr.consume();
            if (deletedAt > upToSnapshot.getAsLong()) {
              continue; // deleted after the snapshot read: the row is still there
            }
          }
          if (p < 0 || p >= dataRows) {
            throw new LakeReadException("delete file " + deletePath + " deletes position " + p + " of data file "
                + dataPath + ", which has " + dataRows + " rows");
          }
          out[n++] = p;
        }
      }
      return new DeletedPositions(sortedDistinct(Arrays.copyOf(out, n)));
    } catch (IOException e) {
      throw new LakeReadException("cannot read delete file " + deletePath + ": " + e.getMessage(), e);
    }
  }

  private static Type snapshotField(MessageType schema, String what, String path, long snapshot) {
    Type found = null;
    for (Type t : schema.getFields()) {
      if (t.getId() != null && t.getId().intValue() == SNAPSHOT_FIELD_ID) {
        found = t;
      }
    }
    if (found == null && schema.containsField(SNAPSHOT_COLUMN)) {
      found = schema.getType(SNAPSHOT_COLUMN);
    }
    if (found == null || !found.isPrimitive() || found.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.INT64) {
      throw new LakeReadException(what + " " + path + " has no INT64 " + SNAPSHOT_COLUMN
          + " column, so what it holds up to snapshot " + snapshot + " cannot be told from what came later");
    }
    return found;
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

  /**
   * The positions of a partial data file's rows tagged with a snapshot after {@code snapshot} (its
   * {@code _ducklake_internal_snapshot_id}): rows that do not exist yet at that snapshot.
   */
  public static DeletedPositions rowsAfter(InputFile in, String dataPath, long dataRows, long snapshot) {
    try (ParquetFileReader reader = ParquetFiles.open(in, dataPath)) {
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Type column = snapshotField(schema, "partial data file", dataPath, snapshot);
      ColumnDescriptor d = schema.getColumnDescription(new String[] {column.getName()});
      reader.setRequestedSchema(new MessageType(schema.getName(), column));
      long[] out = new long[(int) Math.min(dataRows, Integer.MAX_VALUE - 8)];
      int n = 0;
      long position = 0;
      PageReadStore rg;
      while ((rg = reader.readNextRowGroup()) != null) {
        ColumnReaderImpl r = new ColumnReaderImpl(d, rg.getPageReader(d), new PrimitiveConverter() {}, null);
        for (long k = 0, rows = rg.getRowCount(); k < rows; k++, position++) {
          if (r.getCurrentDefinitionLevel() != d.getMaxDefinitionLevel()) {
            throw new LakeReadException("partial data file " + dataPath + " has a NULL " + SNAPSHOT_COLUMN);
          }
          long at = r.getLong();
          r.consume();
          if (at > snapshot) {
            out[n++] = position;
          }
        }
      }
      return new DeletedPositions(Arrays.copyOf(out, n)); // ascending, no repeats: positions in file order
    } catch (IOException e) {
      throw new LakeReadException("cannot read partial data file " + dataPath + ": " + e.getMessage(), e);
    }
  }

  /**
   * The positions the catalog deletes ({@code ducklake_inlined_delete_<table_id>}), each checked against
   * the data file's row count.
   */
  public static DeletedPositions inCatalog(long[] ascendingDistinct, String dataPath, long dataRows) {
    for (long p : ascendingDistinct) {
      if (p < 0 || p >= dataRows) {
        throw new LakeReadException("the catalog deletes position " + p + " of data file " + dataPath + ", which has "
            + dataRows + " rows");
      }
    }
    return ascendingDistinct.length == 0 ? NONE : new DeletedPositions(ascendingDistinct.clone());
  }

  /** The positions either removes. */
  public DeletedPositions union(DeletedPositions other) {
    if (other.sorted.length == 0) {
      return this;
    }
    if (sorted.length == 0) {
      return other;
    }
    long[] both = Arrays.copyOf(sorted, sorted.length + other.sorted.length);
    System.arraycopy(other.sorted, 0, both, sorted.length, other.sorted.length);
    return new DeletedPositions(sortedDistinct(both));
  }

  /** The positions ascending, each once (sorts {@code positions} in place). */
  private static long[] sortedDistinct(long[] positions) {
    Arrays.sort(positions);
    int u = 0;
    for (int k = 0; k < positions.length; k++) {
      if (u == 0 || positions[u - 1] != positions[k]) {
        positions[u++] = positions[k];
      }
    }
    return Arrays.copyOf(positions, u);
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
