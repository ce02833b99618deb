package io.rocklake.arrowscan.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.rocklake.arrowscan.LakeType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * {@link FlatColumnReader} decodes the pages parquet-java's own column writer produces — PLAIN and
 * dictionary pages, dictionaries that fall back to PLAIN in the middle of a chunk, v1 and v2 data
 * pages, pages of a few values, NULL patterns — into exactly the values written, whatever the pattern
 * of reads and skips (deleted rows) and however small the vector's first allocation.
 */
class FlatColumnReaderProperties {

  enum Physical { INT32, INT64, FLOAT, DOUBLE, BINARY }

  enum Nulls { NONE, SOME, MOST, ALL, REQUIRED }

  enum Values { FEW_DISTINCT, ALL_DISTINCT, FEW_THEN_MANY }

  @Property(tries = 300)
  void pagesWrittenByParquetJavaDecodeIntoTheValuesWritten(@ForAll Physical physical, @ForAll Nulls nulls,
      @ForAll Values values, @ForAll boolean v2, @ForAll @IntRange(min = 0, max = 5000) int rows,
      @ForAll @IntRange(min = 64, max = 8192) int pageSize, @ForAll @IntRange(min = 64, max = 4096) int dictionarySize,
      @ForAll long seed) throws IOException {
    Random r = new Random(seed);
    ColumnDescriptor d = column(physical, nulls == Nulls.REQUIRED);
    List<Object> written = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      written.add(isNull(nulls, r) ? null : value(physical, values, i, rows, r));
    }
    MemoryPages pages = write(d, written, v2, pageSize, dictionarySize);

