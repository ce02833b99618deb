package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeType;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** The Arrow field each DuckLake type is read into (the table is in docs/lake-reads.md). */
public final class ArrowFields {
  /** Field metadata key holding the DuckLake column_id of a table column. */
  public static final String COLUMN_ID = "ducklake.column_id";

  private ArrowFields() {}

  public static ArrowType arrowType(LakeType t) {
    return switch (t.kind()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case INT8 -> new ArrowType.Int(8, true);
      case INT16 -> new ArrowType.Int(16, true);
      case INT32 -> new ArrowType.Int(32, true);
      case INT64 -> new ArrowType.Int(64, true);
      case UINT8 -> new ArrowType.Int(8, false);
      case UINT16 -> new ArrowType.Int(16, false);
      case UINT32 -> new ArrowType.Int(32, false);
      case UINT64 -> new ArrowType.Int(64, false);
      case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DECIMAL -> new ArrowType.Decimal(t.precision(), t.scale(), 128);
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, null);
      case TIMESTAMPTZ -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
      case VARCHAR -> ArrowType.Utf8.INSTANCE;
      case BLOB -> ArrowType.Binary.INSTANCE;
      case UUID -> UuidType.INSTANCE;
    };
  }

  public static Field tableColumn(String name, LakeType type, long columnId) {
    return new Field(name, new FieldType(true, arrowType(type), null, Map.of(COLUMN_ID, Long.toString(columnId))), null);
  }

  public static Field rowId() {
    return new Field("rowid", new FieldType(false, new ArrowType.Int(64, true), null), null);
  }
}
