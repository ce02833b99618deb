-- DuckLake -> PostgreSQL raw-SQL census (DuckDB 2.0 development line, ducklake extension branch main, catalog version "1.1-dev1").
-- Source read: duckdb/ducklake @ 2ed0a0be8931f23959b2fc9fc089bb5f71207817 (branch main);
--   postgres extension duckdb/duckdb-postgres @ 35ee7df236d661bfad08ad2a8aeb134d11c5a3f4 for postgres_execute/postgres_query,
--   DuckDB @ ac5c6d11c3b0915fcc0fa43080d31893269d6448 for the binder.
-- Prefixes: DL/ = ducklake src/, PG/ = duckdb-postgres src/. Line numbers are at those commits.
-- Method: this file is the DuckDB 1.5.5 census (duckdb-1.5.5-source/ducklake-execute.sql, ducklake 5ef9e03d) with every
--   template whose text changed between 5ef9e03d and 2ed0a0be changed, the new texts added and none removed (no 1.5.5 raw
--   text disappeared); read from git diff 5ef9e03d 2ed0a0be -- src/ (ducklake_metadata_manager.cpp, ducklake_transaction.cpp,
--   ducklake_transaction_state.cpp, ducklake_initializer.cpp, metadata_manager/*, functions/ducklake_flush_inlined_data.cpp).
--   Source references of unchanged templates were re-pointed to the 2.0 lines by matching the cited source line's text.
--   Nothing here has been compared with a 2.0 wire capture yet: "[1.5.5 shape captured: ...]" in a when line means the
--   1.5.5 capture of that name holds the same shape; new templates are derived from the source only.
-- Scope: only text that reaches PostgreSQL verbatim as PostgreSQL SQL:
--   (a) PostgresMetadataManager::Execute(snapshot, query) -> ExecuteQuery (DL/metadata_manager/postgres_metadata_manager.cpp:83-118)
--       = CALL postgres_execute(<catalog>, <text>). Callers: the commit loop (DL/storage/ducklake_transaction.cpp:1445
--       execute_commit_batch <- DL/storage/ducklake_transaction_state.cpp:1918 Commit: InsertSnapshotSql + CommitChanges
--       (:1575) + WriteSnapshotChanges (:306), one simple-Query message, multi-statement, one block per statement here), and,
--       new in this line, two stand-alone calls: GetInlinedDeletionTableName's CREATE TABLE of ducklake_inlined_delete_<t>
--       (DL/storage/ducklake_metadata_manager.cpp:3356) and ducklake_flush_inlined_data's DELETE FROM
--       ducklake_inlined_delete_<t> (DL/functions/ducklake_flush_inlined_data.cpp:600) (ids ducklake.execute.*).
--       NOTE: DuckLakeMetadataManager::Execute(string) without a snapshot (InitializeDuckLake, MigrateV01-V10,
--       MigrateInlinedColumnNames, DeleteSnapshots, set_option, cleanup, DropEmptySupersededInlinedTables ...) is NOT
--       overridden by PostgresMetadataManager: it goes to Query() -> DuckDB SQL planned by the postgres extension, so those
--       texts are in postgres-extension.sql, not here.
--   (b) the two postgres_query overrides (postgres_metadata_manager.cpp:124 GetLatestSnapshotQuery, :134
--       GenerateFileColumnStatsCTEBody): each arrives as Parse (text without the trailing ';', here re-added) + Describe,
--       then as COPY (SELECT ... FROM (<text>) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary") built by
--       PG/postgres_scanner.cpp:298-313; both forms are listed. (No ORDER BY/LIMIT is pushed into them.)
-- Catalog versions: a new lake is created at 1.1-dev1 (DUCKLAKE_LATEST_VERSION, DL/include/common/ducklake_version.hpp);
--   DUCKLAKE_VERSION '1.0' / SET ducklake_default_version='1.0' keeps the 1.0 layout, and a 1.0 catalog attached without
--   AUTOMATIC_MIGRATION stays 1.0. The two differ here in: ducklake_data_file / ducklake_delete_file rows (row_group_count
--   last on 1.1-dev1), the inlined-data system columns (_ducklake_row_id, _ducklake_begin_snapshot, _ducklake_end_snapshot
--   on 1.1-dev1, row_id/begin_snapshot/end_snapshot on 1.0) and ducklake_view_column_tag (1.1-dev1 only). Templates
--   suffixed .v1_0 are the 1.0 forms.
-- Placeholders as substituted by ExecuteQuery: {METADATA_CATALOG} -> "public" (the quoted METADATA_SCHEMA, default public),
--   {SNAPSHOT_ID}/{SCHEMA_VERSION}/{NEXT_CATALOG_ID}/{NEXT_FILE_ID} -> integers, {AUTHOR}/{COMMIT_MESSAGE}/
--   {COMMIT_EXTRA_INFO} -> '..' or NULL. Inlined table/column names use SQLIdentifier (quoted only when needed).
-- Value encoding (DL/common/ducklake_util.cpp) and PG type mapping (PostgresMetadataManager::GetColumnTypeInternal,
--   postgres_metadata_manager.cpp:51; TIMESTAMP_TZ_NS added) are as in 1.5.5.
-- Type notes: VARIANT and GEOMETRY columns disable inlining on PostgreSQL (SupportsInlining); TIME_NS maps to the DDL word
--   TIME_NS, which PostgreSQL rejects, so it is left out.
-- The file_column_stats select list is data_file_id followed by an unordered_set<string> iteration order of a non-empty
--   subset of {min_value, max_value, value_count, null_count, contains_nan}; the common filter shapes are listed, plus the
--   Top-N-only CTE (CTERequirement(.., {"min_value", "max_value"}), DL/storage/ducklake_metadata_manager.cpp:1913), new.
-- Count: 107 templates, every one "-- reach: ducklake" (107).

-- template: ducklake.commit.insert_snapshot
-- source: DL/storage/ducklake_metadata_manager.cpp:4405 DuckLakeMetadataManager::InsertSnapshotSql
-- when: every committing write transaction on the lake (first statement of every commit batch), e.g. CREATE TABLE events(id BIGINT, name VARCHAR, ts TIMESTAMP) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_snapshot VALUES (1, NOW(), 1, 2, 0);

-- template: ducklake.commit.insert_snapshot_changes
-- source: DL/storage/ducklake_metadata_manager.cpp:4418 DuckLakeMetadataManager::WriteSnapshotChangesSql
-- when: every committing write transaction (last statement of every commit batch); author/commit_message/commit_extra_info are NULL unless CALL lake.set_commit_message('ceo', 'a transaction', extra_info => '{"k":"v"}') ran in the transaction; changes_made is a comma list of created_schema:"s", created_table:"s"."t", created_view:..., created_scalar_macro:..., created_table_macro:..., dropped_schema:N, dropped_table:N, dropped_view:N, dropped_scalar_macro:N, dropped_table_macro:N, inserted_into_table:N, deleted_from_table:N, altered_table:N, altered_view:N, inlined_insert:N, inlined_delete:N, inline_flush:N, merge_adjacent:N, rewrite_delete:N (NULL if empty) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_snapshot_changes VALUES (1, 'created_schema:"sales",created_table:"sales"."orders",inserted_into_table:2', 'ceo', 'a transaction', '{"k":"v"}');

-- template: ducklake.commit.drop_schema
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropSchemas:2274)
-- when: DROP SCHEMA sales (schema id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_schema SET end_snapshot = 1 WHERE end_snapshot IS NULL AND schema_id IN (1);

-- template: ducklake.commit.drop_table.table
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1); also the only statement of DropTables(renamed=true) for ALTER TABLE events RENAME TO events2 [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_table SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_partition_info SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.column
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_column SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_column_tag SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_delete_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.tag
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278 and DropViews:2292)
-- when: DROP TABLE events (table id 1), and DROP VIEW v_orders (then with the view ids): ends the comment tags of the dropped objects [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_tag SET end_snapshot = 1 WHERE end_snapshot IS NULL AND object_id IN (1);

-- template: ducklake.commit.drop_table.sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_sort_info SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_view
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropViews:2292)
-- when: DROP VIEW v (view id 3); also ALTER VIEW v RENAME TO w (renamed=true emits only this statement) [1.5.5 shape captured: 02_ddl]
-- reach: ducklake
UPDATE "public".ducklake_view SET end_snapshot = 1 WHERE end_snapshot IS NULL AND view_id IN (3);

-- template: ducklake.commit.drop_view.view_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:2572 DuckLakeMetadataManager::FlushDrop (via DropViews:2602, called from DL/storage/ducklake_transaction_state.cpp:1595 with drop_view_column_tags = SupportsV1_1Metadata())
-- when: DROP VIEW v (view id 3) on a 1.1-dev1 catalog: ends the view's column comments (not emitted for ALTER VIEW ... RENAME TO, nor on a catalog pinned to DUCKLAKE_VERSION '1.0')
-- reach: ducklake
UPDATE "public".ducklake_view_column_tag SET end_snapshot = 1 WHERE end_snapshot IS NULL AND view_id IN (3);

-- template: ducklake.commit.drop_macro
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropMacros:2344)
-- when: DROP MACRO add_one / DROP MACRO TABLE my_range (macro id 2)
-- reach: ducklake
UPDATE "public".ducklake_macro SET end_snapshot = 1 WHERE end_snapshot IS NULL AND macro_id IN (2);

-- template: ducklake.commit.drop_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2580 DuckLakeMetadataManager::FlushDrop (via DropDataFiles:3824)
-- when: DELETE FROM events WHERE ... that deletes every row of an existing data file (file id 5): the whole file is ended instead of writing a delete file
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND data_file_id IN (5);

-- template: ducklake.commit.insert_schema
-- source: DL/storage/ducklake_metadata_manager.cpp:2700 DuckLakeMetadataManager::WriteNewSchemas
-- when: CREATE SCHEMA sales [1.5.5 shape captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_schema VALUES (1, '01a227ce-8521-7b45-8bec-e1303d81faec', 1, NULL, 'sales', 'sales/', true);

-- template: ducklake.commit.insert_table
-- source: DL/storage/ducklake_metadata_manager.cpp:2875 DuckLakeMetadataManager::WriteNewTables
-- when: CREATE TABLE events(...) (one row per new table, joined with ', '); also re-inserted with the same table id by ALTER TABLE events RENAME TO events2 [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table VALUES (1, '01a227ce-7cb2-71cc-85c4-88c6d35a1e53', 1, NULL, 0, 'events', 'events/', true);

-- template: ducklake.commit.insert_column
-- source: DL/storage/ducklake_metadata_manager.cpp:2878 DuckLakeMetadataManager::WriteNewTables (rows from ColumnToSQLRecursive:2386)
-- when: CREATE TABLE events(id BIGINT NOT NULL, name VARCHAR DEFAULT 'n/a', ts TIMESTAMP DEFAULT now(), meta STRUCT(k VARCHAR, v INTEGER)) (nested fields follow their parent with parent_column set) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column VALUES (1, 1, NULL, 1, 1, 'id', 'int64', NULL, 'NULL', false, NULL, 'literal', 'duckdb'),(2, 1, NULL, 1, 2, 'name', 'varchar', NULL, 'n/a', true, NULL, 'literal', 'duckdb'),(3, 1, NULL, 1, 3, 'ts', 'timestamp', NULL, 'now()', true, NULL, 'expression', 'duckdb'),(4, 1, NULL, 1, 4, 'meta', 'struct', NULL, 'NULL', true, NULL, '', 'duckdb'),(5, 1, NULL, 1, 5, 'k', 'varchar', NULL, 'NULL', true, 4, 'literal', 'duckdb'),(6, 1, NULL, 1, 6, 'v', 'int32', NULL, 'NULL', true, 4, 'literal', 'duckdb');

-- template: ducklake.commit.insert_column.alter
-- source: DL/storage/ducklake_metadata_manager.cpp:3028 DuckLakeMetadataManager::WriteNewColumns (rows from ColumnToSQLRecursive:2386)
-- when: ALTER TABLE events ADD COLUMN extra INTEGER DEFAULT 42 (same statement re-inserts the changed column for ALTER ... RENAME COLUMN / SET DEFAULT / SET|DROP NOT NULL / ALTER TYPE / ADD FIELD, after ducklake.commit.drop_columns) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column VALUES (7, 1, NULL, 1, 7, 'extra', 'int32', '42', '42', true, NULL, 'literal', 'duckdb');

-- template: ducklake.commit.drop_columns
-- source: DL/storage/ducklake_metadata_manager.cpp:2983 DuckLakeMetadataManager::WriteDroppedColumns
-- when: ALTER TABLE events DROP COLUMN name; also ALTER TABLE events RENAME COLUMN / ALTER COLUMN ... SET DEFAULT / SET|DROP NOT NULL / SET DATA TYPE (old column row is ended, then re-inserted by ducklake.commit.insert_column.alter) [1.5.5 shape captured: 02_ddl, 09_evolution_maintenance]
-- reach: ducklake
WITH dropped_cols(tid, cid) AS (
VALUES (1, 2), (1, 4)
)
UPDATE "public".ducklake_column
SET end_snapshot = 1
FROM dropped_cols
WHERE table_id=tid AND column_id=cid AND end_snapshot IS NULL
;

-- template: ducklake.commit.expire_column_tags
-- source: DL/storage/ducklake_metadata_manager.cpp:2994 DuckLakeMetadataManager::WriteExpiredColumnTags (called from DL/storage/ducklake_transaction_state.cpp:1668)
-- when: ALTER TABLE events DROP COLUMN name (column 2 of table 1, not re-added under the same field id as RENAME/ALTER TYPE do): ends the dropped column's active column tags (GH #1310); emitted for every truly dropped column, whether it had a comment or not
-- reach: ducklake
WITH dropped_cols(tid, cid) AS (
VALUES (1, 2), (1, 4)
)
UPDATE "public".ducklake_column_tag
SET end_snapshot = 1
FROM dropped_cols
WHERE table_id=tid AND column_id=cid AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_view
-- source: DL/storage/ducklake_metadata_manager.cpp:3045 DuckLakeMetadataManager::WriteNewViews
-- when: CREATE VIEW v_orders(id, label) AS SELECT o_id, o_label FROM sales.orders WHERE o_flag (column_aliases is '' when the view has no alias list); also re-inserted by ALTER VIEW ... RENAME TO [1.5.5 shape captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_view VALUES (3, '42f19d2e-46f6-4b24-9702-691f721f27a8', 1, NULL, 1, 'v_orders', 'duckdb', 'SELECT o_id, o_label FROM sales.orders WHERE o_flag', '"id","label"');

-- template: ducklake.commit.insert_macro
-- source: DL/storage/ducklake_metadata_manager.cpp:2942 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (also CREATE MACRO my_range(n) AS TABLE SELECT * FROM range(n))
-- reach: ducklake
INSERT INTO "public".ducklake_macro values(0,2,'add_one',1, NULL);

-- template: ducklake.commit.insert_macro_impl
-- source: DL/storage/ducklake_metadata_manager.cpp:2949 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (type 'scalar'; CREATE MACRO my_range(n) AS TABLE SELECT * FROM range(n) gives type 'table' and sql 'SELECT * FROM "range"(n)')
-- reach: ducklake
INSERT INTO "public".ducklake_macro_impl values(2,0,'duckdb','(x + y)','scalar');

-- template: ducklake.commit.insert_macro_parameters
-- source: DL/storage/ducklake_metadata_manager.cpp:2959 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (one row per parameter; a parameter without default has default_value 'NULL' and default_value_type 'unknown')
-- reach: ducklake
INSERT INTO "public".ducklake_macro_parameters values(2,0,1,'y','unknown','1','int32');

-- template: ducklake.commit.update_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4811 DuckLakeMetadataManager::WriteNewTags
-- when: COMMENT ON TABLE events IS 'order facts' (also COMMENT ON VIEW v_orders IS ...) [1.5.5 shape captured: 02_ddl, 08_types_views]
-- reach: ducklake
WITH overwritten_tags(tid, key) AS (
VALUES (1, 'comment')
)
UPDATE "public".ducklake_tag
SET end_snapshot = 1
FROM overwritten_tags
WHERE object_id=tid AND ducklake_tag.key=overwritten_tags.key AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4831 DuckLakeMetadataManager::WriteNewTags
-- when: COMMENT ON TABLE events IS 'order facts' (value NULL for COMMENT ON TABLE events IS NULL) [1.5.5 shape captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_tag VALUES (1, 1, NULL, 'comment', 'order facts');

-- template: ducklake.commit.update_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4874 DuckLakeMetadataManager::WriteNewColumnTags (text built by WriteNewColumnTagBatch:4836)
-- when: COMMENT ON COLUMN events.name IS 'a label' [1.5.5 shape captured: 02_ddl, 08_types_views]
-- reach: ducklake
WITH overwritten_tags(tid, cid, key) AS (
VALUES (1, 2, 'comment')
)
UPDATE "public".ducklake_column_tag
SET end_snapshot = 1
FROM overwritten_tags
WHERE table_id=tid AND column_id=cid AND ducklake_column_tag.key=overwritten_tags.key AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4874 DuckLakeMetadataManager::WriteNewColumnTags (text built by WriteNewColumnTagBatch:4836)
-- when: COMMENT ON COLUMN events.name IS 'a label' [1.5.5 shape captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_column_tag VALUES (1, 2, 1, NULL, 'comment', 'a label');

-- template: ducklake.commit.update_view_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4887 DuckLakeMetadataManager::WriteNewViewColumnTags (text built by WriteNewColumnTagBatch:4836; called from DL/storage/ducklake_transaction_state.cpp:1649)
-- when: COMMENT ON COLUMN v_orders.id IS 'order id' on a view (view id 3) of a 1.1-dev1 catalog: ends the previous comment of that view column
-- reach: ducklake
WITH overwritten_tags(vid, col, k) AS (
VALUES (3, 'id', 'comment')
)
UPDATE "public".ducklake_view_column_tag
SET end_snapshot = 1
FROM overwritten_tags
WHERE view_id=vid AND ducklake_view_column_tag.column_name=overwritten_tags.col AND ducklake_view_column_tag.key=overwritten_tags.k AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_view_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4887 DuckLakeMetadataManager::WriteNewViewColumnTags (text built by WriteNewColumnTagBatch:4836)
-- when: COMMENT ON COLUMN v_orders.id IS 'order id' on a view (view id 3) of a 1.1-dev1 catalog (value NULL for IS NULL)
-- reach: ducklake
INSERT INTO "public".ducklake_view_column_tag VALUES (3, 'id', 1, NULL, 'comment', 'order id');

-- template: ducklake.commit.update_partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4665 DuckLakeMetadataManager::WriteNewPartitionKeys
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region) (ends the previous partition spec; note ALTER TABLE ... RESET PARTITIONED BY emits nothing at all) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_partition_info
SET end_snapshot = 1
WHERE table_id IN (1) AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4628 DuckLakeMetadataManager::WriteNewPartitionKeys (append_partition lambda)
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_partition_info VALUES (2, 1, 1, NULL);

-- template: ducklake.commit.insert_partition_info.superseded_in_txn
-- source: DL/storage/ducklake_metadata_manager.cpp:4628 DuckLakeMetadataManager::WriteNewPartitionKeys (append_partition with end_snapshot {SNAPSHOT_ID}, :4641)
-- when: BEGIN; ALTER TABLE events SET PARTITIONED BY (region); INSERT INTO events ...; ALTER TABLE events SET PARTITIONED BY (year(ts)); COMMIT: the intermediate spec (partition id 2) is written already ended at the commit snapshot, followed by the final spec (3, open) in the same VALUES list
-- reach: ducklake
INSERT INTO "public".ducklake_partition_info VALUES (2, 1, 1, 1), (3, 1, 1, NULL);

-- template: ducklake.commit.insert_partition_column
-- source: DL/storage/ducklake_metadata_manager.cpp:4679 DuckLakeMetadataManager::WriteNewPartitionKeys
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region, bucket(8, id)) (transform is identity, year, month, day, hour, epoch_year, epoch_month, epoch_day, epoch_hour or bucket(N); the epoch_* transforms are new in this line) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_partition_column VALUES (2, 1, 0, 3, 'year'), (2, 1, 1, 2, 'identity'), (2, 1, 2, 1, 'bucket(8)'), (2, 1, 3, 3, 'epoch_day');

-- template: ducklake.commit.update_sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4776 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) (also the only statement for ALTER TABLE events RESET SORTED BY; re-emitted by RENAME COLUMN of a sorted table) [1.5.5 shape captured: 06_partition_addfiles]
-- reach: ducklake
UPDATE "public".ducklake_sort_info
SET end_snapshot = 1
WHERE table_id IN (1) AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4783 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) [1.5.5 shape captured: 06_partition_addfiles]
-- reach: ducklake
INSERT INTO "public".ducklake_sort_info VALUES (2, 1, 1, NULL);

-- template: ducklake.commit.insert_sort_expression
-- source: DL/storage/ducklake_metadata_manager.cpp:4788 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) [1.5.5 shape captured: 06_partition_addfiles]
-- reach: ducklake
INSERT INTO "public".ducklake_sort_expression VALUES (2, 1, 0, 'ts', 'duckdb', 'DESC', 'NULLS_FIRST'), (2, 1, 1, 'id', 'duckdb', 'ASC', 'NULLS_LAST');

-- template: ducklake.commit.insert_inlined_data_tables
-- source: DL/storage/ducklake_metadata_manager.cpp:2932 DuckLakeMetadataManager::WriteNewInlinedTables
-- when: CREATE TABLE on a lake with data inlining enabled (default DATA_INLINING_ROW_LIMIT 10), and any ALTER TABLE that changes the column set (new schema version); same text from WriteNewInlinedData:2750 when an INSERT finds no inlined table yet [1.5.5 shape captured: 01_basic, 02_ddl, 04_inlining, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_inlined_data_tables VALUES (1, 'ducklake_inlined_data_1_1', 1);

-- template: ducklake.commit.create_inlined_data_table
-- source: DL/storage/ducklake_metadata_manager.cpp:2812 DuckLakeMetadataManager::InlinedTableDdlSql (column names from InlinedColNames:2808 -> DuckLakeInlinedColNames(SupportsV1_1Metadata()); columns from GetInlinedTableQuery, types from DL/metadata_manager/postgres_metadata_manager.cpp:53 PostgresMetadataManager::GetColumnTypeInternal)
-- when: CREATE TABLE ty(c_bool BOOLEAN, c_int8 TINYINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 HUGEINT, c_uint8 UTINYINT, c_uint16 USMALLINT, c_uint32 UINTEGER, c_uint64 UBIGINT, c_uint128 UHUGEINT, c_float32 FLOAT, c_float64 DOUBLE, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar VARCHAR, c_blob BLOB, c_json JSON, c_uuid UUID, c_date DATE, c_time TIME, c_timetz TIMETZ, c_ts TIMESTAMP, c_ts_s TIMESTAMP_S, c_ts_ms TIMESTAMP_MS, c_ts_ns TIMESTAMP_NS, c_tstz TIMESTAMPTZ, c_interval INTERVAL, c_list INTEGER[], c_list_str VARCHAR[], c_struct STRUCT(p INTEGER, q VARCHAR), c_list_struct STRUCT(a INTEGER)[], c_map MAP(INTEGER, VARCHAR)) with data inlining enabled (table id 1, schema version 1); several new tables in one commit are separated by a newline [1.5.5 shape captured: 01_basic, 02_ddl, 04_inlining, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance]; on a 1.1-dev1 catalog (the default for a new lake) the three system columns are _ducklake_row_id, _ducklake_begin_snapshot, _ducklake_end_snapshot. TIMESTAMP_TZ_NS (TIMESTAMPTZ_NS) columns are now also stored as VARCHAR
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, c_bool BOOLEAN, c_int8 SMALLINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 VARCHAR, c_uint8 INTEGER, c_uint16 INTEGER, c_uint32 BIGINT, c_uint64 VARCHAR, c_uint128 VARCHAR, c_float32 REAL, c_float64 DOUBLE PRECISION, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar BYTEA, c_blob BYTEA, c_json BYTEA, c_uuid UUID, c_date VARCHAR, c_time TIME, c_timetz TIME WITH TIME ZONE, c_ts VARCHAR, c_ts_s VARCHAR, c_ts_ms VARCHAR, c_ts_ns VARCHAR, c_tstz VARCHAR, c_interval INTERVAL, c_list VARCHAR, c_list_str VARCHAR, c_struct VARCHAR, c_list_struct VARCHAR, c_map VARCHAR);

-- template: ducklake.commit.create_inlined_data_table.v1_0
-- source: DL/storage/ducklake_metadata_manager.cpp:2812 DuckLakeMetadataManager::InlinedTableDdlSql (column names from InlinedColNames:2808 -> DuckLakeInlinedColNames(SupportsV1_1Metadata()); columns from GetInlinedTableQuery, types from DL/metadata_manager/postgres_metadata_manager.cpp:53 PostgresMetadataManager::GetColumnTypeInternal)
-- when: as ducklake.commit.create_inlined_data_table, on a catalog created or kept at version 1.0 (ATTACH ... (DUCKLAKE_VERSION '1.0') or SET ducklake_default_version='1.0', or an existing 1.0 catalog attached without AUTOMATIC_MIGRATION): unprefixed system columns
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, c_bool BOOLEAN, c_int8 SMALLINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 VARCHAR, c_uint8 INTEGER, c_uint16 INTEGER, c_uint32 BIGINT, c_uint64 VARCHAR, c_uint128 VARCHAR, c_float32 REAL, c_float64 DOUBLE PRECISION, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar BYTEA, c_blob BYTEA, c_json BYTEA, c_uuid UUID, c_date VARCHAR, c_time TIME, c_timetz TIME WITH TIME ZONE, c_ts VARCHAR, c_ts_s VARCHAR, c_ts_ms VARCHAR, c_ts_ns VARCHAR, c_tstz VARCHAR, c_interval INTERVAL, c_list VARCHAR, c_list_str VARCHAR, c_struct VARCHAR, c_list_struct VARCHAR, c_map VARCHAR);

-- template: ducklake.commit.insert_inlined_data
-- source: DL/storage/ducklake_metadata_manager.cpp:3154 DuckLakeMetadataManager::FormatInlinedDataInsert (via WriteNewInlinedData:2687; cells from DL/common/ducklake_util.cpp:285 DuckLakeUtil::ValueToSQL and :124 ToSQLString)
-- when: INSERT INTO ty VALUES (...), (...) of at most DATA_INLINING_ROW_LIMIT rows (also UPDATE of inlined rows, which re-inserts them with their preserved row_id) [1.5.5 shape captured: 01_basic, 02_ddl, 04_inlining, 08_types_views, 09_evolution_maintenance]; the VALUES text is the same on 1.0 and 1.1-dev1 catalogs (positional), only the target table's system column names differ
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, c_bool BOOLEAN, c_int8 SMALLINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 VARCHAR, c_uint8 INTEGER, c_uint16 INTEGER, c_uint32 BIGINT, c_uint64 VARCHAR, c_uint128 VARCHAR, c_float32 REAL, c_float64 DOUBLE PRECISION, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar BYTEA, c_blob BYTEA, c_json BYTEA, c_uuid UUID, c_date VARCHAR, c_time TIME, c_timetz TIME WITH TIME ZONE, c_ts VARCHAR, c_ts_s VARCHAR, c_ts_ms VARCHAR, c_ts_ns VARCHAR, c_tstz VARCHAR, c_interval INTERVAL, c_list VARCHAR, c_list_str VARCHAR, c_struct VARCHAR, c_list_struct VARCHAR, c_map VARCHAR);
INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, true, -128, -32768, -2147483648, -9223372036854775808, -170141183460469231731687303715884105728, 255, 65535, 4294967295, 18446744073709551615, 340282366920938463463374607431768211455, -0.5, 1e+300, -123.4, 1234567.89, 123456789012345.678, 1234567890123456789012345678.0123456789, '\x69742773206475636b6c616b650a', '\x000102ff', '\x7b2261223a20317d', CAST('8f14e45f-ceea-467f-a0e6-3c3f1a2b4c5d' AS UUID), CAST('2024-02-29' AS VARCHAR), CAST('12:34:56.789' AS TIME), CAST('12:34:56+02' AS TIME WITH TIME ZONE), CAST('2024-02-29 12:34:56.789012' AS VARCHAR), CAST('2024-02-29 12:34:56' AS VARCHAR), CAST('2024-02-29 12:34:56.789' AS VARCHAR), CAST('2024-02-29 12:34:56.789012345' AS VARCHAR), CAST('2024-02-29 12:34:56.789012+00' AS VARCHAR), CAST('14 months 3 days 14706007000 microseconds' AS INTERVAL), '[1, 2, NULL]', '[a, NULL]', '{''p'': 1, ''q'': ''x''}', '[{''a'': 1}]', '{1=one, 2=NULL}'), (1, 2, NULL, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, CAST('nan' AS REAL), CAST('-inf' AS DOUBLE PRECISION), NULL, NULL, NULL, NULL, '\x00616200', NULL, NULL, NULL, CAST('infinity' AS VARCHAR), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '[]', NULL, NULL, NULL, NULL);

-- template: ducklake.commit.update_inlined_data.delete_rows
-- source: DL/storage/ducklake_metadata_manager.cpp:3158 DuckLakeMetadataManager::WriteNewInlinedDeletes (column names from DuckLakeInlinedColNames; called from DL/storage/ducklake_transaction_state.cpp:1755)
-- when: DELETE FROM t WHERE id IN (2, 3) (or UPDATE) on rows that live in the inlined data table ducklake_inlined_data_1_1 [1.5.5 shape captured: 04_inlining]
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, v BYTEA);
-- given: INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1, '\x61'), (1, 2, NULL, 2, '\x62'), (2, 2, NULL, 3, NULL);
WITH deleted_row_list(deleted_row_id) AS (
VALUES (1), (2)
)
UPDATE "public".ducklake_inlined_data_1_1
SET _ducklake_end_snapshot = 3
FROM deleted_row_list
WHERE _ducklake_row_id=deleted_row_id AND _ducklake_end_snapshot IS NULL AND _ducklake_begin_snapshot != 3;

-- template: ducklake.commit.update_inlined_data.delete_rows.v1_0
-- source: DL/storage/ducklake_metadata_manager.cpp:3158 DuckLakeMetadataManager::WriteNewInlinedDeletes (column names from DuckLakeInlinedColNames; called from DL/storage/ducklake_transaction_state.cpp:1755)
-- when: as ducklake.commit.update_inlined_data.delete_rows on a version 1.0 catalog (unprefixed system columns)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER, v BYTEA);
-- given: INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1, '\x61'), (1, 2, NULL, 2, '\x62'), (2, 2, NULL, 3, NULL);
WITH deleted_row_list(deleted_row_id) AS (
VALUES (1), (2)
)
UPDATE "public".ducklake_inlined_data_1_1
SET end_snapshot = 3
FROM deleted_row_list
WHERE row_id=deleted_row_id AND end_snapshot IS NULL AND begin_snapshot != 3;

-- template: ducklake.commit.delete_flushed_inlined_data
-- source: DL/storage/ducklake_metadata_manager.cpp:5667 DuckLakeMetadataManager::GenerateDeleteFlushedInlinedData (called from DL/storage/ducklake_transaction_state.cpp:1718)
-- when: CALL ducklake_flush_inlined_data('lake') (one statement per flushed inlined table; the flush's INSERTs of data files come from ducklake.commit.insert_data_file & co.) [1.5.5 shape captured: 04_inlining, 08_types_views]
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, v BYTEA);
-- given: INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1, '\x61'), (1, 2, NULL, 2, '\x62'), (2, 2, NULL, 3, NULL);
DELETE FROM "public".ducklake_inlined_data_1_1 WHERE _ducklake_begin_snapshot <= 3;

-- template: ducklake.commit.delete_flushed_inlined_data.v1_0
-- source: DL/storage/ducklake_metadata_manager.cpp:5667 DuckLakeMetadataManager::GenerateDeleteFlushedInlinedData (called from DL/storage/ducklake_transaction_state.cpp:1718)
-- when: as ducklake.commit.delete_flushed_inlined_data on a version 1.0 catalog (unprefixed system columns)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER, v BYTEA);
-- given: INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1, '\x61'), (1, 2, NULL, 2, '\x62'), (2, 2, NULL, 3, NULL);
DELETE FROM "public".ducklake_inlined_data_1_1 WHERE begin_snapshot <= 3;

-- template: ducklake.commit.create_inlined_delete_table
-- source: DL/storage/ducklake_metadata_manager.cpp:3205 DuckLakeMetadataManager::WriteNewInlinedFileDeletesSql (via WriteNewInlinedFileDeletesSqlBatch)
-- when: DELETE FROM t WHERE id = 7 that removes at most DATA_INLINING_ROW_LIMIT rows from a Parquet data file (deletion inlining instead of a delete file); once per table per commit
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);

-- template: ducklake.commit.insert_inlined_delete
-- source: DL/storage/ducklake_metadata_manager.cpp:3205 DuckLakeMetadataManager::WriteNewInlinedFileDeletesSql (via WriteNewInlinedFileDeletesSqlBatch)
-- when: DELETE FROM t WHERE id IN (7, 8) hitting Parquet data file 1 rows 6 and 7 with deletion inlining
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
INSERT INTO "public".ducklake_inlined_delete_1 VALUES (1, 6, 3), (1, 7, 3);

-- template: ducklake.execute.create_inlined_delete_table
-- source: DL/storage/ducklake_metadata_manager.cpp:3356 DuckLakeMetadataManager::GetInlinedDeletionTableName (Execute(snapshot, ...) = PostgresMetadataManager::Execute -> CALL postgres_execute, DL/metadata_manager/postgres_metadata_manager.cpp:116)
-- when: DELETE FROM t WHERE id = 7 with deletion inlining when the deletion table is requested with create_if_missing (write path, before the commit batch): a stand-alone postgres_execute call (one simple Query, inside the open transaction) instead of part of the commit batch; new in this line (1.5.5 sent it through Query() as DuckDB DDL)
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);

-- template: ducklake.execute.flush_delete_inlined_deletes
-- source: DL/functions/ducklake_flush_inlined_data.cpp:600 FlushInlinedFileDeletions (metadata_manager.Execute(snapshot, ...) -> CALL postgres_execute)
-- when: CALL ducklake_flush_inlined_data('lake') on a table with inlined file deletions (table id 1): after the deletions are written to delete files, the whole deletion table is emptied with a stand-alone postgres_execute call (no WHERE, no trailing ';' in the source text)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
DELETE FROM "public".ducklake_inlined_delete_1;

-- template: ducklake.commit.insert_column_mapping
-- source: DL/storage/ducklake_metadata_manager.cpp:4399 DuckLakeMetadataManager::WriteNewColumnMappings
-- when: CALL ducklake_add_data_files('lake', 'ext', 'ext.parquet') for a Parquet file without DuckLake field ids (mapping id taken from next_file_id) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column_mapping VALUES (7, 4, 'map_by_name');

-- template: ducklake.commit.insert_name_mapping
-- source: DL/storage/ducklake_metadata_manager.cpp:4400 DuckLakeMetadataManager::WriteNewColumnMappings
-- when: CALL ducklake_add_data_files('lake', 'ext', 'ext.parquet') (nested source columns carry parent_column; hive partition columns is_partition true) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_name_mapping VALUES (7, 0, 'id', 1, NULL, false), (7, 1, 'meta', 2, NULL, false), (7, 2, 'k', 3, 1, false), (7, 3, 'region', 4, NULL, true);

-- template: ducklake.commit.insert_table_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4935 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: first INSERT INTO events ... after CREATE TABLE (no ducklake_table_stats row yet) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table_stats VALUES (1, 3, 3, 0);

-- template: ducklake.commit.insert_table_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4937 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: first INSERT INTO events ... after CREATE TABLE (extra_stats carries the geometry bbox JSON for GEOMETRY columns) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table_column_stats VALUES (1, 1, false, NULL, '1', '3', NULL),(1, 2, true, NULL, 'a', 'c', NULL),(1, 3, false, false, '-1.5', '2.5', NULL),(1, 4, false, NULL, NULL, NULL, '{"bbox": {"xmin": 1.000000, "xmax": 3.000000, "ymin": 2.000000, "ymax": 4.000000, "zmin": null, "zmax": null, "mmin": null, "mmax": null}, "types": ["point"]}');

-- template: ducklake.commit.update_table_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4942 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: any later INSERT (or UPDATE/MERGE writing new rows) into events; also after CALL ducklake_rewrite_data_files('lake', 'events') via RecomputeGlobalStatsAfterRewrite (DL/storage/ducklake_transaction_state.cpp:844) [1.5.5 shape captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_table_stats SET record_count=1999, file_size_bytes=30272, next_row_id=1999 WHERE table_id=1;

-- template: ducklake.commit.update_table_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4958 DuckLakeMetadataManager::UpdateGlobalTableStatsSql (one statement per column, concatenated without separator)
-- when: any later INSERT into events (one UPDATE per column of the table, replacing 1.5.5's WITH new_values(...) UPDATE ... FROM new_values); also after CALL ducklake_rewrite_data_files / merge_adjacent and when dropped data files are subtracted from the table stats (ApplyDroppedFileStats, DL/storage/ducklake_transaction_state.cpp:995)
-- reach: ducklake
UPDATE "public".ducklake_table_column_stats SET contains_null=CAST(false AS BOOLEAN), contains_nan=CAST(NULL AS BOOLEAN), min_value='1', max_value='1999', extra_stats=NULL WHERE table_id=1 AND column_id=1;

-- template: ducklake.commit.update_table_column_stats.geometry
-- source: DL/storage/ducklake_metadata_manager.cpp:4958 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: later INSERT into a table with a GEOMETRY column (extra_stats carries the bbox JSON) and a column without min/max (all NULL stats)
-- reach: ducklake
UPDATE "public".ducklake_table_column_stats SET contains_null=CAST(false AS BOOLEAN), contains_nan=CAST(NULL AS BOOLEAN), min_value=NULL, max_value=NULL, extra_stats='{"bbox": {"xmin": 1.000000, "xmax": 3.000000, "ymin": 2.000000, "ymax": 4.000000, "zmin": null, "zmax": null, "mmin": null, "mmax": null}, "types": ["point"]}' WHERE table_id=1 AND column_id=4;

-- template: ducklake.commit.delete_table_column_stats
-- source: DL/storage/ducklake_transaction_state.cpp:990 DeleteTableColumnStatsSql (appended at :1069 and :1180 after UpdateGlobalTableStatsSql)
-- when: DELETE FROM events (or a rewrite/expiry) that ends every data file of table 1 so the subtracted record count reaches zero (ApplyDroppedFileStats returns true): the table's column stats rows are removed after the ducklake_table_stats UPDATE
-- reach: ducklake
DELETE FROM "public".ducklake_table_column_stats WHERE table_id=1;

-- template: ducklake.commit.insert_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4153 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch (row_group_count appended at :4186 when SupportsV1_1Metadata())
-- when: INSERT INTO events SELECT ... of more than DATA_INLINING_ROW_LIMIT rows (one row per written Parquet file); also CALL ducklake_flush_inlined_data / ducklake_merge_adjacent_files / ducklake_rewrite_data_files / ducklake_add_data_files (explicit begin_snapshot, partial_max, mapping_id, encryption_key for ENCRYPTED lakes) [1.5.5 shape captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]; on a 1.1-dev1 catalog every row has a 17th value row_group_count (NULL when unknown, e.g. ducklake_add_data_files)
-- reach: ducklake
INSERT INTO "public".ducklake_data_file VALUES (1, 1, 1, NULL, NULL, 'ducklake-01a227ce-7d23-7e2b-91fd-805cc4bb0a38.parquet', true, 'parquet', 1998, 30272, 381, 1, NULL, NULL, NULL, NULL, 1),(2, 1, 1, NULL, NULL, 'region=eu/ducklake-01a227ce-7d24-7e2b-91fd-805cc4bb0a39.parquet', true, 'parquet', 10, 1012, 724, 1999, 2, 'MDEyMzQ1Njc4OWFiY2RlZg==', 7, 4, NULL);

-- template: ducklake.commit.insert_data_file.v1_0
-- source: DL/storage/ducklake_metadata_manager.cpp:4153 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch (row_group_count appended at :4186 when SupportsV1_1Metadata())
-- when: as ducklake.commit.insert_data_file on a version 1.0 catalog (DUCKLAKE_VERSION '1.0'): 16 values, no row_group_count
-- reach: ducklake
INSERT INTO "public".ducklake_data_file VALUES (1, 1, 1, NULL, NULL, 'ducklake-01a227ce-7d23-7e2b-91fd-805cc4bb0a38.parquet', true, 'parquet', 1998, 30272, 381, 1, NULL, NULL, NULL, NULL),(2, 1, 1, NULL, NULL, 'region=eu/ducklake-01a227ce-7d24-7e2b-91fd-805cc4bb0a39.parquet', true, 'parquet', 10, 1012, 724, 1999, 2, 'MDEyMzQ1Njc4OWFiY2RlZg==', 7, 4);

-- template: ducklake.commit.insert_file_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4238 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO events SELECT ... writing a Parquet file (one row per column per file) [1.5.5 shape captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_file_column_stats VALUES (1, 1, 1, 8787, 1998, 0, '2', '1999', NULL, NULL),(1, 1, 2, 9038, 1990, 8, 'bulk-10', 'bulk-999', NULL, NULL),(1, 1, 3, 120, 1998, 0, '-1.5', '2.5', false, NULL);

-- template: ducklake.commit.insert_file_partition_value
-- source: DL/storage/ducklake_metadata_manager.cpp:4242 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO a partitioned table (ALTER TABLE events SET PARTITIONED BY (year(ts), region) first) [1.5.5 shape captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_file_partition_value VALUES (2, 1, 0, '2024'),(2, 1, 1, 'eu'),(3, 1, 0, '2025'),(3, 1, 1, NULL);

-- template: ducklake.commit.insert_file_variant_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4246 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO a table with a VARIANT column whose Parquet file has shredded fields (one row per shredded field)
-- reach: ducklake
INSERT INTO "public".ducklake_file_variant_stats VALUES (1, 1, 5, 'a', 'int64', 120, 3, 0, '1', '7', NULL, NULL),(1, 1, 5, 'b', 'varchar', 98, 2, 1, 'x', 'y', NULL, NULL);

-- template: ducklake.commit.delete_overwritten_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4289 DuckLakeMetadataManager::DeleteOverwrittenDeleteFiles
-- when: a second DELETE FROM t WHERE ... on a data file that already has a delete file (delete_file id 3 is replaced) [1.5.5 shape captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_delete_file
WHERE delete_file_id IN (3);

-- template: ducklake.commit.insert_files_scheduled_for_deletion
-- source: DL/storage/ducklake_metadata_manager.cpp:4295 DuckLakeMetadataManager::DeleteOverwrittenDeleteFiles
-- when: a second DELETE FROM t WHERE ... on a data file that already has a delete file: the old delete file is scheduled for removal [1.5.5 shape captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_files_scheduled_for_deletion VALUES (3, 'main/t/ducklake-01a227ce-91d8-7933-a2ac-a4be53999486-delete.parquet', true, NOW());

-- template: ducklake.commit.insert_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4299 DuckLakeMetadataManager::WriteNewDeleteFiles (row_group_count appended at :4329 when SupportsV1_1Metadata())
-- when: DELETE FROM t WHERE id < 500 (or UPDATE) removing more than DATA_INLINING_ROW_LIMIT rows from Parquet data files (format 'puffin' with deletion vectors; explicit begin_snapshot / partial_max from ducklake_flush_inlined_data) [1.5.5 shape captured: 03_dml_timetravel, 04_inlining, 05_maintenance, 09_evolution_maintenance]; on a 1.1-dev1 catalog every row has a 14th value row_group_count (NULL for puffin deletion vectors)
-- reach: ducklake
INSERT INTO "public".ducklake_delete_file VALUES (3, 1, 1, NULL,  0, 'ducklake-01a227ce-91d8-7933-a2ac-a4be53999486-delete.parquet', true, 'parquet', 10, 868, 599, NULL, NULL, 1),(4, 1, 1, NULL,  1, 'ducklake-01a227ce-91d9-75eb-83fa-61123c343838-deletes.puffin', true, 'puffin', 5, 842, 597, 'MDEyMzQ1Njc4OWFiY2RlZg==', 5, NULL);

-- template: ducklake.commit.insert_delete_file.v1_0
-- source: DL/storage/ducklake_metadata_manager.cpp:4299 DuckLakeMetadataManager::WriteNewDeleteFiles (row_group_count appended at :4329 when SupportsV1_1Metadata())
-- when: as ducklake.commit.insert_delete_file on a version 1.0 catalog: 13 values, no row_group_count
-- reach: ducklake
INSERT INTO "public".ducklake_delete_file VALUES (3, 1, 1, NULL,  0, 'ducklake-01a227ce-91d8-7933-a2ac-a4be53999486-delete.parquet', true, 'parquet', 10, 868, 599, NULL, NULL),(4, 1, 1, NULL,  1, 'ducklake-01a227ce-91d9-75eb-83fa-61123c343838-deletes.puffin', true, 'puffin', 5, 842, 597, 'MDEyMzQ1Njc4OWFiY2RlZg==', 5);

-- template: ducklake.commit.merge_adjacent.delete_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:5217 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_data_file
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:5217 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_column_stats
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:5217 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_delete_file
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_partition_value
-- source: DL/storage/ducklake_metadata_manager.cpp:5217 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_partition_value
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_variant_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:5217 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_variant_stats
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.insert_files_scheduled_for_deletion
-- source: DL/storage/ducklake_metadata_manager.cpp:5224 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake'): the merged source files are scheduled for removal [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_files_scheduled_for_deletion VALUES (1, 'main/m/ducklake-01a227ce-a2f0-7a11-9d2c-1c4d5e6f7a81.parquet', true, NOW()), (2, 'main/m/ducklake-01a227ce-a2f1-7a11-9d2c-1c4d5e6f7a82.parquet', true, NOW());

-- template: ducklake.commit.rewrite_deletes.update_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:5245 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't') on a data file whose live delete file (id 3) is removed [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_delete_file SET end_snapshot = 7
				WHERE delete_file_id = 3;

-- template: ducklake.commit.rewrite_deletes.update_data_file_end
-- source: DL/storage/ducklake_metadata_manager.cpp:5254 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't'): the rewritten source data file (id 1) is ended [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 7
		WHERE data_file_id = 1;

-- template: ducklake.commit.rewrite_deletes.update_data_file_begin
-- source: DL/storage/ducklake_metadata_manager.cpp:5262 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't'): the new delete-free data file (id 5) starts at the rewrite snapshot [1.5.5 shape captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET begin_snapshot = 7
				WHERE data_file_id = 5;

-- template: ducklake.commit.insert_schema_versions
-- source: DL/storage/ducklake_metadata_manager.cpp:5684 DuckLakeMetadataManager::InsertNewSchema
-- when: CREATE TABLE events(...), ALTER TABLE events RENAME TO ..., or an ALTER TABLE that changes columns or partitioning (one statement per table, concatenated without separator) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_schema_versions VALUES (1,1,1);

-- template: ducklake.pgquery.latest_snapshot.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:126 PostgresMetadataManager::GetLatestSnapshotQuery
-- when: first metadata access of every DuckLake transaction (any SELECT on the lake, any write, the commit); arrives as a Parse message (PQprepare) whose text has no trailing ';' (postgres_query strips it: PG/postgres_query.cpp:40) [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 );

-- template: ducklake.pgquery.latest_snapshot.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:126 PostgresMetadataManager::GetLatestSnapshotQuery)
-- when: right after the Parse/Describe of ducklake.pgquery.latest_snapshot.parse: the rows are fetched with a binary COPY of the query as a subquery [1.5.5 shape captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM (SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 )) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.eq.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id = 42 (also <> and IN (...)) on a non-float column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [1.5.5 shape captured: 01_basic, 03_dml_timetravel, 04_inlining, 10_transactions_partitions]
-- reach: ducklake
SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.eq.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.eq.parse: binary COPY of the stats query as a subquery [1.5.5 shape captured: 01_basic, 03_dml_timetravel, 04_inlining, 10_transactions_partitions]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value", "min_value" FROM (SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.gt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id > 42 (or >=) on a non-float column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [1.5.5 shape captured: 03_dml_timetravel, 06_partition_addfiles, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.gt.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.gt.parse: binary COPY of the stats query as a subquery [1.5.5 shape captured: 03_dml_timetravel, 06_partition_addfiles, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value" FROM (SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.lt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id < 42 (or <=) on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [1.5.5 shape captured: 05_maintenance, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.lt.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.lt.parse: binary COPY of the stats query as a subquery [1.5.5 shape captured: 05_maintenance, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value" FROM (SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.range.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id BETWEEN 10 AND 20 (x >= a AND x <= b) on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [1.5.5 shape captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.range.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.range.parse: binary COPY of the stats query as a subquery [1.5.5 shape captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value", "max_value" FROM (SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.float_gt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score > 1.5 on a FLOAT/DOUBLE column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.float_gt.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.float_gt.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "contains_nan", "max_value" FROM (SELECT data_file_id, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.float_range.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score >= 1.5 AND score <= 2.5 on a FLOAT/DOUBLE column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, min_value, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.float_range.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.float_range.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "min_value", "value_count", "contains_nan", "max_value" FROM (SELECT data_file_id, min_value, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.nan.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score = 'nan'::DOUBLE on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, contains_nan
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.nan.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.nan.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "contains_nan" FROM (SELECT data_file_id, contains_nan
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.is_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.is_null.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.is_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "null_count" FROM (SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.is_not_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NOT NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.is_not_null.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.is_not_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count" FROM (SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.null_or_eq.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NULL OR name = 'x' on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, max_value, min_value, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.null_or_eq.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.null_or_eq.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value", "min_value", "null_count" FROM (SELECT data_file_id, value_count, max_value, min_value, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.eq_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name = 'x' OR name IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.eq_or_null.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.eq_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "max_value", "min_value" FROM (SELECT data_file_id, value_count, null_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.gt_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id > 42 OR id IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.gt_or_null.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.gt_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "max_value" FROM (SELECT data_file_id, value_count, null_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.lt_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id < 42 OR id IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.lt_or_null.copy
-- source: PG/postgres_scanner.cpp:235 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:139 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.lt_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "min_value" FROM (SELECT data_file_id, value_count, null_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.topn.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:134 PostgresMetadataManager::GenerateFileColumnStatsCTEBody (requirement from DL/storage/ducklake_metadata_manager.cpp:1913 GetFilesForTable)
-- when: SELECT * FROM events ORDER BY id DESC LIMIT 5 (Top-N dynamic filter on field 1 of table 1, no static filter) on a table with Parquet data files: the Top-N stats join now reads the column stats through a postgres_query CTE col_1_stats instead of a LEFT JOIN scan of ducklake_file_column_stats; CTERequirement(1, {"min_value", "max_value"}) iterates as max_value, min_value (libstdc++, checked with g++) ; arrives as a Parse message without trailing ';'
-- reach: ducklake
SELECT data_file_id, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.topn.copy
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:134 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: SELECT * FROM events ORDER BY id DESC LIMIT 5 (Top-N dynamic filter on field 1 of table 1, no static filter) on a table with Parquet data files: the Top-N stats join now reads the column stats through a postgres_query CTE col_1_stats instead of a LEFT JOIN scan of ducklake_file_column_stats; CTERequirement(1, {"min_value", "max_value"}) iterates as max_value, min_value (libstdc++, checked with g++)
-- reach: ducklake
COPY (SELECT "data_file_id", "max_value", "min_value" FROM (SELECT data_file_id, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");
