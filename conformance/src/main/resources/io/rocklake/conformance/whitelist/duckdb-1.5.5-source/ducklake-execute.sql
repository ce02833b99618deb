-- DuckLake -> PostgreSQL raw-SQL census (DuckDB 1.5.5, ducklake extension branch v1.5-variegata).
-- Source read: duckdb/ducklake @ 5ef9e03d58286cf4bc532c62a69ae3c51fbb8f51 (git rev-parse v1.5-variegata);
--   postgres extension duckdb/duckdb-postgres @ 0027dfc8a6c66bd1bfc30d8832c7075b801eae45 for postgres_execute/postgres_query.
-- Prefixes: DL/ = ducklake src/, PG/ = duckdb-postgres src/. Line numbers are at those commits.
-- Scope: only text that reaches PostgreSQL verbatim as PostgreSQL SQL:
--   (a) PostgresMetadataManager::Execute -> ExecuteQuery (DL/metadata_manager/postgres_metadata_manager.cpp:81-115)
--       = CALL postgres_execute(<catalog>, <batch>); its only caller is the commit loop
--       (DL/storage/ducklake_transaction.cpp:1358 execute_commit_batch <- DL/storage/ducklake_transaction_state.cpp:1694 Commit).
--       The batch is InsertSnapshotSql + DuckLakeTransactionState::CommitChanges (ducklake_transaction_state.cpp:1377-1589)
--       + WriteSnapshotChanges (:302). It arrives as ONE simple-Query message (PQexec, multi-statement, no BEGIN prefix
--       because postgres_query already opened the transaction); this file gives one block per statement of it.
--   (b) the two postgres_query overrides (postgres_metadata_manager.cpp:121 GetLatestSnapshotQuery, :131
--       GenerateFileColumnStatsCTEBody): each arrives as Parse (text without the trailing ';', here re-added to end the
--       block) + Describe, then as COPY (SELECT ... FROM (<text>) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary")
--       built by PG/postgres_scanner.cpp:280-289; both forms are listed.
-- How enumerated: every builder appended in CommitChanges/Commit was followed to its definition in
--   DL/storage/ducklake_metadata_manager.cpp (FlushDrop, DropSchemas/Tables/Views/Macros, WriteNewSchemas/Tables/Views/
--   Tags/ColumnTags/Macros/Columns, WriteDroppedColumns, WriteNewPartitionKeys, WriteNewSortKeys, WriteNewInlinedTables,
--   WriteNewInlinedData + FormatInlinedDataInsert, WriteNewColumnMappings, UpdateGlobalTableStatsSql (also from
--   RecomputeGlobalStatsAfterRewrite), WriteNewDataFilesSqlBatch (PostgresMetadataManager::SupportsAppender() is false),
--   GenerateDeleteFlushedInlinedData, DropDataFiles, DeleteOverwrittenDeleteFiles, WriteNewDeleteFiles,
--   WriteNewInlinedDeletes, WriteNewInlinedFileDeletesSqlBatch, WriteCompactions (WriteMergeAdjacent,
--   WriteDeleteRewrites), InsertNewSchema, WriteSnapshotChangesSql), and cross-checked with git grep over src/ for
--   INSERT INTO / UPDATE / DELETE FROM / CREATE TABLE / DROP TABLE / WITH ... / StringUtil::Format; value encoding from
--   DL/common/ducklake_util.cpp (ValueToSQL, ToSQLString, ToByteaHexLiteral, EscapeVarcharForSQL, StatsToString) and PG
--   type mapping from PostgresMetadataManager::TypeIsNativelySupported/GetColumnTypeInternal (postgres_metadata_manager.cpp:14, :50).
--   Formats (quoting, NOW(), NULL, '\x..' bytea, CAST(.. AS ..), spacing, newlines/tabs inside statements) were calibrated
--   on the commit batches and Parse messages of conformance/corpus/duckdb-1.5.5/01..10.
-- Placeholders as substituted by ExecuteQuery: {METADATA_CATALOG} -> "public" (the quoted METADATA_SCHEMA, default public),
--   {SNAPSHOT_ID}/{SCHEMA_VERSION}/{NEXT_CATALOG_ID}/{NEXT_FILE_ID} -> integers, {AUTHOR}/{COMMIT_MESSAGE}/
--   {COMMIT_EXTRA_INFO} -> '..' or NULL. Inlined table/column names use SQLIdentifier (quoted only when needed, e.g. "name").
-- Not listed because they do not reach PostgreSQL as raw SQL: everything sent through Query() (DuckDB SQL planned by the
--   postgres extension: COPY scans, COPY FROM STDIN inserts, ctid DELETE/UPDATE, DROP Table, e.g. set_option,
--   expire_snapshots, cleanup_old_files, flush's DELETE FROM inlined tables, DropEmptySupersededInlinedTables,
--   migrations, InitializeDuckLake), DuckLakeStagedCommit/ServerSideCommit (quack backend only), WriteNewDataFiles /
--   WriteNewInlinedFileDeletes / DropDeleteFiles (not called on the PostgreSQL path).
-- Type notes: VARIANT and GEOMETRY columns disable inlining on PostgreSQL (SupportsInlining), so no inlined table is
--   created for such tables. TIME_NS is a DuckLake type but maps to the DDL word TIME_NS (LogicalType::ToString), which
--   PostgreSQL 15 rejects, so a CREATE TABLE with a TIME_NS column fails at commit on a real PostgreSQL; it is left out.
-- The file_column_stats select list is data_file_id followed by an unordered_set<string> iteration order of a non-empty
--   subset of {min_value, max_value, value_count, null_count, contains_nan} (142 orders reachable with libstdc++); the
--   13 variants below are those of the common filter shapes (the 4 seen in the captures included).
-- Count: 91 templates; 65 of them have their shape in the captures (marked "captured:" in their when line).
-- Reach: every block is "-- reach: ducklake": DuckLake's own code sends each of them (see postgres-extension.sql for
--   the rule).

