package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.bytes.ByteBufferReleaser;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The fast path for the common flat column chunk: a required or optional INT32, INT64, FLOAT, DOUBLE
 * or BYTE_ARRAY column read into a vector of the same width, whose pages are PLAIN or dictionary
 * encoded with RLE definition levels. Page bytes (decompressed by parquet's page reader) are decoded
 * straight into the vector's buffers: runs of definition levels and dictionary ids are handled as
 * counts, PLAIN fixed-width values are copied in one block, strings by slices, and the batch's
 * capacity is ensured once per call instead of once per value.
 *
 * <p>parquet's ColumnReader spends most of a scan in per-value calls (definition level, consume,
 * value read, a ByteBuffer slice per string); this class does none of them. Every other chunk
 * (other encodings, nested, converted types) keeps the ColumnReader path through {@link ValueCopier}.
 */
final class FlatColumnReader {

  /** How the values of a supported column lie in Parquet and in the Arrow vector. */
  enum Layout {
    /** 4-byte little-endian values, the same bits in Parquet and in Arrow. */
    FIXED4(4),
    /** 8-byte little-endian values, the same bits in Parquet and in Arrow. */
    FIXED8(8),
    /** Length-prefixed bytes into a variable-width vector. */
    BINARY(0);

    final int width;

    Layout(int width) {
      this.width = width;
    }
  }

  private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();
  private static final Set<Encoding> PAGE_ENCODINGS =
      Set.of(Encoding.PLAIN, Encoding.RLE, Encoding.BIT_PACKED, Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY);

  /**
   * The layout of a flat column of physical type {@code physical} read as {@code plan}, or null when the
   * fast path does not apply: the plan reads the file's own type with no conversion of the bits.
   */
  static Layout layoutOf(LakeType plan, LakeType file, PrimitiveTypeName physical) {
    if (plan.kind() != file.kind()) {
      return null;
    }
    return switch (plan.kind()) {
      case INT32, DATE -> physical == PrimitiveTypeName.INT32 ? Layout.FIXED4 : null;
      case FLOAT32 -> physical == PrimitiveTypeName.FLOAT ? Layout.FIXED4 : null;
      case INT64, TIMESTAMP, TIMESTAMPTZ -> physical == PrimitiveTypeName.INT64 ? Layout.FIXED8 : null;
      case FLOAT64 -> physical == PrimitiveTypeName.DOUBLE ? Layout.FIXED8 : null;
      case VARCHAR, JSON, BLOB -> physical == PrimitiveTypeName.BINARY ? Layout.BINARY : null;
      default -> null;
    };
  }

  /**
   * Whether this reader decodes every page of a chunk of {@code d} whose pages use {@code encodings}
   * (as its footer lists them): a flat column (at most one definition level) of PLAIN or dictionary
   * values and RLE or BIT_PACKED levels (parquet-java names the absent repetition levels BIT_PACKED).
   */
  static boolean readsChunk(Set<Encoding> encodings, ColumnDescriptor d) {
    if (d.getMaxRepetitionLevel() != 0 || d.getMaxDefinitionLevel() > 1) {
      return false;
    }
    for (Encoding e : encodings) {
      if (!PAGE_ENCODINGS.contains(e)) {
        return false;
      }
    }
    return true;
  }

  private final Layout layout;
  private final PageReader pages;
  private final PageBuffers buffers;
  private final int maxDef;
  private final String where;

  // The dictionary, decoded once per chunk: fixed-width values, or offsets into bytes.
  private int dictionarySize = -1;
  private int[] dict4;
  private long[] dict8;
  private int[] dictOffsets;
  private byte[] dictBytes;

  // The current page: values left, its levels, its values (PLAIN at pos, or dictionary ids).
  private int pageLeft;
  private HybridRuns defs;
  private byte[] page;
  private boolean pageDecompressed;
  private int pos;
  private int pageEnd;
  private HybridRuns ids;
  private int pageNumber;

  private int[] scratch = new int[1024];
  private byte[] gathered = new byte[1 << 16];

