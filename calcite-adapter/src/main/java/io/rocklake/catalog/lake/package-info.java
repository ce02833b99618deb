/**
 * A DuckLake table at a DuckLake snapshot as arrow-scan's scan plan (docs/lake-reads.md, "The plan from
 * the catalog"): {@code LakeTablePlanner} reads the {@code ducklake_*} relations of a catalog transaction
 * with DuckLake 1.0's visibility rule and builds {@code io.rocklake.arrowscan.ScanPlan}; {@code LakePaths}
 * resolves the relative paths of data and delete files; {@code LakeNameMappings} reads the name mappings of
 * files added without field ids; {@code LakePartitionPruning} leaves out files by their partition values;
 * {@code LakeTableRefusedException} is what a table
 * the plan cannot express yet (inlined deletes, encryption, row ids stored in files) gets instead of
 * wrong rows. It is its own package because it is the one place that knows both the catalog's relations
 * and arrow-scan's plan. Depends on io.rocklake.catalog (transactions, relations, bounds) and
 * io.rocklake.arrowscan (the plan records only: nothing here reads a file).
 */
package io.rocklake.catalog.lake;