-- template: ducklake.commit.insert_snapshot
-- source: DL/storage/ducklake_metadata_manager.cpp:3972 DuckLakeMetadataManager::InsertSnapshotSql
-- when: every committing write transaction on the lake (first statement of every commit batch), e.g. CREATE TABLE events(id BIGINT, name VARCHAR, ts TIMESTAMP) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_snapshot VALUES (1, NOW(), 1, 2, 0);

-- template: ducklake.commit.insert_snapshot_changes
-- source: DL/storage/ducklake_metadata_manager.cpp:3985 DuckLakeMetadataManager::WriteSnapshotChangesSql
-- when: every committing write transaction (last statement of every commit batch); author/commit_message/commit_extra_info are NULL unless CALL lake.set_commit_message('ceo', 'a transaction', extra_info => '{"k":"v"}') ran in the transaction; changes_made is a comma list of created_schema:"s", created_table:"s"."t", created_view:..., created_scalar_macro:..., created_table_macro:..., dropped_schema:N, dropped_table:N, dropped_view:N, dropped_scalar_macro:N, dropped_table_macro:N, inserted_into_table:N, deleted_from_table:N, altered_table:N, altered_view:N, inlined_insert:N, inlined_delete:N, inline_flush:N, merge_adjacent:N, rewrite_delete:N (NULL if empty) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_snapshot_changes VALUES (1, 'created_schema:"sales",created_table:"sales"."orders",inserted_into_table:2', 'ceo', 'a transaction', '{"k":"v"}');

-- template: ducklake.commit.drop_schema
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropSchemas:2274)
-- when: DROP SCHEMA sales (schema id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_schema SET end_snapshot = 1 WHERE end_snapshot IS NULL AND schema_id IN (1);

-- template: ducklake.commit.drop_table.table
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1); also the only statement of DropTables(renamed=true) for ALTER TABLE events RENAME TO events2 [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_table SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_partition_info SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.column
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_column SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_column_tag SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_delete_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_table.tag
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278 and DropViews:2292)
-- when: DROP TABLE events (table id 1), and DROP VIEW v_orders (then with the view ids): ends the comment tags of the dropped objects [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_tag SET end_snapshot = 1 WHERE end_snapshot IS NULL AND object_id IN (1);

-- template: ducklake.commit.drop_table.sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropTables:2278)
-- when: DROP TABLE events (table id 1) [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_sort_info SET end_snapshot = 1 WHERE end_snapshot IS NULL AND table_id IN (1);

-- template: ducklake.commit.drop_view
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropViews:2292)
-- when: DROP VIEW v (view id 3); also ALTER VIEW v RENAME TO w (renamed=true emits only this statement) [captured: 02_ddl]
-- reach: ducklake
UPDATE "public".ducklake_view SET end_snapshot = 1 WHERE end_snapshot IS NULL AND view_id IN (3);

-- template: ducklake.commit.drop_macro
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropMacros:2344)
-- when: DROP MACRO add_one / DROP MACRO TABLE my_range (macro id 2)
-- reach: ducklake
UPDATE "public".ducklake_macro SET end_snapshot = 1 WHERE end_snapshot IS NULL AND macro_id IN (2);

-- template: ducklake.commit.drop_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:2270 DuckLakeMetadataManager::FlushDrop (via DropDataFiles:3824)
-- when: DELETE FROM events WHERE ... that deletes every row of an existing data file (file id 5): the whole file is ended instead of writing a delete file
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 1 WHERE end_snapshot IS NULL AND data_file_id IN (5);

