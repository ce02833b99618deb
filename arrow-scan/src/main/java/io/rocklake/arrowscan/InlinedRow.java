package io.rocklake.arrowscan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One row DuckLake keeps in the catalog instead of a data file ({@code ducklake_inlined_data_<t>_<v>}),
 * visible at the plan's snapshot.
 *
 * <p>{@code values} is keyed by {@code column_id}. A column absent from the map did not exist in the
 * row's schema version and reads as its {@code initial_default} (as in an older data file); a column
 * mapped to null is NULL. A value is a plain Java object as the catalog returns it — Boolean, a
 * Number (Short, Integer, Long, BigInteger, Float, Double, BigDecimal), byte[], java.util.UUID,
 * java.time.LocalDate — or a String in DuckDB's text form of the value (what DuckLake stores in a
 * VARCHAR column for dates, timestamps and wide integers), parsed as {@code initial_default} is.
 *
 * @param rowId the row's {@code row_id}: its DuckDB {@code rowid}
 * @param beginSnapshot the row's {@code begin_snapshot}: its {@code snapshot_id}; empty, unknown to the
 *     plan (then {@link Projected.SnapshotId} cannot be projected)
 */
public record InlinedRow(long rowId, Map<Long, Object> values, OptionalLong beginSnapshot) {
  public InlinedRow {
    if (rowId < 0) {
      throw new IllegalArgumentException("negative row_id " + rowId + " of an inlined row");
    }
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); // keeps nulls, unlike Map.copyOf
    Objects.requireNonNull(beginSnapshot, "beginSnapshot");
  }

  /** A row whose begin_snapshot the plan does not give. */
  public InlinedRow(long rowId, Map<Long, Object> values) {
    this(rowId, values, OptionalLong.empty());
  }

  /** A row inserted at snapshot {@code beginSnapshot}. */
  public InlinedRow(long rowId, Map<Long, Object> values, long beginSnapshot) {
    this(rowId, values, OptionalLong.of(beginSnapshot));
  }
}
