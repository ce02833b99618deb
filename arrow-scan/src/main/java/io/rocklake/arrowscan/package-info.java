/**
 * A DuckLake table at one snapshot, read as Arrow batches.
 *
 * <p>The input is a {@link io.rocklake.arrowscan.ScanPlan}: the table's columns at the snapshot, the
 * data files visible at it (each with its optional positional delete file), the rows inlined in the
 * catalog visible at it, and a projection. The catalog
 * builds the plan; this package knows nothing of the catalog. {@link io.rocklake.arrowscan.LakeScan}
 * streams the plan's rows as {@link org.apache.arrow.vector.VectorSchemaRoot} batches of bounded size.
 * The rules (field-id binding, defaults, promotions, deletes, {@code rowid}) are in docs/lake-reads.md.
 */
package io.rocklake.arrowscan;