-- template: ducklake.commit.insert_schema
-- source: DL/storage/ducklake_metadata_manager.cpp:2367 DuckLakeMetadataManager::WriteNewSchemas
-- when: CREATE SCHEMA sales [captured: 02_ddl, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_schema VALUES (1, '01a227ce-8521-7b45-8bec-e1303d81faec', 1, NULL, 'sales', 'sales/', true);

-- template: ducklake.commit.insert_table
-- source: DL/storage/ducklake_metadata_manager.cpp:2536 DuckLakeMetadataManager::WriteNewTables
-- when: CREATE TABLE events(...) (one row per new table, joined with ', '); also re-inserted with the same table id by ALTER TABLE events RENAME TO events2 [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table VALUES (1, '01a227ce-7cb2-71cc-85c4-88c6d35a1e53', 1, NULL, 0, 'events', 'events/', true);

-- template: ducklake.commit.insert_column
-- source: DL/storage/ducklake_metadata_manager.cpp:2539 DuckLakeMetadataManager::WriteNewTables (rows from ColumnToSQLRecursive:2386)
-- when: CREATE TABLE events(id BIGINT NOT NULL, name VARCHAR DEFAULT 'n/a', ts TIMESTAMP DEFAULT now(), meta STRUCT(k VARCHAR, v INTEGER)) (nested fields follow their parent with parent_column set) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column VALUES (1, 1, NULL, 1, 1, 'id', 'int64', NULL, 'NULL', false, NULL, 'literal', 'duckdb'),(2, 1, NULL, 1, 2, 'name', 'varchar', NULL, 'n/a', true, NULL, 'literal', 'duckdb'),(3, 1, NULL, 1, 3, 'ts', 'timestamp', NULL, 'now()', true, NULL, 'expression', 'duckdb'),(4, 1, NULL, 1, 4, 'meta', 'struct', NULL, 'NULL', true, NULL, '', 'duckdb'),(5, 1, NULL, 1, 5, 'k', 'varchar', NULL, 'NULL', true, 4, 'literal', 'duckdb'),(6, 1, NULL, 1, 6, 'v', 'int32', NULL, 'NULL', true, 4, 'literal', 'duckdb');

-- template: ducklake.commit.insert_column.alter
-- source: DL/storage/ducklake_metadata_manager.cpp:2665 DuckLakeMetadataManager::WriteNewColumns (rows from ColumnToSQLRecursive:2386)
-- when: ALTER TABLE events ADD COLUMN extra INTEGER DEFAULT 42 (same statement re-inserts the changed column for ALTER ... RENAME COLUMN / SET DEFAULT / SET|DROP NOT NULL / ALTER TYPE / ADD FIELD, after ducklake.commit.drop_columns) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column VALUES (7, 1, NULL, 1, 7, 'extra', 'int32', '42', '42', true, NULL, 'literal', 'duckdb');

-- template: ducklake.commit.drop_columns
-- source: DL/storage/ducklake_metadata_manager.cpp:2644 DuckLakeMetadataManager::WriteDroppedColumns
-- when: ALTER TABLE events DROP COLUMN name; also ALTER TABLE events RENAME COLUMN / ALTER COLUMN ... SET DEFAULT / SET|DROP NOT NULL / SET DATA TYPE (old column row is ended, then re-inserted by ducklake.commit.insert_column.alter) [captured: 02_ddl, 09_evolution_maintenance]
-- reach: ducklake
WITH dropped_cols(tid, cid) AS (
VALUES (1, 2), (1, 4)
)
UPDATE "public".ducklake_column
SET end_snapshot = 1
FROM dropped_cols
WHERE table_id=tid AND column_id=cid AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_view
-- source: DL/storage/ducklake_metadata_manager.cpp:2682 DuckLakeMetadataManager::WriteNewViews
-- when: CREATE VIEW v_orders(id, label) AS SELECT o_id, o_label FROM sales.orders WHERE o_flag (column_aliases is '' when the view has no alias list); also re-inserted by ALTER VIEW ... RENAME TO [captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_view VALUES (3, '42f19d2e-46f6-4b24-9702-691f721f27a8', 1, NULL, 1, 'v_orders', 'duckdb', 'SELECT o_id, o_label FROM sales.orders WHERE o_flag', '"id","label"');

-- template: ducklake.commit.insert_macro
-- source: DL/storage/ducklake_metadata_manager.cpp:2603 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (also CREATE MACRO my_range(n) AS TABLE SELECT * FROM range(n))
-- reach: ducklake
INSERT INTO "public".ducklake_macro values(0,2,'add_one',1, NULL);

-- template: ducklake.commit.insert_macro_impl
-- source: DL/storage/ducklake_metadata_manager.cpp:2610 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (type 'scalar'; CREATE MACRO my_range(n) AS TABLE SELECT * FROM range(n) gives type 'table' and sql 'SELECT * FROM "range"(n)')
-- reach: ducklake
INSERT INTO "public".ducklake_macro_impl values(2,0,'duckdb','(x + y)','scalar');

-- template: ducklake.commit.insert_macro_parameters
-- source: DL/storage/ducklake_metadata_manager.cpp:2620 DuckLakeMetadataManager::WriteNewMacros
-- when: CREATE MACRO add_one(x, y := 1) AS x + y (one row per parameter; a parameter without default has default_value 'NULL' and default_value_type 'unknown')
-- reach: ducklake
INSERT INTO "public".ducklake_macro_parameters values(2,0,1,'y','unknown','1','int32');

-- template: ducklake.commit.update_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4363 DuckLakeMetadataManager::WriteNewTags
-- when: COMMENT ON TABLE events IS 'order facts' (also COMMENT ON VIEW v_orders IS ...) [captured: 02_ddl, 08_types_views]
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
-- source: DL/storage/ducklake_metadata_manager.cpp:4383 DuckLakeMetadataManager::WriteNewTags
-- when: COMMENT ON TABLE events IS 'order facts' (value NULL for COMMENT ON TABLE events IS NULL) [captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_tag VALUES (1, 1, NULL, 'comment', 'order facts');

-- template: ducklake.commit.update_column_tag
-- source: DL/storage/ducklake_metadata_manager.cpp:4404 DuckLakeMetadataManager::WriteNewColumnTags
-- when: COMMENT ON COLUMN events.name IS 'a label' [captured: 02_ddl, 08_types_views]
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
-- source: DL/storage/ducklake_metadata_manager.cpp:4424 DuckLakeMetadataManager::WriteNewColumnTags
-- when: COMMENT ON COLUMN events.name IS 'a label' [captured: 02_ddl, 08_types_views]
-- reach: ducklake
INSERT INTO "public".ducklake_column_tag VALUES (1, 2, 1, NULL, 'comment', 'a label');

-- template: ducklake.commit.update_partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4217 DuckLakeMetadataManager::WriteNewPartitionKeys
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region) (ends the previous partition spec; note ALTER TABLE ... RESET PARTITIONED BY emits nothing at all) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_partition_info
SET end_snapshot = 1
WHERE table_id IN (1) AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_partition_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4226 DuckLakeMetadataManager::WriteNewPartitionKeys
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_partition_info VALUES (2, 1, 1, NULL);

-- template: ducklake.commit.insert_partition_column
-- source: DL/storage/ducklake_metadata_manager.cpp:4231 DuckLakeMetadataManager::WriteNewPartitionKeys
-- when: ALTER TABLE events SET PARTITIONED BY (year(ts), region, bucket(8, id)) (transform is identity, year, month, day, hour or bucket(N)) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_partition_column VALUES (2, 1, 0, 3, 'year'), (2, 1, 1, 2, 'identity'), (2, 1, 2, 1, 'bucket(8)');

-- template: ducklake.commit.update_sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4328 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) (also the only statement for ALTER TABLE events RESET SORTED BY; re-emitted by RENAME COLUMN of a sorted table) [captured: 06_partition_addfiles]
-- reach: ducklake
UPDATE "public".ducklake_sort_info
SET end_snapshot = 1
WHERE table_id IN (1) AND end_snapshot IS NULL
;

-- template: ducklake.commit.insert_sort_info
-- source: DL/storage/ducklake_metadata_manager.cpp:4335 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) [captured: 06_partition_addfiles]
-- reach: ducklake
INSERT INTO "public".ducklake_sort_info VALUES (2, 1, 1, NULL);

-- template: ducklake.commit.insert_sort_expression
-- source: DL/storage/ducklake_metadata_manager.cpp:4340 DuckLakeMetadataManager::WriteNewSortKeys
-- when: ALTER TABLE events SET SORTED BY (ts DESC NULLS FIRST, id) [captured: 06_partition_addfiles]
-- reach: ducklake
INSERT INTO "public".ducklake_sort_expression VALUES (2, 1, 0, 'ts', 'duckdb', 'DESC', 'NULLS_FIRST'), (2, 1, 1, 'id', 'duckdb', 'ASC', 'NULLS_LAST');

-- template: ducklake.commit.insert_inlined_data_tables
-- source: DL/storage/ducklake_metadata_manager.cpp:2593 DuckLakeMetadataManager::WriteNewInlinedTables
-- when: CREATE TABLE on a lake with data inlining enabled (default DATA_INLINING_ROW_LIMIT 10), and any ALTER TABLE that changes the column set (new schema version); same text from WriteNewInlinedData:2750 when an INSERT finds no inlined table yet [captured: 01_basic, 02_ddl, 04_inlining, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_inlined_data_tables VALUES (1, 'ducklake_inlined_data_1_1', 1);

-- template: ducklake.commit.create_inlined_data_table
-- source: DL/storage/ducklake_metadata_manager.cpp:2476 DuckLakeMetadataManager::InlinedTableDdlSql (columns from GetInlinedTableQuery:2494, GetColumnType:2436, types from DL/metadata_manager/postgres_metadata_manager.cpp:50 PostgresMetadataManager::GetColumnTypeInternal)
-- when: CREATE TABLE ty(c_bool BOOLEAN, c_int8 TINYINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 HUGEINT, c_uint8 UTINYINT, c_uint16 USMALLINT, c_uint32 UINTEGER, c_uint64 UBIGINT, c_uint128 UHUGEINT, c_float32 FLOAT, c_float64 DOUBLE, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar VARCHAR, c_blob BLOB, c_json JSON, c_uuid UUID, c_date DATE, c_time TIME, c_timetz TIMETZ, c_ts TIMESTAMP, c_ts_s TIMESTAMP_S, c_ts_ms TIMESTAMP_MS, c_ts_ns TIMESTAMP_NS, c_tstz TIMESTAMPTZ, c_interval INTERVAL, c_list INTEGER[], c_list_str VARCHAR[], c_struct STRUCT(p INTEGER, q VARCHAR), c_list_struct STRUCT(a INTEGER)[], c_map MAP(INTEGER, VARCHAR)) with data inlining enabled (table id 1, schema version 1); several new tables in one commit are separated by a newline [captured: 01_basic, 02_ddl, 04_inlining, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, c_bool BOOLEAN, c_int8 SMALLINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 VARCHAR, c_uint8 INTEGER, c_uint16 INTEGER, c_uint32 BIGINT, c_uint64 VARCHAR, c_uint128 VARCHAR, c_float32 REAL, c_float64 DOUBLE PRECISION, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar BYTEA, c_blob BYTEA, c_json BYTEA, c_uuid UUID, c_date VARCHAR, c_time TIME, c_timetz TIME WITH TIME ZONE, c_ts VARCHAR, c_ts_s VARCHAR, c_ts_ms VARCHAR, c_ts_ns VARCHAR, c_tstz VARCHAR, c_interval INTERVAL, c_list VARCHAR, c_list_str VARCHAR, c_struct VARCHAR, c_list_struct VARCHAR, c_map VARCHAR);

-- template: ducklake.commit.insert_inlined_data
-- source: DL/storage/ducklake_metadata_manager.cpp:2791 DuckLakeMetadataManager::FormatInlinedDataInsert (via WriteNewInlinedData:2687; cells from DL/common/ducklake_util.cpp:275 DuckLakeUtil::ValueToSQL and :124 ToSQLString)
-- when: INSERT INTO ty VALUES (...), (...) of at most DATA_INLINING_ROW_LIMIT rows (also UPDATE of inlined rows, which re-inserts them with their preserved row_id) [captured: 01_basic, 02_ddl, 04_inlining, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, c_bool BOOLEAN, c_int8 SMALLINT, c_int16 SMALLINT, c_int32 INTEGER, c_int64 BIGINT, c_int128 VARCHAR, c_uint8 INTEGER, c_uint16 INTEGER, c_uint32 BIGINT, c_uint64 VARCHAR, c_uint128 VARCHAR, c_float32 REAL, c_float64 DOUBLE PRECISION, c_dec4 DECIMAL(4,1), c_dec9 DECIMAL(9,2), c_dec18 DECIMAL(18,3), c_dec38 DECIMAL(38,10), c_varchar BYTEA, c_blob BYTEA, c_json BYTEA, c_uuid UUID, c_date VARCHAR, c_time TIME, c_timetz TIME WITH TIME ZONE, c_ts VARCHAR, c_ts_s VARCHAR, c_ts_ms VARCHAR, c_ts_ns VARCHAR, c_tstz VARCHAR, c_interval INTERVAL, c_list VARCHAR, c_list_str VARCHAR, c_struct VARCHAR, c_list_struct VARCHAR, c_map VARCHAR);
INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, true, -128, -32768, -2147483648, -9223372036854775808, -170141183460469231731687303715884105728, 255, 65535, 4294967295, 18446744073709551615, 340282366920938463463374607431768211455, -0.5, 1e+300, -123.4, 1234567.89, 123456789012345.678, 1234567890123456789012345678.0123456789, '\x69742773206475636b6c616b650a', '\x000102ff', '\x7b2261223a20317d', CAST('8f14e45f-ceea-467f-a0e6-3c3f1a2b4c5d' AS UUID), CAST('2024-02-29' AS VARCHAR), CAST('12:34:56.789' AS TIME), CAST('12:34:56+02' AS TIME WITH TIME ZONE), CAST('2024-02-29 12:34:56.789012' AS VARCHAR), CAST('2024-02-29 12:34:56' AS VARCHAR), CAST('2024-02-29 12:34:56.789' AS VARCHAR), CAST('2024-02-29 12:34:56.789012345' AS VARCHAR), CAST('2024-02-29 12:34:56.789012+00' AS VARCHAR), CAST('14 months 3 days 14706007000 microseconds' AS INTERVAL), '[1, 2, NULL]', '[a, NULL]', '{''p'': 1, ''q'': ''x''}', '[{''a'': 1}]', '{1=one, 2=NULL}'), (1, 2, NULL, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, CAST('nan' AS REAL), CAST('-inf' AS DOUBLE PRECISION), NULL, NULL, NULL, NULL, '\x00616200', NULL, NULL, NULL, CAST('infinity' AS VARCHAR), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, '[]', NULL, NULL, NULL, NULL);

-- template: ducklake.commit.update_inlined_data.delete_rows
-- source: DL/storage/ducklake_metadata_manager.cpp:2811 DuckLakeMetadataManager::WriteNewInlinedDeletes
-- when: DELETE FROM t WHERE id IN (2, 3) (or UPDATE) on rows that live in the inlined data table ducklake_inlined_data_1_1 [captured: 04_inlining]
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
-- source: DL/storage/ducklake_metadata_manager.cpp:5121 DuckLakeMetadataManager::GenerateDeleteFlushedInlinedData
-- when: CALL ducklake_flush_inlined_data('lake') (one statement per flushed inlined table; the flush's INSERTs of data files come from ducklake.commit.insert_data_file & co.) [captured: 04_inlining, 08_types_views]
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER, v BYTEA);
-- given: INSERT INTO "public".ducklake_inlined_data_1_1 VALUES (0, 2, NULL, 1, '\x61'), (1, 2, NULL, 2, '\x62'), (2, 2, NULL, 3, NULL);
DELETE FROM "public".ducklake_inlined_data_1_1 WHERE begin_snapshot <= 3;

-- template: ducklake.commit.create_inlined_delete_table
-- source: DL/storage/ducklake_metadata_manager.cpp:2838 DuckLakeMetadataManager::WriteNewInlinedFileDeletesSqlBatch
-- when: DELETE FROM t WHERE id = 7 that removes at most DATA_INLINING_ROW_LIMIT rows from a Parquet data file (deletion inlining instead of a delete file); once per table per commit
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);

