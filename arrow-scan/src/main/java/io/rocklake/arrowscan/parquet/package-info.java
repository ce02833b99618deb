/**
 * Reading one DuckLake data file into Arrow vectors with parquet-java's column and page API.
 *
 * <p>Nothing here loads a Hadoop class: files are opened as {@link org.apache.parquet.io.InputFile},
 * options are built with {@link org.apache.parquet.conf.PlainParquetConfiguration}, and pages are
 * decompressed by {@link io.rocklake.arrowscan.parquet.PureJavaCodecs} instead of parquet's
 * Hadoop-codec factory. Columns are bound by Parquet field id (= DuckLake column_id), never by name.
 *
 * <p>{@link io.rocklake.arrowscan.parquet.ArrowFields} maps each DuckLake type to its Arrow type;
 * {@code FileColumnType} tells which DuckLake type a file column holds as DuckDB writes it (including
 * the storage of types Parquet lacks: timestamp_s as microseconds, int128/uint128 as DOUBLE, timetz as
 * its UTC time of day); {@code ValueCopier} decodes it; {@code NestedColumnReader} assembles struct,
 * list and map columns from their leaves' repetition and definition levels; {@link io.rocklake.arrowscan.parquet.InitialDefault}
 * and {@link io.rocklake.arrowscan.parquet.TemporalText} parse DuckDB's text of a value. The type
 * matrix and the reasons for each choice are in docs/lake-reads.md.
 */
package io.rocklake.arrowscan.parquet;
