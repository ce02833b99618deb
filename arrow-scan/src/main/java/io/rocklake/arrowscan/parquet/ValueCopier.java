package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampSecVector;
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
 * Copies a run of consecutive values (NULLs included) of a Parquet column reader into consecutive
 * slots of an Arrow vector of the plan's type, widening when the file holds a narrower type. Each
 * copier has its own loop, so the per-value calls are monomorphic and the copier is called once per
 * run of surviving rows, not once per value.
 */
@FunctionalInterface
interface ValueCopier {
  /** Copies the reader's next {@code n} values into slots {@code out .. out + n - 1}, consuming them. */
  void copy(ColumnReader r, int maxDef, FieldVector v, int out, int n);

  /**
   * The copier from a file column of {@code file} type into a vector of {@code plan} type; the caller
   * has checked {@link FileColumnType#readsAs}. {@code where} names the column and file in the error
   * of a value the plan's type cannot hold (an int128 stored as a double beyond its range).
   */
  static ValueCopier of(LakeType plan, LakeType file, PrimitiveTypeName physical, String where) {
    return switch (plan.kind()) {
      case TIME, TIMETZ -> (r, maxDef, v, out, n) -> {
        TimeMicroVector x = (TimeMicroVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case TIMESTAMP_MS -> (r, maxDef, v, out, n) -> {
        TimeStampMilliVector x = (TimeStampMilliVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case TIMESTAMP_NS -> (r, maxDef, v, out, n) -> {
        TimeStampNanoVector x = (TimeStampNanoVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      // DuckDB writes a timestamp_s as microseconds; its cast back rounds half away from zero.
      case TIMESTAMP_S -> (r, maxDef, v, out, n) -> {
        TimeStampSecVector x = (TimeStampSecVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, secondsOf(r.getLong()));
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      // Parquet's INTERVAL: little-endian months, days and milliseconds; DuckDB reads the milliseconds unsigned.
      case INTERVAL -> (r, maxDef, v, out, n) -> {
        IntervalMonthDayNanoVector x = (IntervalMonthDayNanoVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            ByteBuffer b = r.getBinary().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            int p = b.position();
            x.set(i, b.getInt(p), b.getInt(p + 4), Integer.toUnsignedLong(b.getInt(p + 8)) * 1_000_000L);
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT128, UINT128 -> {
        boolean unsigned = plan.kind() == LakeType.Kind.UINT128;
        yield (r, maxDef, v, out, n) -> {
          Decimal256Vector x = (Decimal256Vector) v;
          for (int i = out, end = out + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() == maxDef) {
              x.set(i, wideInteger(r.getDouble(), unsigned, plan, where));
            } else {
              x.setNull(i);
            }
            r.consume();
          }
        };
      }
      case BOOLEAN -> (r, maxDef, v, out, n) -> {
        BitVector x = (BitVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getBoolean() ? 1 : 0);
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT8 -> (r, maxDef, v, out, n) -> {
        TinyIntVector x = (TinyIntVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, (byte) r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT16 -> (r, maxDef, v, out, n) -> {
        SmallIntVector x = (SmallIntVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, (short) r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT32 -> (r, maxDef, v, out, n) -> {
        IntVector x = (IntVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case UINT8 -> (r, maxDef, v, out, n) -> {
        UInt1Vector x = (UInt1Vector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, (byte) r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case UINT16 -> (r, maxDef, v, out, n) -> {
        UInt2Vector x = (UInt2Vector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, (char) r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case UINT32 -> (r, maxDef, v, out, n) -> {
        UInt4Vector x = (UInt4Vector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case FLOAT32 -> (r, maxDef, v, out, n) -> {
        Float4Vector x = (Float4Vector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getFloat());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case DATE -> (r, maxDef, v, out, n) -> {
        DateDayVector x = (DateDayVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case TIMESTAMP -> (r, maxDef, v, out, n) -> {
        TimeStampMicroVector x = (TimeStampMicroVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case TIMESTAMPTZ -> (r, maxDef, v, out, n) -> {
        TimeStampMicroTZVector x = (TimeStampMicroTZVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT64 -> switch (file.kind()) {
        case INT64 -> (r, maxDef, v, out, n) -> {
          BigIntVector x = (BigIntVector) v;
          for (int i = out, end = out + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() == maxDef) {
              x.set(i, r.getLong());
            } else {
              x.setNull(i);
            }
            r.consume();
          }
        };
        // uint32 is stored in INT32 as its bit pattern.
        case UINT32 -> (r, maxDef, v, out, n) -> {
          BigIntVector x = (BigIntVector) v;
          for (int i = out, end = out + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() == maxDef) {
              x.set(i, Integer.toUnsignedLong(r.getInteger()));
            } else {
              x.setNull(i);
            }
            r.consume();
          }
        };
        default -> (r, maxDef, v, out, n) -> {
          BigIntVector x = (BigIntVector) v;
          for (int i = out, end = out + n; i < end; i++) {
            if (r.getCurrentDefinitionLevel() == maxDef) {
              x.set(i, r.getInteger());
            } else {
              x.setNull(i);
            }
            r.consume();
          }
        };
      };
      case UINT64 -> file.kind() == LakeType.Kind.UINT64
          ? (r, maxDef, v, out, n) -> {
            UInt8Vector x = (UInt8Vector) v;
            for (int i = out, end = out + n; i < end; i++) {
              if (r.getCurrentDefinitionLevel() == maxDef) {
                x.set(i, r.getLong());
              } else {
                x.setNull(i);
              }
              r.consume();
            }
          }
          : (r, maxDef, v, out, n) -> {
            UInt8Vector x = (UInt8Vector) v;
            for (int i = out, end = out + n; i < end; i++) {
              if (r.getCurrentDefinitionLevel() == maxDef) {
                x.set(i, Integer.toUnsignedLong(r.getInteger()));
              } else {
                x.setNull(i);
              }
              r.consume();
            }
          };
      case FLOAT64 -> file.kind() == LakeType.Kind.FLOAT32
          ? (r, maxDef, v, out, n) -> {
            Float8Vector x = (Float8Vector) v;
            for (int i = out, end = out + n; i < end; i++) {
              if (r.getCurrentDefinitionLevel() == maxDef) {
                x.set(i, r.getFloat());
              } else {
                x.setNull(i);
              }
              r.consume();
            }
          }
          : (r, maxDef, v, out, n) -> {
            Float8Vector x = (Float8Vector) v;
            for (int i = out, end = out + n; i < end; i++) {
              if (r.getCurrentDefinitionLevel() == maxDef) {
                x.set(i, r.getDouble());
              } else {
                x.setNull(i);
              }
              r.consume();
            }
          };
      case VARCHAR, JSON -> (r, maxDef, v, out, n) -> {
        VarCharVector x = (VarCharVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            ByteBuffer b = r.getBinary().toByteBuffer();
            x.setSafe(i, b, b.position(), b.remaining());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case BLOB -> (r, maxDef, v, out, n) -> {
        VarBinaryVector x = (VarBinaryVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            ByteBuffer b = r.getBinary().toByteBuffer();
            x.setSafe(i, b, b.position(), b.remaining());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case UUID -> (r, maxDef, v, out, n) -> {
        UuidVector x = (UuidVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.setSafe(i, r.getBinary().getBytes());
          } else {
            x.getUnderlyingVector().setNull(i);
          }
          r.consume();
        }
      };
      case DECIMAL -> decimal(physical);
      case STRUCT, LIST, MAP -> throw new IllegalStateException(plan + " is read by NestedColumnReader");
    };
  }

  static long secondsOf(long micros) {
    long seconds = micros / 1_000_000L;
    long rest = micros % 1_000_000L;
    return rest >= 500_000L ? seconds + 1 : rest <= -500_000L ? seconds - 1 : seconds;
  }

  /**
   * The int128 or uint128 DuckDB's cast makes of the double its Parquet writer stored: rounded half
   * to even, refused (as DuckDB refuses it) outside the type, where int128's bounds are exclusive.
   */
  static BigDecimal wideInteger(double d, boolean unsigned, LakeType type, String where) {
    boolean inRange = unsigned ? d > -1.0 && d < 0x1p128 : d > -0x1p127 && d < 0x1p127;
    if (!inRange) { // NaN and the infinities fail too
      throw new LakeReadException(where + " holds the double " + d + ", which is outside the range of " + type
          + " (DuckDB's cast refuses it too)");
    }
    return new BigDecimal(d).setScale(0, RoundingMode.HALF_EVEN);
  }

  /** DuckDB stores a decimal in INT32, INT64 or a big-endian FIXED_LEN_BYTE_ARRAY by its precision. */
  private static ValueCopier decimal(PrimitiveTypeName physical) {
    return switch (physical) {
      case INT32 -> (r, maxDef, v, out, n) -> {
        DecimalVector x = (DecimalVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getInteger());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      case INT64 -> (r, maxDef, v, out, n) -> {
        DecimalVector x = (DecimalVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.set(i, r.getLong());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
      default -> (r, maxDef, v, out, n) -> {
        DecimalVector x = (DecimalVector) v;
        for (int i = out, end = out + n; i < end; i++) {
          if (r.getCurrentDefinitionLevel() == maxDef) {
            x.setBigEndian(i, r.getBinary().getBytes());
          } else {
            x.setNull(i);
          }
          r.consume();
        }
      };
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
      v.setNull(i); // struct, list, map
    }
  }
}