-- template: ducklake.commit.insert_inlined_delete
-- source: DL/storage/ducklake_metadata_manager.cpp:2852 DuckLakeMetadataManager::WriteNewInlinedFileDeletesSqlBatch
-- when: DELETE FROM t WHERE id IN (7, 8) hitting Parquet data file 1 rows 6 and 7 with deletion inlining
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
INSERT INTO "public".ducklake_inlined_delete_1 VALUES (1, 6, 3), (1, 7, 3);

-- template: ducklake.commit.insert_column_mapping
-- source: DL/storage/ducklake_metadata_manager.cpp:3966 DuckLakeMetadataManager::WriteNewColumnMappings
-- when: CALL ducklake_add_data_files('lake', 'ext', 'ext.parquet') for a Parquet file without DuckLake field ids (mapping id taken from next_file_id) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_column_mapping VALUES (7, 4, 'map_by_name');

-- template: ducklake.commit.insert_name_mapping
-- source: DL/storage/ducklake_metadata_manager.cpp:3967 DuckLakeMetadataManager::WriteNewColumnMappings
-- when: CALL ducklake_add_data_files('lake', 'ext', 'ext.parquet') (nested source columns carry parent_column; hive partition columns is_partition true) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_name_mapping VALUES (7, 0, 'id', 1, NULL, false), (7, 1, 'meta', 2, NULL, false), (7, 2, 'k', 3, 1, false), (7, 3, 'region', 4, NULL, true);

