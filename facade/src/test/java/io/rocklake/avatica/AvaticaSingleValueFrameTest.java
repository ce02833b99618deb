package io.rocklake.avatica;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.junit.jupiter.api.Test;

/**
 * A frame written with each value once decodes, in the stock client's {@code Frame.fromProto}, to
 * exactly what Avatica's own doubled form decodes to, and is smaller on the wire.
 */
class AvaticaSingleValueFrameTest {
  private static List<Object> rows() {
    List<Object> rows = new ArrayList<>();
    rows.add(new Object[] {42L, 0.5, "row-42", null, true, (short) 7, 12, 1.5f, new BigDecimal("-12.3400"),
        new byte[] {0, 1, (byte) 0xff}, 10957, "héllo ☃ \uD83D\uDE00"});
    rows.add(new Object[] {Long.MIN_VALUE, Double.NaN, "", null, false, Short.MAX_VALUE, Integer.MIN_VALUE,
        Float.NEGATIVE_INFINITY, new BigDecimal("1E+30"), new byte[0], -1, null});
    return rows;
  }

  @Test void theStockClientDecodesTheSameValuesAsFromAvaticasOwnFrame() {
    Meta.Frame stock = Meta.Frame.fromProto(new Meta.Frame(10, false, rows()).toProto());
    Meta.Frame single = Meta.Frame.fromProto(new SingleValueFrame(10, false, rows()).toProto());
    assertThat(single.offset).isEqualTo(stock.offset);
    assertThat(single.done).isEqualTo(stock.done);
    List<Object> a = new ArrayList<>();
    stock.rows.forEach(a::add);
    List<Object> b = new ArrayList<>();
    single.rows.forEach(b::add);
    assertThat(b).hasSize(2);
    for (int r = 0; r < a.size(); r++) {
      List<?> x = (List<?>) a.get(r);
      List<?> y = (List<?>) b.get(r);
      assertThat(y).hasSameSizeAs(x);
      for (int c = 0; c < x.size(); c++) {
        if (x.get(c) instanceof byte[] bytes) {
          assertThat((byte[]) y.get(c)).as("column %d", c).isEqualTo(bytes);
        } else {
          assertThat(y.get(c)).as("column %d of row %d", c, r).isEqualTo(x.get(c));
          assertThat(y.get(c) == null ? null : y.get(c).getClass()).isEqualTo(x.get(c) == null ? null
              : x.get(c).getClass());
        }
      }
    }
  }

  @Test void eachValueIsOnTheWireOnceWhereAvaticaWritesItTwice() {
    Common.Frame stock = new Meta.Frame(0, true, rows()).toProto();
    Common.Frame single = new SingleValueFrame(0, true, rows()).toProto();
    Common.ColumnValue stockColumn = stock.getRows(0).getValue(2);
    Common.ColumnValue singleColumn = single.getRows(0).getValue(2);
    assertThat(stockColumn.hasScalarValue()).isTrue();
    assertThat(stockColumn.getValueCount()).isEqualTo(1);
    assertThat(singleColumn.hasScalarValue()).isFalse();
    assertThat(singleColumn.getValueList()).containsExactly(stockColumn.getScalarValue());
    assertThat(single.getSerializedSize()).isLessThan(stock.getSerializedSize() * 6 / 10);
  }

  @Test void aFrameHoldingAnArrayIsWrittenAsAvaticaWritesIt() {
    List<Object> rows = new ArrayList<>();
    rows.add(new Object[] {1L, Arrays.asList(1, 2)});
    assertThat(new SingleValueFrame(0, true, rows).toProto()).isEqualTo(new Meta.Frame(0, true, rows).toProto());
  }
}
