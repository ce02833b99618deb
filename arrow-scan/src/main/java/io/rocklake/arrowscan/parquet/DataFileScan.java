package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.DataFile;
import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import io.rocklake.arrowscan.ScanOptions.DataFileOpener;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The rows of one data file, minus its deleted positions, as slices of Arrow vectors. Holds one row
 * group of the projected columns at a time; columns the plan does not project are never read.
 */
public final class DataFileScan implements AutoCloseable {

  /** Where an output column's values come from in this file. */
  private sealed interface Slot permits FileSlot, NestedSlot, DefaultSlot, RowIdSlot, StoredIdSlot {}

  /** {@code flat}: the layout {@link FlatColumnReader} reads the column in, or null for the ColumnReader path. */
  private record FileSlot(ColumnDescriptor descriptor, ValueCopier copier, FlatColumnReader.Layout flat, String where)
      implements Slot {}

  private record NestedSlot(NestedColumnReader reader) implements Slot {}

  private record DefaultSlot(InitialDefault value) implements Slot {}

  private record RowIdSlot() implements Slot {}

  /** A virtual column (rowid, snapshot_id) whose values the file stores, one non-NULL INT64 per row. */
  private record StoredIdSlot(ColumnDescriptor descriptor, String column) implements Slot {}

  /** DuckLake's column of each row's id in a file that stores them, and its field id (Iceberg's _row_id). */
  static final String ROW_ID_COLUMN = "_ducklake_internal_row_id";
  static final int ROW_ID_FIELD_ID = 2147483540;

  private static final PrimitiveConverter NO_CONVERTER = new PrimitiveConverter() {};

  private final DataFile file;
  private final ParquetFileReader reader;
  private final PageBuffers buffers;
  private final Slot[] slots;
  private final ColumnReaderImpl[] readers;
  private final FlatColumnReader[] flatReaders;
  private final boolean readsPages;
  private final VersionParser.ParsedVersion writerVersion;
  private final DeletedPositions deletes;
  private final List<BlockMetaData> rowGroups;

  private int rowGroupIndex = -1;
  private long rowGroupStart;
  private long rowGroupRows;
  private long positionInRowGroup;
  private int deleteCursor;

  private DataFileScan(DataFile file, ParquetFileReader reader, PageBuffers buffers, Slot[] slots,
      DeletedPositions deletes, VersionParser.ParsedVersion writerVersion) {
    this.file = file;
    this.reader = reader;
    this.buffers = buffers;
    this.slots = slots;
    this.readers = new ColumnReaderImpl[slots.length];
    this.flatReaders = new FlatColumnReader[slots.length];
    boolean pages = false;
    for (Slot s : slots) {
      pages |= s instanceof FileSlot || s instanceof NestedSlot || s instanceof StoredIdSlot;
    }
    this.readsPages = pages;
    this.deletes = deletes;
    this.writerVersion = writerVersion;
    this.rowGroups = reader.getRowGroups();
  }