-- template: ducklake.commit.insert_table_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4460 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: first INSERT INTO events ... after CREATE TABLE (no ducklake_table_stats row yet) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table_stats VALUES (1, 3, 3, 0);

-- template: ducklake.commit.insert_table_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4462 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: first INSERT INTO events ... after CREATE TABLE (extra_stats carries the geometry bbox JSON for GEOMETRY columns) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_table_column_stats VALUES (1, 1, false, NULL, '1', '3', NULL),(1, 2, true, NULL, 'a', 'c', NULL),(1, 3, false, false, '-1.5', '2.5', NULL),(1, 4, false, NULL, NULL, NULL, '{"bbox": {"xmin": 1.000000, "xmax": 3.000000, "ymin": 2.000000, "ymax": 4.000000, "zmin": null, "zmax": null, "mmin": null, "mmax": null}, "types": ["point"]}');

-- template: ducklake.commit.update_table_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4467 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: any later INSERT (or UPDATE/MERGE writing new rows) into events; also after CALL ducklake_rewrite_data_files('lake', 'events') via RecomputeGlobalStatsAfterRewrite (DL/storage/ducklake_transaction_state.cpp:793) [captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
UPDATE "public".ducklake_table_stats SET record_count=1999, file_size_bytes=30272, next_row_id=1999 WHERE table_id=1;

-- template: ducklake.commit.update_table_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4476 DuckLakeMetadataManager::UpdateGlobalTableStatsSql
-- when: any later INSERT into events; also after CALL ducklake_rewrite_data_files('lake', 'events') [captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
WITH new_values(tid, cid, new_contains_null, new_contains_nan, new_min, new_max, new_extra_stats) AS (
VALUES (1, 1, false, NULL, '1', '1999', NULL),(1, 2, true, NULL, 'bulk-10', 'launch', NULL),(1, 3, NULL, NULL, NULL, NULL, NULL)
)
UPDATE "public".ducklake_table_column_stats
SET contains_null=CAST(new_contains_null AS BOOLEAN), contains_nan=CAST(new_contains_nan AS BOOLEAN), min_value=new_min, max_value=new_max, extra_stats=new_extra_stats
FROM new_values
WHERE table_id=tid AND column_id=cid;

-- template: ducklake.commit.insert_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:3807 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO events SELECT ... of more than DATA_INLINING_ROW_LIMIT rows (one row per written Parquet file); also CALL ducklake_flush_inlined_data / ducklake_merge_adjacent_files / ducklake_rewrite_data_files / ducklake_add_data_files (explicit begin_snapshot, partial_max, mapping_id, encryption_key for ENCRYPTED lakes) [captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_data_file VALUES (1, 1, 1, NULL, NULL, 'ducklake-01a227ce-7d23-7e2b-91fd-805cc4bb0a38.parquet', true, 'parquet', 1998, 30272, 381, 1, NULL, NULL, NULL, NULL),(2, 1, 1, NULL, NULL, 'region=eu/ducklake-01a227ce-7d24-7e2b-91fd-805cc4bb0a39.parquet', true, 'parquet', 10, 1012, 724, 1999, 2, 'MDEyMzQ1Njc4OWFiY2RlZg==', 7, 4);

-- template: ducklake.commit.insert_file_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:3810 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO events SELECT ... writing a Parquet file (one row per column per file) [captured: 01_basic, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_file_column_stats VALUES (1, 1, 1, 8787, 1998, 0, '2', '1999', NULL, NULL),(1, 1, 2, 9038, 1990, 8, 'bulk-10', 'bulk-999', NULL, NULL),(1, 1, 3, 120, 1998, 0, '-1.5', '2.5', false, NULL);

-- template: ducklake.commit.insert_file_partition_value
-- source: DL/storage/ducklake_metadata_manager.cpp:3814 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO a partitioned table (ALTER TABLE events SET PARTITIONED BY (year(ts), region) first) [captured: 06_partition_addfiles, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_file_partition_value VALUES (2, 1, 0, '2024'),(2, 1, 1, 'eu'),(3, 1, 0, '2025'),(3, 1, 1, NULL);

-- template: ducklake.commit.insert_file_variant_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:3818 DuckLakeMetadataManager::WriteNewDataFilesSqlBatch
-- when: INSERT INTO a table with a VARIANT column whose Parquet file has shredded fields (one row per shredded field)
-- reach: ducklake
INSERT INTO "public".ducklake_file_variant_stats VALUES (1, 1, 5, 'a', 'int64', 120, 3, 0, '1', '7', NULL, NULL),(1, 1, 5, 'b', 'varchar', 98, 2, 1, 'x', 'y', NULL, NULL);

-- template: ducklake.commit.delete_overwritten_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:3861 DuckLakeMetadataManager::DeleteOverwrittenDeleteFiles
-- when: a second DELETE FROM t WHERE ... on a data file that already has a delete file (delete_file id 3 is replaced) [captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_delete_file
WHERE delete_file_id IN (3);

-- template: ducklake.commit.insert_files_scheduled_for_deletion
-- source: DL/storage/ducklake_metadata_manager.cpp:3867 DuckLakeMetadataManager::DeleteOverwrittenDeleteFiles
-- when: a second DELETE FROM t WHERE ... on a data file that already has a delete file: the old delete file is scheduled for removal [captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_files_scheduled_for_deletion VALUES (3, 'main/t/ducklake-01a227ce-91d8-7933-a2ac-a4be53999486-delete.parquet', true, NOW());

-- template: ducklake.commit.insert_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:3902 DuckLakeMetadataManager::WriteNewDeleteFiles
-- when: DELETE FROM t WHERE id < 500 (or UPDATE) removing more than DATA_INLINING_ROW_LIMIT rows from Parquet data files (format 'puffin' with deletion vectors; explicit begin_snapshot / partial_max from ducklake_flush_inlined_data) [captured: 03_dml_timetravel, 04_inlining, 05_maintenance, 09_evolution_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_delete_file VALUES (3, 1, 1, NULL,  0, 'ducklake-01a227ce-91d8-7933-a2ac-a4be53999486-delete.parquet', true, 'parquet', 10, 868, 599, NULL, NULL),(4, 1, 1, NULL,  1, 'ducklake-01a227ce-91d9-75eb-83fa-61123c343838-deletes.puffin', true, 'puffin', 5, 842, 597, 'MDEyMzQ1Njc4OWFiY2RlZg==', 5);

-- template: ducklake.commit.merge_adjacent.delete_data_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4737 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_data_file
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_column_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4737 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_column_stats
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4737 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_delete_file
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_partition_value
-- source: DL/storage/ducklake_metadata_manager.cpp:4737 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_partition_value
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.delete_file_variant_stats
-- source: DL/storage/ducklake_metadata_manager.cpp:4737 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake') merging data files 1 and 2 of a table [captured: 05_maintenance]
-- reach: ducklake
DELETE FROM "public".ducklake_file_variant_stats
WHERE data_file_id IN (1, 2);

-- template: ducklake.commit.merge_adjacent.insert_files_scheduled_for_deletion
-- source: DL/storage/ducklake_metadata_manager.cpp:4744 DuckLakeMetadataManager::WriteMergeAdjacent
-- when: CALL ducklake_merge_adjacent_files('lake'): the merged source files are scheduled for removal [captured: 05_maintenance]
-- reach: ducklake
INSERT INTO "public".ducklake_files_scheduled_for_deletion VALUES (1, 'main/m/ducklake-01a227ce-a2f0-7a11-9d2c-1c4d5e6f7a81.parquet', true, NOW()), (2, 'main/m/ducklake-01a227ce-a2f1-7a11-9d2c-1c4d5e6f7a82.parquet', true, NOW());

-- template: ducklake.commit.rewrite_deletes.update_delete_file
-- source: DL/storage/ducklake_metadata_manager.cpp:4765 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't') on a data file whose live delete file (id 3) is removed [captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_delete_file SET end_snapshot = 7
				WHERE delete_file_id = 3;

-- template: ducklake.commit.rewrite_deletes.update_data_file_end
-- source: DL/storage/ducklake_metadata_manager.cpp:4774 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't'): the rewritten source data file (id 1) is ended [captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET end_snapshot = 7
		WHERE data_file_id = 1;

-- template: ducklake.commit.rewrite_deletes.update_data_file_begin
-- source: DL/storage/ducklake_metadata_manager.cpp:4782 DuckLakeMetadataManager::WriteDeleteRewrites
-- when: CALL ducklake_rewrite_data_files('lake', 't'): the new delete-free data file (id 5) starts at the rewrite snapshot [captured: 05_maintenance]
-- reach: ducklake
UPDATE "public".ducklake_data_file SET begin_snapshot = 7
				WHERE data_file_id = 5;

-- template: ducklake.commit.insert_schema_versions
-- source: DL/storage/ducklake_metadata_manager.cpp:5133 DuckLakeMetadataManager::InsertNewSchema
-- when: CREATE TABLE events(...), ALTER TABLE events RENAME TO ..., or an ALTER TABLE that changes columns or partitioning (one statement per table, concatenated without separator) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
INSERT INTO "public".ducklake_schema_versions VALUES (1,1,1);

-- template: ducklake.pgquery.latest_snapshot.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:123 PostgresMetadataManager::GetLatestSnapshotQuery
-- when: first metadata access of every DuckLake transaction (any SELECT on the lake, any write, the commit); arrives as a Parse message (PQprepare) whose text has no trailing ';' (postgres_query strips it: PG/postgres_query.cpp:36) [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 );

-- template: ducklake.pgquery.latest_snapshot.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:123 PostgresMetadataManager::GetLatestSnapshotQuery)
-- when: right after the Parse/Describe of ducklake.pgquery.latest_snapshot.parse: the rows are fetched with a binary COPY of the query as a subquery [captured: 01_basic, 02_ddl, 03_dml_timetravel, 04_inlining, 05_maintenance, 06_partition_addfiles, 07_readonly_encrypted, 08_types_views, 09_evolution_maintenance, 10_transactions_partitions]
-- reach: ducklake
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM (SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 )) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.eq.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id = 42 (also <> and IN (...)) on a non-float column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [captured: 01_basic, 03_dml_timetravel, 04_inlining, 10_transactions_partitions]
-- reach: ducklake
SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.eq.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.eq.parse: binary COPY of the stats query as a subquery [captured: 01_basic, 03_dml_timetravel, 04_inlining, 10_transactions_partitions]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value", "min_value" FROM (SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.gt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id > 42 (or >=) on a non-float column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [captured: 03_dml_timetravel, 06_partition_addfiles, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.gt.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.gt.parse: binary COPY of the stats query as a subquery [captured: 03_dml_timetravel, 06_partition_addfiles, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value" FROM (SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.lt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id < 42 (or <=) on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [captured: 05_maintenance, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.lt.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.lt.parse: binary COPY of the stats query as a subquery [captured: 05_maintenance, 08_types_views, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value" FROM (SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.range.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id BETWEEN 10 AND 20 (x >= a AND x <= b) on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan [captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.range.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.range.parse: binary COPY of the stats query as a subquery [captured: 03_dml_timetravel, 09_evolution_maintenance]
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value", "max_value" FROM (SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.float_gt.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score > 1.5 on a FLOAT/DOUBLE column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.float_gt.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.float_gt.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "contains_nan", "max_value" FROM (SELECT data_file_id, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.float_range.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score >= 1.5 AND score <= 2.5 on a FLOAT/DOUBLE column on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, min_value, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.float_range.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.float_range.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "min_value", "value_count", "contains_nan", "max_value" FROM (SELECT data_file_id, min_value, value_count, contains_nan, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.nan.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE score = 'nan'::DOUBLE on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, contains_nan
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.nan.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.nan.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "contains_nan" FROM (SELECT data_file_id, contains_nan
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.is_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.is_null.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.is_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "null_count" FROM (SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.is_not_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NOT NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.is_not_null.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.is_not_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count" FROM (SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.null_or_eq.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name IS NULL OR name = 'x' on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, max_value, min_value, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.null_or_eq.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.null_or_eq.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value", "min_value", "null_count" FROM (SELECT data_file_id, value_count, max_value, min_value, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.eq_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE name = 'x' OR name IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.eq_or_null.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.eq_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "max_value", "min_value" FROM (SELECT data_file_id, value_count, null_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.gt_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id > 42 OR id IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.gt_or_null.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.gt_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "max_value" FROM (SELECT data_file_id, value_count, null_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: ducklake.pgquery.file_column_stats.lt_or_null.parse
-- source: DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody
-- when: SELECT * FROM events WHERE id < 42 OR id IS NULL on a table with Parquet data files (filter on field 1 of table 1); arrives as a Parse message without trailing ';'; the column list after data_file_id is the iteration order of an unordered_set<string> (libstdc++), so other filter combinations give other subsets/orders of min_value, max_value, value_count, null_count, contains_nan
-- reach: ducklake
SELECT data_file_id, value_count, null_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: ducklake.pgquery.file_column_stats.lt_or_null.copy
-- source: PG/postgres_scanner.cpp:280 PostgresInitInternal (wraps DL/metadata_manager/postgres_metadata_manager.cpp:136 PostgresMetadataManager::GenerateFileColumnStatsCTEBody)
-- when: right after ducklake.pgquery.file_column_stats.lt_or_null.parse: binary COPY of the stats query as a subquery
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "null_count", "min_value" FROM (SELECT data_file_id, value_count, null_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");
