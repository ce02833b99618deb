/** Throughput of arrow-scan against DuckDB on the same file (a runner, not a unit test). */
package io.rocklake.arrowscan.bench;