  /**
   * Opens {@code file}, binds the output columns to its columns by field id (or by name through its name
   * mapping), reads its deletes.
   */
  public static DataFileScan open(DataFile file, List<BoundColumn> columns, DataFileOpener opener) {
    InputFile in = opener.open(file.path());
    long length;
    try {
      length = in.getLength();
    } catch (IOException e) {
      throw new LakeReadException("cannot open data file " + file.path() + ": " + e, e);
    }
    if (length != file.fileSizeBytes()) {
      // A replaced or truncated object: its footer, rowids and delete positions cannot be trusted.
      throw new LakeReadException("data file " + file.path() + " is " + length
          + " bytes, the catalog says file_size_bytes " + file.fileSizeBytes());
    }
    PageBuffers buffers = new PageBuffers();
    ParquetFileReader reader = ParquetFiles.open(in, file.path(), buffers);
    try {
      if (reader.getRecordCount() != file.recordCount()) {
        throw new LakeReadException("data file " + file.path() + " has " + reader.getRecordCount()
            + " rows, the catalog says record_count " + file.recordCount());
      }
      MessageType schema = reader.getFooter().getFileMetaData().getSchema();
      Map<Long, String> pathValues = Map.of();
      if (file.nameMapping().isPresent()) {
        // Bound by name: the mapping's target ids replace the file's own, then binding is by id as usual.
        NameMappedSchema.Mapped mapped = NameMappedSchema.apply(schema, file.nameMapping().get(), file.path());
        schema = mapped.schema();
        pathValues = mapped.pathValues();
      }
      Map<Integer, Type> byId = fieldsById(schema, file.path());
      Slot[] slots = new Slot[columns.size()];
      List<Type> requested = new ArrayList<>();
      for (int k = 0; k < slots.length; k++) {
        BoundColumn c = columns.get(k);
        if (c.isVirtual()) {
          slots[k] = bindVirtual(c, file, schema, requested);
          continue;
        }
        String pathValue = pathValues.get(c.column().columnId());
        if (pathValue != null) {
          // A Hive partition column: its one value for the whole file is in the file's path.
          slots[k] = new DefaultSlot(HivePartitionPath.value(c, pathValue, file.path()));
          continue;
        }
        if (byId.isEmpty() && file.nameMapping().isEmpty()) {
          throw new LakeReadException("data file " + file.path() + " has no Parquet field ids; arrow-scan binds"
              + " columns by field id (DuckLake column_id) and has no name mapping yet");
        }
        Type t = byId.get(Math.toIntExact(c.column().columnId()));
        if (t == null) {
          // The column was added after this file was written.
          slots[k] = new DefaultSlot(c.initialDefault());
          continue;
        }
        if (c.type().isNested()) {
          NestedColumnReader nested = NestedColumnReader.bind(c, t, schema, file.path());
          slots[k] = new NestedSlot(nested);
          requested.add(nested.requested());
        } else {
          slots[k] = bind(c, t, schema, file.path());
          requested.add(t);
        }
      }
      reader.setRequestedSchema(new MessageType(schema.getName(), requested));
      DeletedPositions deletes = file.deleteFilePath()
          .map(d -> DeletedPositions.read(opener.open(d), d, file.path(), file.recordCount(), file.deletesUpToSnapshot()))
          .orElse(DeletedPositions.none());
      if (!file.inlinedDeletions().isEmpty()) {
        deletes = deletes.union(DeletedPositions.inCatalog(file.inlinedDeletions().positions(), file.path(),
            file.recordCount()));
      }
      if (file.rowsUpToSnapshot().isPresent()) {
        deletes = deletes.union(DeletedPositions.rowsAfter(opener.open(file.path()), file.path(), file.recordCount(),
            file.rowsUpToSnapshot().getAsLong()));
      }
      VersionParser.ParsedVersion version = null;
      try {
        version = VersionParser.parse(reader.getFooter().getFileMetaData().getCreatedBy());
      } catch (VersionParser.VersionParseException | RuntimeException e) {
        // Only used to work around bugs of old parquet-mr writers; DuckDB's created_by does not parse.
      }
      return new DataFileScan(file, reader, buffers, slots, deletes, version);
    } catch (RuntimeException e) {
      closeQuietly(reader, e);
      throw e;
    }
  }

  /**
   * rowid and snapshot_id as DuckDB reads them: from the file's own column when it has one
   * ({@code _ducklake_internal_row_id}, {@code _ducklake_internal_snapshot_id}), else from the catalog
   * (row_id_start plus position; begin_snapshot).
   */
  private static Slot bindVirtual(BoundColumn c, DataFile file, MessageType schema, List<Type> requested) {
    boolean rowId = c.isRowId();
    String name = rowId ? ROW_ID_COLUMN : DeletedPositions.SNAPSHOT_COLUMN;
    Type stored = storedColumn(schema, rowId ? ROW_ID_FIELD_ID : DeletedPositions.SNAPSHOT_FIELD_ID, name, file.path());
    if (stored != null) {
      if (!requested.contains(stored)) {
        requested.add(stored);
      }
      return new StoredIdSlot(schema.getColumnDescription(new String[] {stored.getName()}), name);
    }
    if (rowId && file.rowIdsInFile()) {
      throw new LakeReadException("data file " + file.path() + " has no row_id_start in the catalog and no INT64 "
          + ROW_ID_COLUMN + " column, so its rows have no rowid");
    }
    if (rowId) {
      return new RowIdSlot();
    }
    long snapshot = file.beginSnapshot().orElseThrow(); // the plan checks every file has one
    return new DefaultSlot((v, i) -> ((BigIntVector) v).set(i, snapshot));
  }

  /** The file's top-level column with that field id (else that name), or null; an INT64 if there. */
  private static Type storedColumn(MessageType schema, int fieldId, String name, String path) {
    Type found = null;
    for (Type t : schema.getFields()) {
      if (t.getId() != null && t.getId().intValue() == fieldId) {
        found = t;
      }
    }
    if (found == null && schema.containsField(name)) {
      found = schema.getType(name);
    }
    if (found != null && (!found.isPrimitive()
        || found.asPrimitiveType().getPrimitiveTypeName() != PrimitiveType.PrimitiveTypeName.INT64
        || found.isRepetition(Type.Repetition.REPEATED))) {
      throw new LakeReadException("data file " + path + ": column " + found.getName() + " (" + name
          + ") must be a Parquet INT64, not " + found);
    }
    return found;
  }