    Set<Encoding> encodings = pages.encodings(d);
    boolean fast = FlatColumnReader.readsChunk(encodings, d);
    net.jqwik.api.statistics.Statistics.collect(fast ? "fast path " + (pages.dictionary != null ? "with dictionary" : "plain") : "other encodings");
    net.jqwik.api.statistics.Statistics.label("pages").collect(pages.pages.size() > 1 ? "several" : "one");
    net.jqwik.api.statistics.Statistics.label("fallback").collect(pages.dictionary != null && encodings.contains(Encoding.PLAIN)
        && !v2 ? "dictionary then plain" : "no");
    if (!fast) {
      // parquet-java's v2 fallback encodings (delta, byte stream split) stay on the ColumnReader path.
      assertThat(v2).isTrue();
      return;
    }
    FlatColumnReader.Layout layout = FlatColumnReader.layoutOf(LakeType.of(kindOf(physical)), LakeType.of(kindOf(physical)),
        d.getPrimitiveType().getPrimitiveTypeName());
    try (RootAllocator allocator = new RootAllocator(); FieldVector v = vectorOf(physical, allocator)) {
      v.setInitialCapacity(1 + r.nextInt(32));
      v.allocateNew();
      FlatColumnReader reader = new FlatColumnReader(d, layout, pages.reader(), "column x of test.parquet");
      List<Object> expected = new ArrayList<>();
      int position = 0;
      int out = 0;
      while (position < rows) {
        int n = Math.min(rows - position, 1 + r.nextInt(r.nextBoolean() ? 8 : 2000));
        if (r.nextInt(4) == 0) {
          reader.skip(n);
        } else {
          reader.read(v, out, n);
          expected.addAll(written.subList(position, position + n));
          out += n;
        }
        position += n;
      }
      v.setValueCount(out);
      List<Object> read = new ArrayList<>();
      for (int i = 0; i < out; i++) {
        read.add(valueOf(v, i));
      }
      assertThat(read).containsExactlyElementsOf(expected);
    }
  }

  private static boolean isNull(Nulls nulls, Random r) {
    return switch (nulls) {
      case NONE, REQUIRED -> false;
      case SOME -> r.nextInt(10) == 0;
      case MOST -> r.nextInt(10) != 0;
      case ALL -> true;
    };
  }

  private static Object value(Physical p, Values values, int i, int rows, Random r) {
    boolean few = values == Values.FEW_DISTINCT || (values == Values.FEW_THEN_MANY && i < rows / 2);
    long x = few ? r.nextInt(5) : r.nextLong();
    return switch (p) {
      case INT32 -> (int) x;
      case INT64 -> x;
      case FLOAT -> few ? (float) x - 2.5f : Float.intBitsToFloat((int) x & 0x7F7FFFFF);
      case DOUBLE -> few ? x * 1.5 : Double.longBitsToDouble(x & 0x7FEFFFFFFFFFFFFFL);
      case BINARY -> few ? "v" + x : "s" + Long.toHexString(x).repeat(1 + r.nextInt(4)) + (r.nextInt(20) == 0 ? "" : "é");
    };
  }

  private static ColumnDescriptor column(Physical p, boolean required) {
    PrimitiveTypeName t = switch (p) {
      case INT32 -> PrimitiveTypeName.INT32;
      case INT64 -> PrimitiveTypeName.INT64;
      case FLOAT -> PrimitiveTypeName.FLOAT;
      case DOUBLE -> PrimitiveTypeName.DOUBLE;
      case BINARY -> PrimitiveTypeName.BINARY;
    };
    MessageType schema = Types.buildMessage()
        .addField(Types.primitive(t, required ? Repetition.REQUIRED : Repetition.OPTIONAL).named("x"))
        .named("m");
    return schema.getColumnDescription(new String[] {"x"});
  }

  private static LakeType.Kind kindOf(Physical p) {
    return switch (p) {
      case INT32 -> LakeType.Kind.INT32;
      case INT64 -> LakeType.Kind.INT64;
      case FLOAT -> LakeType.Kind.FLOAT32;
      case DOUBLE -> LakeType.Kind.FLOAT64;
      case BINARY -> LakeType.Kind.VARCHAR;
    };
  }

  private static FieldVector vectorOf(Physical p, RootAllocator a) {
    return switch (p) {
      case INT32 -> new IntVector("x", a);
      case INT64 -> new BigIntVector("x", a);
      case FLOAT -> new Float4Vector("x", a);
      case DOUBLE -> new Float8Vector("x", a);
      case BINARY -> new VarCharVector("x", a);
    };
  }

  private static Object valueOf(FieldVector v, int i) {
    if (v.isNull(i)) {
      return null;
    }
    if (v instanceof VarCharVector s) {
      return new String(s.get(i), StandardCharsets.UTF_8);
    }
    return v.getObject(i);
  }

  static MemoryPages write(ColumnDescriptor d, List<Object> values, boolean v2, int pageSize, int dictionarySize) {
    ParquetProperties props = ParquetProperties.builder()
        .withWriterVersion(v2 ? WriterVersion.PARQUET_2_0 : WriterVersion.PARQUET_1_0)
        .withPageSize(pageSize)
        .withDictionaryPageSize(dictionarySize)
        .withMinRowCountForPageSizeCheck(1 + values.size() % 50)
        .withPageRowCountLimit(1 + values.size() / 3 + pageSize % 100)
        .build();
    MemoryPages pages = new MemoryPages();
    MessageType schema = new MessageType("m", Types.primitive(d.getPrimitiveType().getPrimitiveTypeName(),
        d.getMaxDefinitionLevel() == 0 ? Repetition.REQUIRED : Repetition.OPTIONAL).named("x"));
    ColumnWriteStore store = props.newColumnWriteStore(schema, pages);
    ColumnWriter w = store.getColumnWriter(schema.getColumnDescription(new String[] {"x"}));
    int def = d.getMaxDefinitionLevel();
    for (Object o : values) {
      if (o == null) {
        w.writeNull(0, 0);
      } else if (o instanceof Integer x) {
        w.write(x, 0, def);
      } else if (o instanceof Long x) {
        w.write(x, 0, def);
      } else if (o instanceof Float x) {
        w.write(x, 0, def);
      } else if (o instanceof Double x) {
        w.write(x, 0, def);
      } else {
        w.write(Binary.fromString((String) o), 0, def);
      }
      store.endRecord();
    }
    store.flush();
    store.close();
    return pages;
  }

  /** The pages of one column chunk, kept in memory as a column chunk's page reader would hand them out. */
  static final class MemoryPages implements PageWriteStore, PageWriter {
    final List<DataPage> pages = new ArrayList<>();
    DictionaryPage dictionary;

    Set<Encoding> encodings(ColumnDescriptor d) {
      Set<Encoding> e = EnumSet.noneOf(Encoding.class);
      if (dictionary != null) {
        e.add(dictionary.getEncoding());
      }
      for (DataPage p : pages) {
        if (p instanceof DataPageV1 v1) {
          e.add(v1.getValueEncoding());
          e.add(v1.getDlEncoding());
          e.add(v1.getRlEncoding());
        } else {
          e.add(((DataPageV2) p).getDataEncoding());
          e.add(Encoding.RLE);
        }
      }
      return e;
    }

    PageReader reader() {
      Iterator<DataPage> it = pages.iterator();
      return new PageReader() {
        @Override
        public DictionaryPage readDictionaryPage() {
          return dictionary;
        }

        @Override
        public long getTotalValueCount() {
          return pages.stream().mapToLong(DataPage::getValueCount).sum();
        }

        @Override
        public DataPage readPage() {
          return it.hasNext() ? it.next() : null;
        }
      };
    }

    private static BytesInput copy(BytesInput b) throws IOException {
      return BytesInput.from(PureJavaCodecs.toArray(b));
    }

    @Override
    public PageWriter getPageWriter(ColumnDescriptor path) {
      return this;
    }

    @Override
    @SuppressWarnings("deprecation")
    public void writePage(BytesInput bytes, int valueCount, Statistics<?> statistics, Encoding rl, Encoding dl,
        Encoding values) throws IOException {
      writePage(bytes, valueCount, valueCount, statistics, rl, dl, values);
    }

    @Override
    public void writePage(BytesInput bytes, int valueCount, int rowCount, Statistics<?> statistics, Encoding rl,
        Encoding dl, Encoding values) throws IOException {
      BytesInput c = copy(bytes);
      pages.add(new DataPageV1(c, valueCount, Math.toIntExact(c.size()), statistics, rl, dl, values));
    }

    @Override
    public void writePageV2(int rowCount, int nullCount, int valueCount, BytesInput repetitionLevels,
        BytesInput definitionLevels, Encoding dataEncoding, BytesInput data, Statistics<?> statistics)
        throws IOException {
      pages.add(DataPageV2.uncompressed(rowCount, nullCount, valueCount, copy(repetitionLevels), copy(definitionLevels),
          dataEncoding, copy(data), statistics));
    }

    @Override
    public void writePage(BytesInput bytes, int valueCount, int rowCount, Statistics<?> statistics,
        org.apache.parquet.column.statistics.SizeStatistics sizes,
        org.apache.parquet.column.statistics.geospatial.GeospatialStatistics geo, Encoding rl, Encoding dl,
        Encoding values) throws IOException {
      writePage(bytes, valueCount, rowCount, statistics, rl, dl, values);
    }

    @Override
    public void writePageV2(int rowCount, int nullCount, int valueCount, BytesInput repetitionLevels,
        BytesInput definitionLevels, Encoding dataEncoding, BytesInput data, Statistics<?> statistics,
        org.apache.parquet.column.statistics.SizeStatistics sizes,
        org.apache.parquet.column.statistics.geospatial.GeospatialStatistics geo) throws IOException {
      writePageV2(rowCount, nullCount, valueCount, repetitionLevels, definitionLevels, dataEncoding, data, statistics);
    }

    @Override
    public long getMemSize() {
      return 0;
    }

    @Override
    public long allocatedSize() {
      return 0;
    }

    @Override
    public void writeDictionaryPage(DictionaryPage page) throws IOException {
      dictionary = new DictionaryPage(copy(page.getBytes()), page.getDictionarySize(), page.getEncoding());
    }

    @Override
    public void close() {}

    @Override
    public String memUsageString(String prefix) {
      return prefix;
    }
  }
}
