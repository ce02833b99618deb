package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeType;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Copies the current (non-null) value of a Parquet column reader into slot {@code i} of an Arrow
 * vector of the plan's type, widening when the file holds a narrower type.
 */
@FunctionalInterface
interface ValueCopier {
  void copy(ColumnReader r, FieldVector v, int i);

  /**
   * The copier from a file column of {@code file} type into a vector of {@code plan} type; the caller
   * has checked {@code file.promotesTo(plan)} (or equal decimals).
   */
  static ValueCopier of(LakeType plan, LakeType file, PrimitiveTypeName physical) {
    return switch (plan.kind()) {
      case BOOLEAN -> (r, v, i) -> ((BitVector) v).set(i, r.getBoolean() ? 1 : 0);
      case INT8 -> (r, v, i) -> ((TinyIntVector) v).set(i, (byte) r.getInteger());
      case INT16 -> (r, v, i) -> ((SmallIntVector) v).set(i, (short) r.getInteger());
      case INT32 -> (r, v, i) -> ((IntVector) v).set(i, r.getInteger());
      case INT64 -> switch (file.kind()) {
        case INT64 -> (r, v, i) -> ((BigIntVector) v).set(i, r.getLong());
        // uint32 is stored in INT32 as its bit pattern.
        case UINT32 -> (r, v, i) -> ((BigIntVector) v).set(i, Integer.toUnsignedLong(r.getInteger()));
        default -> (r, v, i) -> ((BigIntVector) v).set(i, r.getInteger());
      };
      case UINT8 -> (r, v, i) -> ((UInt1Vector) v).set(i, (byte) r.getInteger());
      case UINT16 -> (r, v, i) -> ((UInt2Vector) v).set(i, (char) r.getInteger());
      case UINT32 -> (r, v, i) -> ((UInt4Vector) v).set(i, r.getInteger());
      case UINT64 -> file.kind() == LakeType.Kind.UINT64
          ? (r, v, i) -> ((UInt8Vector) v).set(i, r.getLong())
          : (r, v, i) -> ((UInt8Vector) v).set(i, Integer.toUnsignedLong(r.getInteger()));
      case FLOAT32 -> (r, v, i) -> ((Float4Vector) v).set(i, r.getFloat());
      case FLOAT64 -> file.kind() == LakeType.Kind.FLOAT32
          ? (r, v, i) -> ((Float8Vector) v).set(i, r.getFloat())
          : (r, v, i) -> ((Float8Vector) v).set(i, r.getDouble());
      case DATE -> (r, v, i) -> ((DateDayVector) v).set(i, r.getInteger());
      case TIMESTAMP -> (r, v, i) -> ((TimeStampMicroVector) v).set(i, r.getLong());
      case TIMESTAMPTZ -> (r, v, i) -> ((TimeStampMicroTZVector) v).set(i, r.getLong());
      case VARCHAR -> (r, v, i) -> {
        ByteBuffer b = r.getBinary().toByteBuffer();
        ((VarCharVector) v).setSafe(i, b, b.position(), b.remaining());
      };
      case BLOB -> (r, v, i) -> {
        ByteBuffer b = r.getBinary().toByteBuffer();
        ((VarBinaryVector) v).setSafe(i, b, b.position(), b.remaining());
      };
      case UUID -> (r, v, i) -> ((UuidVector) v).setSafe(i, r.getBinary().getBytes());
      case DECIMAL -> decimal(physical);
    };
  }

  /** DuckDB stores a decimal in INT32, INT64 or a big-endian FIXED_LEN_BYTE_ARRAY by its precision. */
  private static ValueCopier decimal(PrimitiveTypeName physical) {
    return switch (physical) {
      case INT32 -> (r, v, i) -> ((DecimalVector) v).set(i, r.getInteger());
      case INT64 -> (r, v, i) -> ((DecimalVector) v).set(i, r.getLong());
      default -> (r, v, i) -> ((DecimalVector) v).setBigEndian(i, r.getBinary().getBytes());
    };
  }

  /** Marks slot {@code i} null. */
  static void setNull(FieldVector v, int i) {
    if (v instanceof BaseFixedWidthVector f) {
      f.setNull(i);
    } else if (v instanceof BaseVariableWidthVector w) {
      w.setNull(i);
    } else if (v instanceof UuidVector u) {
      u.getUnderlyingVector().setNull(i);
    } else {
      throw new IllegalStateException("no null setter for " + v.getClass().getName());
    }
  }
}
