package io.rocklake.arrowscan.parquet;

import io.rocklake.arrowscan.LakeType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** The Arrow field each DuckLake type is read into (the table is in docs/lake-reads.md). */
public final class ArrowFields {
  /** Field metadata key holding the DuckLake column_id of a table column. */
  public static final String COLUMN_ID = "ducklake.column_id";
  /** Field metadata key holding the DuckLake type of a table column, as DuckLake spells it. */
  public static final String LAKE_TYPE = "ducklake.type";
  private static final String EXTENSION_NAME = "ARROW:extension:name";

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
      // A timetz is its time of day at UTC, as DuckDB writes it to Parquet (the offset is not kept there).
      case TIME, TIMETZ -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case INTERVAL -> new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
      case TIMESTAMP_S -> new ArrowType.Timestamp(TimeUnit.SECOND, null);
      case TIMESTAMP_MS -> new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
      case TIMESTAMP_NS -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
      // 39 digits hold every int128 and uint128; Decimal128 stops at 38.
      case INT128, UINT128 -> new ArrowType.Decimal(39, 0, 256);
      case JSON -> ArrowType.Utf8.INSTANCE;
      case STRUCT -> ArrowType.Struct.INSTANCE;
      case LIST -> ArrowType.List.INSTANCE;
      case MAP -> new ArrowType.Map(false);
    };
  }

  /**
   * A table column's field: nullable, with its column_id and its DuckLake type in the metadata (which
   * tells a timetz from a time and an int128 from a uint128); a json column also carries Arrow's
   * canonical {@code arrow.json} extension name over its Utf8 storage.
   */
  public static Field tableColumn(String name, LakeType type, long columnId) {
    return tableColumn(name, type, columnId, List.of());
  }

  /**
   * A table column's field with its children's fields (a struct's fields, a list's element, a map's
   * key and value, each as made by this method). A map's key and value are put under Arrow's
   * non-nullable {@code entries} struct, the key non-nullable, as Arrow's map type requires.
   */
  public static Field tableColumn(String name, LakeType type, long columnId, List<Field> children) {
    List<Field> kids = children;
    if (type.kind() == LakeType.Kind.MAP) {
      Field key = children.get(0);
      Field keyField = new Field(key.getName(), new FieldType(false, key.getType(), key.getDictionary(), key.getMetadata()),
          key.getChildren());
      kids = List.of(new Field(MapVector.DATA_VECTOR_NAME, FieldType.notNullable(ArrowType.Struct.INSTANCE),
          List.of(keyField, children.get(1))));
    }
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(COLUMN_ID, Long.toString(columnId));
    metadata.put(LAKE_TYPE, type.toString());
    if (type.kind() == LakeType.Kind.JSON) {
      metadata.put(EXTENSION_NAME, "arrow.json");
    }
    return new Field(name, new FieldType(true, arrowType(type), null, metadata), kids);
  }

  public static Field rowId() {
    return new Field("rowid", new FieldType(false, new ArrowType.Int(64, true), null), null);
  }

  public static Field snapshotId() {
    return new Field("snapshot_id", new FieldType(false, new ArrowType.Int(64, true), null), null);
  }
}
