/**
 * Reading one DuckLake data file into Arrow vectors with parquet-java's column and page API.
 *
 * <p>Nothing here loads a Hadoop class: files are opened as {@link org.apache.parquet.io.InputFile},
 * options are built with {@link org.apache.parquet.conf.PlainParquetConfiguration}, and pages are
 * decompressed by {@link io.rocklake.arrowscan.parquet.PureJavaCodecs} instead of parquet's
 * Hadoop-codec factory. Columns are bound by Parquet field id (= DuckLake column_id), never by name.
 */
package io.rocklake.arrowscan.parquet;
