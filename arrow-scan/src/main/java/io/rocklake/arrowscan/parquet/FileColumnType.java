package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeReadException;
import io.rocklake.arrowscan.LakeType;
import io.rocklake.arrowscan.LakeType.Kind;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The DuckLake type a Parquet column was written as, from its physical type and logical annotation
 * (as DuckDB writes them). A column whose annotation has no DuckLake type of this reader is refused by
 * name, never read as raw bytes.
 */
final class FileColumnType {
  private FileColumnType() {}

  static LakeType of(PrimitiveType t, String file) {
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      return switch (t.getPrimitiveTypeName()) {
        case INT32, INT64, FIXED_LEN_BYTE_ARRAY, BINARY -> LakeType.decimal(d.getPrecision(), d.getScale());
        default -> throw refuse(t, file);
      };
    }
    return switch (t.getPrimitiveTypeName()) {
      case BOOLEAN -> a == null ? LakeType.of(Kind.BOOLEAN) : refuseType(t, file);
      case FLOAT -> a == null ? LakeType.of(Kind.FLOAT32) : refuseType(t, file);
      case DOUBLE -> a == null ? LakeType.of(Kind.FLOAT64) : refuseType(t, file);
      case INT32 -> {
        if (a == null) {
          yield LakeType.of(Kind.INT32);
        }
        if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          yield LakeType.of(Kind.DATE);
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          yield integer(i);
        }
        yield refuseType(t, file);
      }
      case INT64 -> {
        if (a == null) {
          yield LakeType.of(Kind.INT64);
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          yield integer(i);
        }
        if (a instanceof TimestampLogicalTypeAnnotation ts) {
          if (ts.getUnit() == TimeUnit.MICROS) {
            yield LakeType.of(ts.isAdjustedToUTC() ? Kind.TIMESTAMPTZ : Kind.TIMESTAMP);
          }
          if (!ts.isAdjustedToUTC()) {
            yield LakeType.of(ts.getUnit() == TimeUnit.MILLIS ? Kind.TIMESTAMP_MS : Kind.TIMESTAMP_NS);
          }
        }
        if (a instanceof TimeLogicalTypeAnnotation tm && tm.getUnit() == TimeUnit.MICROS) {
          // DuckDB writes a timetz as its time of day at UTC, flagged adjusted to UTC.
          yield LakeType.of(tm.isAdjustedToUTC() ? Kind.TIMETZ : Kind.TIME);
        }
        yield refuseType(t, file);
      }
      case BINARY -> {
        if (a == null) {
          yield LakeType.of(Kind.BLOB);
        }
        if (a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation) {
          yield LakeType.of(Kind.VARCHAR);
        }
        if (a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
          yield LakeType.of(Kind.JSON);
        }
        yield refuseType(t, file);
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation && t.getTypeLength() == 16) {
          yield LakeType.of(Kind.UUID);
        }
        if (a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation && t.getTypeLength() == 12) {
          yield LakeType.of(Kind.INTERVAL);
        }
        yield refuseType(t, file);
      }
      case INT96 -> refuseType(t, file);
    };
  }

  /**
   * Whether a file column of {@code file} type holds values of a table column of {@code plan} type:
   * a lossless promotion ({@link LakeType#promotesTo}), a decimal of the same scale and no more
   * precision, or the storage DuckDB's writer uses for a type Parquet lacks: a timestamp_s as a
   * microsecond TIMESTAMP, an int128 or a uint128 as a DOUBLE.
   */
  static boolean readsAs(LakeType file, LakeType plan) {
    if (file.promotesTo(plan)) {
      return true;
    }
    return switch (plan.kind()) {
      case DECIMAL -> file.kind() == Kind.DECIMAL && file.scale() == plan.scale() && file.precision() <= plan.precision();
      case TIMESTAMP_S -> file.kind() == Kind.TIMESTAMP;
      case INT128, UINT128 -> file.kind() == Kind.FLOAT64;
      default -> false;
    };
  }

  private static LakeType integer(IntLogicalTypeAnnotation i) {
    boolean signed = i.isSigned();
    return LakeType.of(switch (i.getBitWidth()) {
      case 8 -> signed ? Kind.INT8 : Kind.UINT8;
      case 16 -> signed ? Kind.INT16 : Kind.UINT16;
      case 32 -> signed ? Kind.INT32 : Kind.UINT32;
      default -> signed ? Kind.INT64 : Kind.UINT64;
    });
  }

  private static LakeType refuseType(PrimitiveType t, String file) {
    throw refuse(t, file);
  }

  private static LakeReadException refuse(PrimitiveType t, String file) {
    return new LakeReadException("column \"" + t.getName() + "\" (field id " + t.getId() + ") of data file " + file
        + " is stored as Parquet " + describe(t) + ", which arrow-scan does not read yet");
  }

  static String describe(PrimitiveType t) {
    String physical = t.getPrimitiveTypeName().name();
    if (t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
      physical += "(" + t.getTypeLength() + ")";
    }
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    return a == null ? physical : physical + " " + a;
  }
}