  FlatColumnReader(ColumnDescriptor d, Layout layout, PageReader pages, String where) {
    this(d, layout, pages, null, where);
  }

  /**
   * @param buffers where the arrays of decoded pages are handed back for reuse, or null when the chunk is
   *     not compressed: its pages are then slices of the row group's buffers, not arrays of their own
   */
  FlatColumnReader(ColumnDescriptor d, Layout layout, PageReader pages, PageBuffers buffers, String where) {
    this.layout = layout;
    this.pages = pages;
    this.buffers = buffers;
    this.maxDef = d.getMaxDefinitionLevel();
    this.where = where;
    DictionaryPage dictionary = pages.readDictionaryPage();
    if (dictionary != null) {
      readDictionary(dictionary);
    }
  }

  /** Decodes the next {@code n} values (NULLs included) into slots {@code out .. out + n - 1} of {@code v}. */
  void read(FieldVector v, int out, int n) {
    if (layout == Layout.BINARY) {
      BaseVariableWidthVector w = (BaseVariableWidthVector) v;
      while (w.getValueCapacity() < out + n) {
        w.reallocValidityAndOffsetBuffers();
      }
    } else {
      while (v.getValueCapacity() < out + n) {
        v.reAlloc();
      }
    }
    int end = out + n;
    while (out < end) {
      if (pageLeft == 0) {
        nextPage();
      }
      int m = Math.min(end - out, pageLeft);
      readInPage(v, out, m);
      pageLeft -= m;
      out += m;
      if (pageLeft == 0) {
        release();
      }
    }
    if (layout == Layout.BINARY && n > 0) {
      ((BaseVariableWidthVector) v).setLastSet(end - 1);
    }
  }

  /** Skips the next {@code n} values (a run of deleted rows). */
  void skip(int n) {
    while (n > 0) {
      if (pageLeft == 0) {
        nextPage();
      }
      int m = Math.min(n, pageLeft);
      int defined = m;
      if (defs != null) {
        defined = 0;
        int i = 0;
        while (i < m) {
          int c = Math.min(defs.runLength(), m - i);
          if (defs.repeated()) {
            defined += defs.repeatedValue() == maxDef ? c : 0;
          } else {
            for (int j = 0; j < c; j++) {
              defined += defs.packed(j) == maxDef ? 1 : 0;
            }
          }
          defs.take(c);
          i += c;
        }
      }
      skipValues(defined);
      pageLeft -= m;
      n -= m;
      if (pageLeft == 0) {
        release();
      }
    }
  }

  private void readInPage(FieldVector v, int out, int m) {
    if (defs == null) {
      copyValues(v, out, m);
      return;
    }
    int i = 0;
    while (i < m) {
      int c = Math.min(defs.runLength(), m - i);
      if (defs.repeated()) {
        if (defs.repeatedValue() == maxDef) {
          copyValues(v, out + i, c);
        } else {
          nulls(v, out + i, c);
        }
      } else {
        int j = 0;
        while (j < c) {
          boolean defined = defs.packed(j) == maxDef;
          int k = j + 1;
          while (k < c && (defs.packed(k) == maxDef) == defined) {
            k++;
          }
          if (defined) {
            copyValues(v, out + i + j, k - j);
          } else {
            nulls(v, out + i + j, k - j);
          }
          j = k;
        }
      }
      defs.take(c);
      i += c;
    }
  }

  /** NULLs in slots {@code at .. at + c - 1}: validity cleared; a string's slots are empty. */
  private void nulls(FieldVector v, int at, int c) {
    ArrowBuf validity = v.getValidityBuffer();
    for (int i = at; i < at + c; i++) {
      validity.setByte(i >>> 3, validity.getByte(i >>> 3) & ~(1 << (i & 7)));
    }
    if (layout == Layout.BINARY) {
      ArrowBuf offsets = v.getOffsetBuffer();
      int offset = offsets.getInt((long) at * 4);
      for (int i = at + 1; i <= at + c; i++) {
        offsets.setInt((long) i * 4, offset);
      }
    }
  }

