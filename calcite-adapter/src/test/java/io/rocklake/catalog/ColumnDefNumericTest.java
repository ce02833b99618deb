package io.rocklake.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A column's numeric (p,s), parsed once for pg_catalog, result descriptions and Calcite's row types. */
class ColumnDefNumericTest {

  @Test void numericEighteenThreeHasPostgresAtttypmod() {
    // PostgreSQL 16: CREATE TABLE t (d numeric(18,3)); SELECT atttypmod FROM pg_attribute WHERE attname = 'd' → 1179655
    ColumnDef d = new ColumnDef("d", ColumnType.DECIMAL, false, "(18,3)");
    assertEquals(new ColumnDef.Numeric(18, 3), d.numeric().orElseThrow());
    assertEquals(1179655, d.typmod());
  }

  @Test void numericWithOnlyAPrecisionHasScaleZero() {
    // PostgreSQL: numeric(20) is numeric(20,0), atttypmod 1310724
    ColumnDef d = new ColumnDef("u", ColumnType.DECIMAL, false, "( 20 )");
    assertEquals(new ColumnDef.Numeric(20, 0), d.numeric().orElseThrow());
    assertEquals(1310724, d.typmod());
  }

  @Test void unconstrainedNumericAndOtherTypesHaveNoModifier() {
    assertTrue(ColumnDef.of("n", ColumnType.DECIMAL).numeric().isEmpty());
    assertEquals(-1, ColumnDef.of("n", ColumnType.DECIMAL).typmod());
    assertEquals(-1, ColumnDef.of("v", ColumnType.VARCHAR).typmod());
  }
}
