/**
 * Not RockLake's package: it holds {@link org.apache.parquet.HadoopFreeReadOptions} only, because
 * {@link org.apache.parquet.ParquetReadOptions}'s constructor is package-private and every public way
 * to build the options loads Hadoop classes. The constructor call is compile-checked against the
 * pinned parquet version.
 */
package org.apache.parquet;