  /** The next {@code c} non-NULL values into slots {@code at .. at + c - 1}. */
  private void copyValues(FieldVector v, int at, int c) {
    setValid(v.getValidityBuffer(), at, c);
    if (ids == null) {
      switch (layout) {
        case FIXED4, FIXED8 -> {
          int bytes = c * layout.width;
          checkPlain(bytes);
          v.getDataBuffer().setBytes((long) at * layout.width, page, pos, bytes);
          pos += bytes;
        }
        case BINARY -> copyPlainBinary((BaseVariableWidthVector) v, at, c);
      }
      return;
    }
    int[] id = idsOf(c);
    switch (layout) {
      case FIXED4 -> {
        ArrowBuf data = v.getDataBuffer();
        for (int i = 0; i < c; i++) {
          data.setInt((long) (at + i) * 4, dict4[checkId(id[i])]);
        }
      }
      case FIXED8 -> {
        ArrowBuf data = v.getDataBuffer();
        for (int i = 0; i < c; i++) {
          data.setLong((long) (at + i) * 8, dict8[checkId(id[i])]);
        }
      }
      case BINARY -> {
        BaseVariableWidthVector w = (BaseVariableWidthVector) v;
        ArrowBuf offsets = w.getOffsetBuffer();
        int start = offsets.getInt((long) at * 4);
        long total = start;
        for (int i = 0; i < c; i++) {
          int k = checkId(id[i]);
          total += dictOffsets[k + 1] - dictOffsets[k];
          offsets.setInt((long) (at + i + 1) * 4, Math.toIntExact(total));
        }
        int bytes = (int) (total - start);
        if (gathered.length < bytes) {
          gathered = new byte[Math.max(bytes, gathered.length * 2)];
        }
        int q = 0;
        for (int i = 0; i < c; i++) {
          int k = id[i];
          int len = dictOffsets[k + 1] - dictOffsets[k];
          System.arraycopy(dictBytes, dictOffsets[k], gathered, q, len);
          q += len;
        }
        dataBufferOf(w, total).setBytes(start, gathered, 0, bytes);
      }
    }
  }

  private void copyPlainBinary(BaseVariableWidthVector w, int at, int c) {
    ArrowBuf offsets = w.getOffsetBuffer();
    int start = offsets.getInt((long) at * 4);
    long total = start;
    int p = pos;
    for (int i = 0; i < c; i++) {
      int len = plainLength(p);
      total += len;
      offsets.setInt((long) (at + i + 1) * 4, Math.toIntExact(total));
      p += 4 + len;
    }
    // The strings without their length prefixes gathered on the heap, then one copy into the vector:
    // a copy into Arrow memory per string costs its bounds checks and an off-heap call each time.
    int bytes = (int) (total - start);
    if (gathered.length < bytes) {
      gathered = new byte[Math.max(bytes, gathered.length * 2)];
    }
    int q = 0;
    p = pos;
    for (int i = 0; i < c; i++) {
      int len = (int) INT_LE.get(page, p);
      System.arraycopy(page, p + 4, gathered, q, len);
      q += len;
      p += 4 + len;
    }
    dataBufferOf(w, total).setBytes(start, gathered, 0, bytes);
    pos = p;
  }

  private int plainLength(int p) {
    if (p + 4 > pageEnd) {
      throw new LakeReadException(where + ": page " + pageNumber + " ends inside a string's length");
    }
    int len = (int) INT_LE.get(page, p);
    if (len < 0 || len > pageEnd - p - 4) {
      throw new LakeReadException(where + ": page " + pageNumber + " has a string of " + len
          + " bytes where " + (pageEnd - p - 4) + " are left");
    }
    return len;
  }

  private static ArrowBuf dataBufferOf(BaseVariableWidthVector w, long bytes) {
    while (w.getDataBuffer().capacity() < bytes) {
      w.reallocDataBuffer();
    }
    return w.getDataBuffer();
  }

  private void skipValues(int c) {
    if (c == 0) {
      return;
    }
    if (ids != null) {
      ids.skip(c);
    } else if (layout == Layout.BINARY) {
      for (int i = 0; i < c; i++) {
        pos += 4 + plainLength(pos);
      }
    } else {
      checkPlain(c * layout.width);
      pos += c * layout.width;
    }
  }

