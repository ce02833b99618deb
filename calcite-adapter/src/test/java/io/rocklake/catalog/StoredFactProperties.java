package io.rocklake.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.rocklake.catalog.proto.RowFact;
import io.rocklake.catalog.proto.Value;
import io.rocklake.kv.KeyValue;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Example;

/**
 * A stored fact reads back as what was written: rows of random values of every column type, written
 * by the generated protobuf code ({@link Values#rowFact}), decode to equal values; and the proto
 * rules a hand-written reader could get wrong hold — unknown fields skipped, the last member of a
 * oneof wins, short and long value lists, deletions, corrupt bytes refused with the key named.
 */
class StoredFactProperties {
  record Cell(ColumnType type, Object value) {}

  @Provide
  Arbitrary<List<Cell>> rows() {
    Arbitrary<Cell> cell = Arbitraries.of(ColumnType.stored()).flatMap(t -> valueOf(t).injectNull(0.15).map(v -> new Cell(t, v)));
    return cell.list().ofMaxSize(20);
  }

  private static Arbitrary<?> valueOf(ColumnType type) {
    switch (type) {
      case BIGINT: return Arbitraries.longs();
      case INTEGER: return Arbitraries.integers();
      case SMALLINT: return Arbitraries.shorts();
      case VARCHAR: case TEXT: return Arbitraries.strings().ofMaxLength(40);
      case BOOLEAN: return Arbitraries.of(true, false);
      case TIMESTAMPTZ:
        return Arbitraries.longs().between(-62_135_596_800_000_000L, 253_402_300_799_999_999L)
            .map(us -> Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000L), Math.floorMod(us, 1_000_000L) * 1000));
      case UUID: return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
      case REAL: return Arbitraries.of(0f, -0f, 1.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.MIN_VALUE, -3.4e38f);
      case DOUBLE: return Arbitraries.doubles().withSpecialValue(Double.NaN).withSpecialValue(Double.NEGATIVE_INFINITY);
      case DECIMAL: return Arbitraries.bigDecimals().between(new BigDecimal("-1e20"), new BigDecimal("1e20")).ofScale(4);
      case BYTEA: return Arbitraries.bytes().array(byte[].class).ofMaxSize(30);
      case TIME: return Arbitraries.longs().between(0, 86_399_999_999L).map(us -> LocalTime.ofNanoOfDay(us * 1000));
      case TIMETZ:
        return Combinators.combine(Arbitraries.longs().between(0, 86_399_999_999L), Arbitraries.integers().between(-15, 15))
            .as((us, h) -> OffsetTime.of(LocalTime.ofNanoOfDay(us * 1000), ZoneOffset.ofHours(h)));
      case INTERVAL:
        return Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), Arbitraries.longs()).as(ColumnType.Interval::new);
      case DATE: return Arbitraries.integers().between(-700_000, 2_900_000).map(LocalDate::ofEpochDay);
      default: throw new IllegalArgumentException("no generator for " + type);
    }
  }

  @Property(tries = 500)
  void aRowOfAnyColumnTypesReadsBackAsWritten(@ForAll("rows") List<Cell> row, @ForAll long rowId) {
    List<ColumnDef> columns = new ArrayList<>();
    Object[] values = new Object[row.size()];
    for (int i = 0; i < row.size(); i++) {
      columns.add(ColumnDef.of("c" + i, row.get(i).type()));
      values[i] = row.get(i).value();
    }
    StoredFact read = decode(Values.rowFact(rowId, values).toByteArray(), columns);
    assertThat(read.deleted()).isFalse();
    assertThat(read.rowId()).isEqualTo(rowId);
    assertThat(read.values()).containsExactly(values);
  }

  @Example
  void aDeletionHasNoValuesAndKeepsItsRowId() {
    StoredFact read = decode(Values.tombstone(42).toByteArray(), List.of(ColumnDef.of("a", ColumnType.BIGINT)));
    assertThat(read.deleted()).isTrue();
    assertThat(read.rowId()).isEqualTo(42);
    assertThat(read.values()).isNull();
  }

  @Example
  void columnsAddedAfterTheFactWasWrittenReadAsNullAndValuesBeyondTheColumnsAreIgnored() {
    byte[] fact = Values.rowFact(7, new Object[] {1L, "a", 3L}).toByteArray();
    List<ColumnDef> two = List.of(ColumnDef.of("a", ColumnType.BIGINT), ColumnDef.of("b", ColumnType.VARCHAR));
    assertThat(decode(fact, two).values()).containsExactly(1L, "a");
    List<ColumnDef> four = List.of(ColumnDef.of("a", ColumnType.BIGINT), ColumnDef.of("b", ColumnType.VARCHAR),
        ColumnDef.of("c", ColumnType.BIGINT), ColumnDef.of("d", ColumnType.BOOLEAN));
    assertThat(decode(fact, four).values()).containsExactly(1L, "a", 3L, null);
  }

  @Example
  void unknownFieldsAreSkippedInTheRowAndInEachValue() {
    UnknownFieldSet extra = UnknownFieldSet.newBuilder()
        .addField(15, UnknownFieldSet.Field.newBuilder().addVarint(99).addLengthDelimited(ByteString.copyFromUtf8("x")).addFixed64(5).build())
        .build();
    RowFact fact = RowFact.newBuilder().setRowId(3)
        .addValues(Value.newBuilder().setIntValue(11).setUnknownFields(extra))
        .addValues(Value.newBuilder().setTextValue("kept"))
        .setUnknownFields(extra).build();
    StoredFact read = decode(fact.toByteArray(), List.of(ColumnDef.of("a", ColumnType.INTEGER), ColumnDef.of("b", ColumnType.TEXT)));
    assertThat(read.rowId()).isEqualTo(3);
    assertThat(read.values()).containsExactly(11, "kept");
  }

  @Example
  void theLastMemberOfAOneofWinsAsTheGeneratedParserDecides() throws Exception {
    // Two encodings of one Value concatenated are one message to protobuf: the later kind replaces the earlier.
    ByteArrayOutputStream value = new ByteArrayOutputStream();
    Value.newBuilder().setIntValue(5).build().writeTo(value);
    Value.newBuilder().setTextValue("later").build().writeTo(value);
    byte[] bytes = RowFact.newBuilder().setRowId(1).addValues(Value.parseFrom(value.toByteArray())).build().toByteArray();
    ByteArrayOutputStream row = new ByteArrayOutputStream();
    row.write(10); // field 1, length-delimited
    row.write(value.size());
    value.writeTo(row);
    row.write(new byte[] {24, 1}); // row_id = 1
    assertThat(RowFact.parseFrom(row.toByteArray())).isEqualTo(RowFact.parseFrom(bytes));
    assertThat(decode(row.toByteArray(), List.of(ColumnDef.of("a", ColumnType.TEXT))).values()).containsExactly("later");
  }

  @Example
  void corruptBytesAreRefusedWithTheKeyOfTheFact() {
    byte[] truncated = java.util.Arrays.copyOf(Values.rowFact(1, new Object[] {"a long enough text"}).toByteArray(), 8);
    assertThatThrownBy(() -> StoredFact.decode(new KeyValue(new byte[] {1, 2, (byte) 0xab}, truncated),
        List.of(ColumnDef.of("a", ColumnType.TEXT))))
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("corrupt catalog fact at key 0102ab");
  }

  private static StoredFact decode(byte[] fact, List<ColumnDef> columns) {
    return StoredFact.decode(new KeyValue(new byte[] {1}, fact), columns);
  }
}
