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
   * has checked {@code file.promotesTo(plan)} (or equal decimals).
   */
  static ValueCopier of(LakeType plan, LakeType file, PrimitiveTypeName physical) {
    return switch (plan.kind()) {
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
      case VARCHAR -> (r, maxDef, v, out, n) -> {
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
    };
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
      throw new IllegalStateException("no null setter for " + v.getClass().getName());
    }
  }
}