  private int[] idsOf(int c) {
    if (scratch.length < c) {
      scratch = new int[Math.max(c, scratch.length * 2)];
    }
    ids.read(scratch, c);
    return scratch;
  }

  private int checkId(int id) {
    if (id < 0 || id >= dictionarySize) {
      throw new LakeReadException(where + ": page " + pageNumber + " names dictionary entry " + id + " of a dictionary of "
          + dictionarySize);
    }
    return id;
  }

  private void checkPlain(int bytes) {
    if (bytes > pageEnd - pos) {
      throw new LakeReadException(where + ": page " + pageNumber + " has " + (pageEnd - pos) + " bytes of values left, "
          + bytes + " are needed");
    }
  }

  private static void setValid(ArrowBuf validity, int at, int c) {
    int i = at;
    int end = at + c;
    while (i < end && (i & 7) != 0) {
      validity.setByte(i >>> 3, validity.getByte(i >>> 3) | (1 << (i & 7)));
      i++;
    }
    while (i + 8 <= end) {
      validity.setByte(i >>> 3, 0xFF);
      i += 8;
    }
    while (i < end) {
      validity.setByte(i >>> 3, validity.getByte(i >>> 3) | (1 << (i & 7)));
      i++;
    }
  }

  /**
   * Drops the page once every value of it has been copied out or skipped, handing its array back for a
   * later page to decompress into (a chunk is often a single page, so not only when the next page is read).
   */
  private void release() {
    if (pageDecompressed && buffers != null) {
      buffers.giveBack(page);
    }
    page = null;
    pageDecompressed = false;
    defs = null;
    ids = null;
  }