  private static Map<Integer, Type> fieldsById(MessageType schema, String path) {
    Map<Integer, Type> byId = new HashMap<>();
    for (Type t : schema.getFields()) {
      if (t.getId() != null && byId.put(t.getId().intValue(), t) != null) {
        throw new LakeReadException("data file " + path + " has two columns with field id " + t.getId());
      }
    }
    return byId;
  }

  private static Slot bind(BoundColumn c, Type t, MessageType schema, String path) {
    String where = "column \"" + c.column().name() + "\" (column_id " + c.column().columnId() + ") of data file "
        + path + " (stored as \"" + t.getName() + "\")";
    if (!t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
      throw new LakeReadException(where + " is a nested Parquet type, which cannot be read as the table's type "
          + c.type());
    }
    LakeType fileType = FileColumnType.of(t.asPrimitiveType(), path);
    LakeType planType = c.type();
    if (!FileColumnType.readsAs(fileType, planType)) {
      throw new LakeReadException(where + " holds " + fileType + " values, which cannot be read as the table's type "
          + planType + " (only widening promotions are allowed)");
    }
    ColumnDescriptor d = schema.getColumnDescription(new String[] {t.getName()});
    PrimitiveTypeName physical = d.getPrimitiveType().getPrimitiveTypeName();
    return new FileSlot(d, ValueCopier.of(planType, fileType, physical, where),
        FlatColumnReader.layoutOf(planType, fileType, physical), where);
  }

  /** The file this scans. */
  public DataFile file() {
    return file;
  }

  /**
   * Writes up to {@code max} surviving rows into slots 0.. of {@code vectors} (one per output column).
   *
   * @return the rows written; 0 once the file is exhausted
   */
  public int next(List<FieldVector> vectors, int max) {
    int filled = 0;
    while (filled < max) {
      if (positionInRowGroup == rowGroupRows) {
        if (!nextRowGroup()) {
          break;
        }
        continue;
      }
      long start = rowGroupStart + positionInRowGroup;
      long limit = rowGroupStart + rowGroupRows;
      int want = max - filled;
      long end = start;
      int kept = 0;
      int dc = deleteCursor;
      while (end < limit && kept < want) {
        long nextDeleted = deletes.at(dc);
        if (nextDeleted == end) {
          dc++;
          end++;
        } else {
          long take = Math.min(Math.min(nextDeleted, limit) - end, want - kept);
          end += take;
          kept += (int) take;
        }
      }
      for (int k = 0; k < slots.length; k++) {
        fill(k, vectors.get(k), start, end, filled, kept);
      }
      filled += kept;
      positionInRowGroup += end - start;
      deleteCursor = dc;
    }
    return filled;
  }

  private void fill(int k, FieldVector v, long start, long end, int out, int kept) {
    Slot s = slots[k];
    boolean noDeletes = deletes.at(deleteCursor) >= end;
    if (s instanceof DefaultSlot d) {
      for (int i = out; i < out + kept; i++) {
        d.value().write(v, i);
      }
    } else if (s instanceof NestedSlot n) {
      int dc = deleteCursor;
      int i = out;
      for (long p = start; p < end; p++) {
        if (!noDeletes && deletes.at(dc) == p) {
          n.reader().skipRow();
          dc++;
        } else {
          n.reader().read(v, i++);
        }
      }
    } else if (s instanceof StoredIdSlot stored) {
      BigIntVector ids = (BigIntVector) v;
      ColumnReaderImpl r = readers[k];
      int maxDef = stored.descriptor().getMaxDefinitionLevel();
      int dc = deleteCursor;
      int i = out;
      for (long p = start; p < end; p++) {
        boolean deleted = !noDeletes && deletes.at(dc) == p;
        if (r.getCurrentDefinitionLevel() != maxDef) {
          if (!deleted) {
            throw new LakeReadException("data file " + file.path() + " has a NULL " + stored.column() + " at position " + p);
          }
        } else if (deleted) {
          r.skip();
        } else {
          ids.set(i++, r.getLong());
        }
        if (deleted) {
          dc++;
        }
        r.consume();
      }
    } else if (s instanceof RowIdSlot) {
      BigIntVector ids = (BigIntVector) v;
      int dc = deleteCursor;
      int i = out;
      for (long p = start; p < end; p++) {
        if (!noDeletes && deletes.at(dc) == p) {
          dc++;
        } else {
          ids.set(i++, file.rowIdStart() + p);
        }
      }
    } else {
      FileSlot f = (FileSlot) s;
      FlatColumnReader flat = flatReaders[k];
      if (flat != null) {
        readFlat(flat, v, start, end, out);
        return;
      }
      ColumnReaderImpl r = readers[k];
      int maxDef = f.descriptor().getMaxDefinitionLevel();
      int dc = deleteCursor;
      int i = out;
      long p = start;
      while (p < end) {
        long nextDeleted = deletes.at(dc);
        if (nextDeleted == p) {
          // A deleted row: its value is skipped, not decoded into the vector.
          if (r.getCurrentDefinitionLevel() == maxDef) {
            r.skip();
          }
          r.consume();
          dc++;
          p++;
        } else {
          int run = (int) (Math.min(nextDeleted, end) - p);
          f.copier().copy(r, maxDef, v, i, run);
          i += run;
          p += run;
        }
      }
    }
  }

