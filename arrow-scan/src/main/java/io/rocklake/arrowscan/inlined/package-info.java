/**
 * Rows DuckLake keeps in the catalog instead of data files ({@code ducklake_inlined_data_*}): their
 * values converted to the plan column's Arrow type, and written into the scan's batches in rowid order.
 */
package io.rocklake.arrowscan.inlined;
