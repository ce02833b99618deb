/**
 * Data and delete files in S3 or an S3-compatible store, read with ranged GETs.
 *
 * <p>{@link io.rocklake.arrowscan.s3.S3Opener} turns an {@code s3://bucket/key} path of a plan into
 * a parquet {@code InputFile}: the footer comes with one GET of the object's tail, each column chunk
 * parquet asks for with one GET of exactly its bytes, so columns outside the projection are never
 * fetched. {@link io.rocklake.arrowscan.s3.S3Settings} reads the endpoint, region and credentials from
 * the standard AWS environment, as the server does for an {@code s3://} catalog. The rules and the
 * figures are in docs/lake-reads.md ("Data files in object storage").
 */
package io.rocklake.arrowscan.s3;