  private void nextPage() {
    DataPage p = pages.readPage();
    pageNumber++;
    if (p == null) {
      throw new LakeReadException(where + ": the column chunk ends after " + (pageNumber - 1)
          + " pages, before the row group's last row");
    }
    pageLeft = p.getValueCount();
    defs = null;
    ids = null;
    String pageName = where + ", page " + pageNumber;
    Encoding values = p.accept(new DataPage.Visitor<Encoding>() {
      @Override
      public Encoding visit(DataPageV1 v1) {
        load(v1.getBytes());
        byte[] b = page;
        int at = 0;
        if (maxDef > 0 && v1.getDlEncoding() == Encoding.BIT_PACKED) {
          // The deprecated level encoding: one bit per value, most significant first, no length.
          int len = (v1.getValueCount() + 7) >>> 3;
          if (len > pageEnd) {
            throw new LakeReadException(pageName + " has " + pageEnd + " bytes, fewer than its definition levels");
          }
          defs = HybridRuns.bitPacked(b, 0, v1.getValueCount(), pageName + " (definition levels)");
          at = len;
        } else if (maxDef > 0) {
          if (v1.getDlEncoding() != Encoding.RLE) {
            throw new LakeReadException(pageName + " has " + v1.getDlEncoding()
                + " definition levels, which its column chunk does not list");
          }
          if (pageEnd < 4) {
            throw new LakeReadException(pageName + " has " + pageEnd + " bytes, too few for its definition levels' length");
          }
          int len = (int) INT_LE.get(b, 0);
          if (len < 0 || len > pageEnd - 4) {
            throw new LakeReadException(pageName + " has definition levels of " + len + " bytes in a page of " + pageEnd);
          }
          defs = new HybridRuns(b, 4, 4 + len, 1, pageName + " (definition levels)");
          at = 4 + len;
        }
        pos = at;
        // parquet decompresses every page of a compressed chunk
        pageDecompressed = true;
        return v1.getValueEncoding();
      }

      @Override
      public Encoding visit(DataPageV2 v2) {
        if (maxDef > 0) {
          byte[] levels = bytesOf(v2.getDefinitionLevels());
          defs = new HybridRuns(levels, 0, levels.length, 1, pageName + " (definition levels)");
        }
        load(v2.getData());
        pos = 0;
        pageDecompressed = v2.isCompressed();
        return v2.getDataEncoding();
      }
    });
    switch (values) {
      case PLAIN -> {}
      case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
        if (dictionarySize < 0) {
          throw new LakeReadException(pageName + " holds dictionary ids, but its column chunk has no dictionary page");
        }
        if (pos >= pageEnd) {
          throw new LakeReadException(pageName + " holds dictionary ids but has no bit width");
        }
        ids = new HybridRuns(page, pos + 1, pageEnd, page[pos], pageName + " (dictionary ids)");
      }
      default -> throw new LakeReadException(pageName + " is " + values + "-encoded, which its column chunk does not list");
    }
  }

  private void readDictionary(DictionaryPage d) {
    if (d.getEncoding() != Encoding.PLAIN && d.getEncoding() != Encoding.PLAIN_DICTIONARY) {
      throw new LakeReadException(where + " has a " + d.getEncoding() + " dictionary page (only PLAIN is defined)");
    }
    byte[] b = bytesOf(d.getBytes());
    int n = d.getDictionarySize();
    if (n < 0) {
      throw new LakeReadException(where + " has a dictionary of " + n + " entries");
    }
    switch (layout) {
      case FIXED4 -> {
        checkDictionaryBytes(b, (long) n * 4);
        dict4 = new int[n];
        for (int i = 0; i < n; i++) {
          dict4[i] = (int) INT_LE.get(b, i * 4);
        }
      }
      case FIXED8 -> {
        checkDictionaryBytes(b, (long) n * 8);
        dict8 = new long[n];
        for (int i = 0; i < n; i++) {
          dict8[i] = (long) LONG_LE.get(b, i * 8);
        }
      }
      case BINARY -> {
        dictOffsets = new int[n + 1];
        int p = 0;
        int total = 0;
        for (int i = 0; i < n; i++) {
          checkDictionaryBytes(b, (long) p + 4);
          int len = (int) INT_LE.get(b, p);
          if (len < 0) {
            throw new LakeReadException(where + " has a dictionary string of " + len + " bytes");
          }
          checkDictionaryBytes(b, (long) p + 4 + len);
          p += 4 + len;
          total += len;
          dictOffsets[i + 1] = total;
        }
        // The bytes without their length prefixes, so that the offsets index them directly.
        dictBytes = new byte[total];
        p = 0;
        for (int i = 0; i < n; i++) {
          int len = dictOffsets[i + 1] - dictOffsets[i];
          System.arraycopy(b, p + 4, dictBytes, dictOffsets[i], len);
          p += 4 + len;
        }
      }
    }
    dictionarySize = n;
  }

  private void checkDictionaryBytes(byte[] b, long needed) {
    if (needed > b.length) {
      throw new LakeReadException(where + " has a dictionary page of " + b.length + " bytes, too short for its "
          + "entries");
    }
  }

  /** The page's values as {@code page[0 .. pageEnd - 1]} (the array may be longer). */
  private void load(BytesInput in) {
    Bytes b = bytes(in);
    page = b.array();
    pageEnd = b.length();
  }

  /** A page's bytes as one array of their length: the decompressor's own array when it is one, else a copy. */
  private byte[] bytesOf(BytesInput in) {
    Bytes b = bytes(in);
    return b.length() == b.array().length ? b.array() : java.util.Arrays.copyOf(b.array(), b.length());
  }

  /** Bytes as {@code array[0 .. length - 1]}. */
  private record Bytes(byte[] array, int length) {}

  /** A page's bytes: the decompressor's own array when they start it, else a copy. */
  private Bytes bytes(BytesInput in) {
    try (ByteBufferReleaser releaser = new ByteBufferReleaser(HEAP)) {
      ByteBuffer b = in.toByteBuffer(releaser);
      if (b.hasArray() && b.arrayOffset() + b.position() == 0) {
        return new Bytes(b.array(), b.remaining());
      }
      byte[] a = new byte[b.remaining()];
      b.duplicate().get(a);
      return new Bytes(a, a.length);
    } catch (RuntimeException e) {
      throw new LakeReadException(where + ": cannot read page " + pageNumber + ": " + e.getMessage(), e);
    }
  }
}