  /** Rows {@code start .. end - 1} of a column on the fast path: runs of surviving rows decoded, deleted ones skipped. */
  private void readFlat(FlatColumnReader flat, FieldVector v, long start, long end, int out) {
    int dc = deleteCursor;
    int i = out;
    long p = start;
    while (p < end) {
      long nextDeleted = deletes.at(dc);
      if (nextDeleted == p) {
        int run = 0;
        while (p < end && deletes.at(dc) == p) {
          dc++;
          p++;
          run++;
        }
        flat.skip(run);
      } else {
        int run = (int) (Math.min(nextDeleted, end) - p);
        flat.read(v, i, run);
        i += run;
        p += run;
      }
    }
  }

  private boolean nextRowGroup() {
    if (rowGroupIndex + 1 >= rowGroups.size()) {
      return false;
    }
    rowGroupStart += rowGroupRows;
    rowGroupIndex++;
    positionInRowGroup = 0;
    if (!readsPages) {
      // Only rowid and defaults: the footer's row counts are all that is needed.
      rowGroupRows = rowGroups.get(rowGroupIndex).getRowCount();
      return true;
    }
    PageReadStore rg;
    try {
      rg = reader.readNextRowGroup();
    } catch (LakeReadException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new LakeReadException("cannot read row group " + rowGroupIndex + " of data file " + file.path()
          + ": " + e.getMessage(), e);
    }
    if (rg == null) {
      throw new LakeReadException("data file " + file.path() + " ended before its row group " + rowGroupIndex);
    }
    rowGroupRows = rg.getRowCount();
    for (int k = 0; k < slots.length; k++) {
      if (slots[k] instanceof FileSlot f) {
        ColumnChunkMetaData chunk = f.flat() == null ? null : chunkOf(rowGroups.get(rowGroupIndex), rg, f.descriptor());
        if (chunk != null && FlatColumnReader.readsChunk(chunk.getEncodings(), f.descriptor())) {
          readers[k] = null;
          // An uncompressed chunk's pages are slices of parquet's buffers, not arrays to hand back.
          PageBuffers pageBuffers = chunk.getCodec() == CompressionCodecName.UNCOMPRESSED ? null : buffers;
          flatReaders[k] = new FlatColumnReader(f.descriptor(), f.flat(), rg.getPageReader(f.descriptor()), pageBuffers,
              f.where());
        } else {
          flatReaders[k] = null;
          readers[k] = new ColumnReaderImpl(f.descriptor(), rg.getPageReader(f.descriptor()), NO_CONVERTER, writerVersion);
        }
      } else if (slots[k] instanceof StoredIdSlot stored) {
        readers[k] = new ColumnReaderImpl(stored.descriptor(), rg.getPageReader(stored.descriptor()), NO_CONVERTER,
            writerVersion);
      } else if (slots[k] instanceof NestedSlot n) {
        n.reader().startRowGroup(rg, writerVersion);
      }
    }
    return true;
  }

  /** The footer's metadata of {@code d}'s chunk in the row group just read, or null if it cannot be matched. */
  private static ColumnChunkMetaData chunkOf(BlockMetaData block, PageReadStore rg, ColumnDescriptor d) {
    if (block.getRowCount() != rg.getRowCount()) {
      return null; // parquet skipped an empty row group: the footer's index no longer matches
    }
    ColumnPath path = ColumnPath.get(d.getPath());
    for (ColumnChunkMetaData c : block.getColumns()) {
      if (c.getPath().equals(path)) {
        return c;
      }
    }
    return null;
  }

  @Override
  public void close() {
    try {
      reader.close();
    } catch (IOException e) {
      throw new LakeReadException("cannot close data file " + file.path() + ": " + e.getMessage(), e);
    }
  }

  private static void closeQuietly(ParquetFileReader reader, RuntimeException failure) {
    try {
      reader.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }
}
