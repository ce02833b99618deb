package io.rocklake.avatica;

import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A frame of scalar rows that goes on the wire with each value once. Avatica's own
 * {@link Meta.Frame#toProto()} writes every scalar twice in its {@code ColumnValue}: as
 * {@code scalar_value} and again in the repeated {@code value} field that clients before 1.8 read,
 * so each value is built, sized, written and parsed twice, and the client asks protobuf's
 * reflective {@code hasField} four times per value to tell the two forms apart. A column holding
 * only {@code value} (one element) is the form every Avatica client still decodes (the stock
 * driver's {@code Frame.fromProto} reads it as that one scalar, through the same
 * {@code TypedValue} conversion); each value's {@code TypedValue} is still Avatica's own
 * {@link TypedValue#toProto}, so what the client reads is unchanged. Profiling a 1M-row
 * {@code SELECT *} put a third of the server's HTTP threads' time and most of the client's
 * decoding under the doubled form (docs/benchmarks.md, <i>Avatica</i>).
 *
 * <p>A frame holding an array value (a {@link List}) is written by Avatica as usual: the one-element
 * form cannot tell a one-element array from a scalar.
 */
final class SingleValueFrame extends Meta.Frame {
  private final List<Object> rowList;

  SingleValueFrame(long offset, boolean done, List<Object> rows) {
    super(offset, done, rows);
    this.rowList = rows;
  }

  @Override public Common.Frame toProto() {
    Common.Frame.Builder frame = Common.Frame.newBuilder().setDone(done).setOffset(offset);
    Common.TypedValue.Builder typed = Common.TypedValue.newBuilder();
    Common.ColumnValue.Builder column = Common.ColumnValue.newBuilder();
    for (Object r : rowList) {
      if (!(r instanceof Object[] values)) {
        return super.toProto(); // rows as lists are not what OpenStatement builds; Avatica writes them
      }
      Common.Row.Builder row = Common.Row.newBuilder();
      for (Object v : values) {
        if (v instanceof List) {
          return super.toProto();
        }
        typed.clear();
        TypedValue.toProto(typed, v);
        row.addValue(column.clear().addValue(typed.build()).build());
      }
      frame.addRows(row.build());
    }
    return frame.build();
  }
}
