-- DuckDB 2.0 development line, postgres extension: census of every SQL text it sends for a DuckLake metadata catalog
-- (everything except the raw postgres_execute texts DuckLake passes through, which are in ducklake-execute.sql).
--
-- Sources read (read-only mirrors):
--   duckdb/duckdb-postgres  35ee7df236d661bfad08ad2a8aeb134d11c5a3f4  (PG/ = src/, branch main)
--   duckdb/database-connector 7777dac887a48769684900a627ecaaf6feb3f4c5 (the postgres mirror's gitlink; filter pushdown
--                           src/table_scan/filter_pushdown.cpp, ORDER BY/LIMIT pushdown src/optimizer/order_by_and_limit_optimizer.cpp,
--                           quoting src/query/query_writer.cpp)
--   duckdb/ducklake         2ed0a0be8931f23959b2fc9fc089bb5f71207817  (DL/ = src/, branch main, catalog version 1.1-dev1)
--   duckdb/duckdb           ac5c6d11c3b0915fcc0fa43080d31893269d6448  (binder / optimizer / Value::ToSQLString)
--
-- Method: the DuckDB 1.5.5 census (duckdb-1.5.5-source/postgres-extension.sql: duckdb-postgres 0027dfc8, ducklake 5ef9e03d)
--   re-derived against git diff 0027dfc8 35ee7df and git diff 5ef9e03d 2ed0a0be -- src/:
--   1. Source references re-pointed to the 2.0 lines (by matching the cited line's text; scanner refs rewritten by hand).
--   2. Filter pushdown is OFF for every DuckLake metadata query: DuckLakeTransaction::GetConnection runs
--      SET pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823, new
--      in this line). So every ducklake-reach scan of 1.5.5 that carried a pushed WHERE is listed here without it (the
--      column list, projection order and ctid suffix are unchanged, the filter runs inside DuckDB); a LIMIT above such a
--      filter is not pushed either (OrderByAndLimitOptimizer only looks through projections, database-connector
--      src/optimizer/optimizer_util.cpp:11). 1.5.5 templates whose 2.0 text became identical were merged into the first
--      one (its when line lists the merged 1.5.5 ids). ORDER BY pushdown (pg_order_pushdown, default true) applies only to
--      an ORDER BY / Top-N directly over a projection of a scan; rendered " ORDER BY "c" IS NULL, "c" ASC NULLS LAST" /
--      " ORDER BY "c" DESC NULLS LAST" (PG/postgres_scanner.cpp:305-311); no DuckLake metadata query has that shape that I
--      found (all of its ORDER BYs sit above a filter or a join).
--   3. The filter-rendering samples (postgres.scan.generic.* and other generic filtered scans) use the database-connector
--      rendering: numeric and boolean constants unquoted (Value::ToSQLString), others as quoted VARCHAR casts, VARCHAR
--      comparisons with COLLATE "C", '<>' rendered '!=', BLOB as '\x..'::BYTEA, TIMESTAMPTZ cast to TIMESTAMP first.
--      They are reach generic (see the why lines). The IN-list/range forms DuckDB 2.0's optimizer produces were not
--      re-derived; the 1.5.5 shapes were kept with the new literal rendering.
--   4. Inlined-data tables of a 1.1-dev1 catalog name their system columns _ducklake_row_id, _ducklake_begin_snapshot,
--      _ducklake_end_snapshot (DL DuckLakeInlinedColNames); scans and given lines use those names (1.0 catalogs keep the
--      old names: same shapes with row_id/begin_snapshot/end_snapshot).
--   5. DDL: 29 CREATE TABLEs for a fresh 1.1-dev1 lake (ducklake_data_file / ducklake_delete_file with a trailing
--      row_group_count BIGINT, new ducklake_view_column_tag; .v1_0 variants for DUCKLAKE_VERSION '1.0'); the 1.0 -> 1.1-dev1
--      migration (ADD COLUMN [IF NOT EXISTS] row_group_count, CREATE TABLE [IF NOT EXISTS] ducklake_view_column_tag,
--      RENAME COLUMN of the inlined system columns, version UPDATE through the temp-table UPDATE) is ducklake reach.
--   6. Other postgres-extension changes: pg_export_snapshot probe text, DROP ... " CASCADE" spacing, plain INSERT ... VALUES
--      under the text protocol (generic). Catalog introspection texts (pg_class/pg_attribute/pg_description queries)
--      are byte-identical between the two commits.
--   Nothing here has been run against PostgreSQL or compared with a 2.0 capture yet; "captured" in a when line refers to
--   the 1.5.5 captures of the same shape.
--
-- Format notes: the SQL of a block is the statement exactly as sent, with leading/trailing newlines of a statement
-- trimmed and ';' appended where the wire text has none. Some statements contain empty lines, so split blocks on
-- '-- template:' lines, not on blank lines. The TEXT-format COPY blocks contain a raw 0x08 byte inside NULL '...', as sent.
-- "derived" in a when line: not seen in the captures.
--
-- Count: 369 blocks.
--
-- Reach (the "-- reach:" line of every block; only ducklake blocks feed RockLake's whitelist):
--   ducklake  DuckLake's code (DL/ above) can make the extension send it to a DuckLake metadata catalog served by RockLake,
--             with the extension's default settings and any DuckLake ATTACH option;
--   generic   only something else sends it, named in the block's "-- why:" line.
--   262 ducklake, 107 generic.
-- Given lines are statements DuckDB itself sends where one serves; a given DROP TABLE of one of DuckLake's tables stands
-- for a catalog that does not hold that table yet.

-- template: postgres.pool.health_check
-- source: PG/storage/postgres_connection_pool.cpp:74 PostgresConnectionPool::DefaultHealthCheckQuery (sent by PG/postgres_connection.cpp:202 PostgresConnection::PingServer)
-- when: pooled connection acquired (idle re-use) and returned; setting pg_pool_health_check_query may replace it with any text or disable it
-- reach: ducklake
SELECT 1;

-- template: postgres.pool.reset_rollback
-- source: PG/postgres_connection.cpp:214 PostgresConnection::Reset
-- when: connection returned to the pool while libpq reports PQTRANS_INTRANS/INERROR (e.g. the DuckDB transaction aborted before COMMIT/ROLLBACK was sent) | also: DuckDB transaction rolls back (user ROLLBACK, DuckLake commit conflict/retry, error) after BEGIN was sent
-- reach: ducklake
ROLLBACK;

-- template: postgres.pool.discard_all
-- source: PG/postgres_connection.cpp:218 PostgresConnection::Reset
-- when: every connection returned to the pool (after SELECT 1 / ROLLBACK); cannot run inside a transaction block, so this block only succeeds outside BEGIN
-- reach: ducklake
DISCARD ALL;

-- template: postgres.tx.commit
-- source: PG/storage/postgres_transaction.cpp:34 PostgresTransaction::Commit
-- when: DuckDB transaction on the attached catalog commits after BEGIN was sent (every DuckLake statement / commit)
-- reach: ducklake
COMMIT;

-- template: postgres.tx.begin_read_committed
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); ATTACH option isolation_level / DuckLake META_ISOLATION_LEVEL 'read committed'; also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect); derived
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL READ COMMITTED;

-- template: postgres.tx.begin_read_committed_read_only
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); ATTACH option isolation_level / DuckLake META_ISOLATION_LEVEL 'read committed'; READ ONLY when the attach is read-only (DuckLake READ_ONLY / SNAPSHOT_VERSION); also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect); derived
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL READ COMMITTED READ ONLY;

-- template: postgres.tx.begin_repeatable_read
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); default isolation; also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect)
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ;

-- template: postgres.tx.begin_repeatable_read_read_only
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); default isolation; READ ONLY when the attach is read-only (DuckLake READ_ONLY / SNAPSHOT_VERSION); also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect)
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY;

-- template: postgres.tx.begin_serializable
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); ATTACH option isolation_level / DuckLake META_ISOLATION_LEVEL 'serializable'; also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect); derived
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL SERIALIZABLE;

-- template: postgres.tx.begin_serializable_read_only
-- source: PG/storage/postgres_transaction.cpp:59 PostgresTransaction::GetBeginTransactionQuery
-- when: first use of the attached catalog in a DuckDB transaction (sent alone by GetConnection for scans, COPY, postgres_query; otherwise prefixed as "BEGIN ...;\n<query>" to the first Query()/ExecuteQueries() batch); ATTACH option isolation_level / DuckLake META_ISOLATION_LEVEL 'serializable'; READ ONLY when the attach is read-only (DuckLake READ_ONLY / SNAPSHOT_VERSION); also sent on extra parallel-scan connections (PG/postgres_scanner.cpp:334 PostgresScanConnect); derived
-- reach: ducklake
BEGIN TRANSACTION ISOLATION LEVEL SERIALIZABLE READ ONLY;

-- template: postgres.catalog.version_probe
-- source: PG/postgres_connection.cpp:163 PostgresConnection::GetPostgresVersion
-- when: ATTACH (PostgresCatalog constructor, PG/storage/postgres_catalog.cpp:97), outside any transaction; also every postgres_scan() bind on a fresh connection
-- reach: ducklake
SELECT version(), (SELECT COUNT(*) FROM pg_settings WHERE name LIKE 'rds%');

-- template: postgres.secrets.to_regclass
-- source: PG/storage/postgres_secret_storage.cpp:30 SecretStorageTable::Exists
-- when: ATTACH -> PostgresCatalog::Initialize -> RegisterSecretStorage, outside any transaction; table name duckdb_secrets unless ATTACH option SECRET_STORAGE_TABLE (empty string disables the probe)
-- reach: ducklake
SELECT to_regclass('duckdb_secrets');

-- template: postgres.secrets.exists_fallback
-- source: PG/storage/postgres_secret_storage.cpp:42 SecretStorageTable::Exists
-- when: only if SELECT to_regclass(...) returned an error (derived)
-- reach: generic
-- why: sent only when SELECT to_regclass(...) fails (PG/storage/postgres_secret_storage.cpp:42); PostgreSQL 15 has to_regclass, so a DuckLake ATTACH never takes this path
SELECT EXISTS (
			SELECT 1
			FROM information_schema.tables
			WHERE table_schema = 
				CASE WHEN 'duckdb_secrets' LIKE '%.%'
				THEN split_part('duckdb_secrets', '.', 1)
				ELSE 'public'
				END
			AND table_name = 
				CASE
				WHEN 'duckdb_secrets' LIKE '%.%'
				THEN split_part('duckdb_secrets', '.', 2)
				ELSE 'duckdb_secrets'
				END
	);

-- template: postgres.secrets.create_table
-- source: PG/storage/postgres_secret_storage.cpp:76 SecretStorageTable::Create
-- when: ATTACH with SECRET_STORAGE_TABLE 'duckdb_secrets' given explicitly and the table missing (not DuckLake-driven; derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
CREATE TABLE IF NOT EXISTS duckdb_secrets (
			secret_name VARCHAR PRIMARY KEY,
			secret_type VARCHAR NOT NULL,
			serialized_secret BYTEA NOT NULL
		);

-- template: postgres.secrets.insert
-- source: PG/storage/postgres_secret_storage.cpp:215 PostgresSecretStorage::WriteSecret
-- when: CREATE PERSISTENT SECRET ... IN postgres_<db> (not DuckLake-driven; derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
INSERT INTO duckdb_secrets (secret_name, secret_type, serialized_secret) VALUES ('my_s3', 's3', E'\\001\\002');

-- template: postgres.secrets.upsert
-- source: PG/storage/postgres_secret_storage.cpp:220 PostgresSecretStorage::WriteSecret
-- when: CREATE OR REPLACE PERSISTENT SECRET ... IN postgres_<db> (not DuckLake-driven; derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
INSERT INTO duckdb_secrets (secret_name, secret_type, serialized_secret) VALUES ('my_s3', 's3', E'\\001\\002') ON CONFLICT (secret_name) DO UPDATE SET secret_type = EXCLUDED.secret_type, serialized_secret = EXCLUDED.serialized_secret;

-- template: postgres.secrets.select_all
-- source: PG/storage/postgres_secret_storage.cpp:258 PostgresSecretStorage::AllSecrets
-- when: listing secrets (duckdb_secrets()) with a registered postgres secret storage (derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
SELECT secret_name, serialized_secret FROM duckdb_secrets;

-- template: postgres.secrets.delete
-- source: PG/storage/postgres_secret_storage.cpp:300 PostgresSecretStorage::DropSecretByName
-- when: DROP PERSISTENT SECRET (derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
DELETE FROM duckdb_secrets WHERE secret_name = 'my_s3';

-- template: postgres.secrets.select_by_type
-- source: PG/storage/postgres_secret_storage.cpp:319 PostgresSecretStorage::LookupSecret
-- when: secret lookup by type (derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
SELECT secret_name, serialized_secret FROM duckdb_secrets WHERE LOWER(secret_type) = 's3';

-- template: postgres.secrets.select_by_name
-- source: PG/storage/postgres_secret_storage.cpp:351 PostgresSecretStorage::GetSecretByName
-- when: secret lookup by name (derived)
-- reach: generic
-- why: the postgres extension's persistent-secret storage: used only when a duckdb_secrets table exists or SECRET_STORAGE_TABLE names one (PG/storage/postgres_catalog.cpp:259 RegisterSecretStorage); DuckLake never creates that table nor stores secrets in its metadata catalog
-- given: CREATE TABLE IF NOT EXISTS duckdb_secrets (secret_name VARCHAR PRIMARY KEY, secret_type VARCHAR NOT NULL, serialized_secret BYTEA NOT NULL);
SELECT serialized_secret FROM duckdb_secrets WHERE secret_name = 'my_s3';

-- template: postgres.scan.export_snapshot
-- source: PG/postgres_scanner.cpp:101 PostgresGetSnapshot (skipped on Aurora)
-- when: parallel scan (max_threads > 1: read-only transaction, relpages >= 2*pg_pages_per_task, ctid scan enabled, isolation not READ COMMITTED); derived
-- reach: generic
-- why: parallel scans only: PG/postgres_scanner.cpp:167 SetTablePages gives a scan one thread unless its transaction is read-only and the table's relpages >= 2 x pg_pages_per_task, and only then does a scan export its snapshot and open extra connections (PostgresScanConnect, PG/storage/postgres_optimizer.cpp:83); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog on its one transaction connection
SELECT pg_is_in_recovery(), pg_export_snapshot(), (select count(*) from pg_stat_wal_receiver);

-- template: postgres.scan.export_snapshot_pre96
-- source: PG/postgres_scanner.cpp:90 PostgresGetSnapshot
-- when: as above but the reported server version is < 9.6 (derived)
-- reach: generic
-- why: parallel scans only: PG/postgres_scanner.cpp:167 SetTablePages gives a scan one thread unless its transaction is read-only and the table's relpages >= 2 x pg_pages_per_task, and only then does a scan export its snapshot and open extra connections (PostgresScanConnect, PG/storage/postgres_optimizer.cpp:83); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog on its one transaction connection; besides, the version probe must report a server older than 9.6
SELECT pg_is_in_recovery(), pg_export_snapshot();

-- template: postgres.scan.set_transaction_snapshot
-- source: PG/postgres_scanner.cpp:337 PostgresScanConnect
-- when: extra parallel-scan connection, right after its BEGIN (derived); the snapshot id must be one exported by a live transaction, so this block only succeeds with a real id
-- reach: generic
-- why: parallel scans only: PG/postgres_scanner.cpp:167 SetTablePages gives a scan one thread unless its transaction is read-only and the table's relpages >= 2 x pg_pages_per_task, and only then does a scan export its snapshot and open extra connections (PostgresScanConnect, PG/storage/postgres_optimizer.cpp:83); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog on its one transaction connection
SET TRANSACTION SNAPSHOT '00000003-0000001B-1';

-- template: postgres.scan.set_statement_timeout
-- source: PG/postgres_scanner.cpp:341 PostgresScanConnect
-- when: extra scan connection when SET pg_statement_timeout_millis is non-NULL (derived)
-- reach: generic
-- why: parallel scans only: PG/postgres_scanner.cpp:167 SetTablePages gives a scan one thread unless its transaction is read-only and the table's relpages >= 2 x pg_pages_per_task, and only then does a scan export its snapshot and open extra connections (PostgresScanConnect, PG/storage/postgres_optimizer.cpp:83); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog on its one transaction connection; besides, SET pg_statement_timeout_millis must be set
SET statement_timeout=30000;

-- template: postgres.scan.set_idle_timeout
-- source: PG/postgres_scanner.cpp:345 PostgresScanConnect
-- when: extra scan connection when SET pg_idle_in_transaction_timeout_millis is non-NULL (derived)
-- reach: generic
-- why: parallel scans only: PG/postgres_scanner.cpp:167 SetTablePages gives a scan one thread unless its transaction is read-only and the table's relpages >= 2 x pg_pages_per_task, and only then does a scan export its snapshot and open extra connections (PostgresScanConnect, PG/storage/postgres_optimizer.cpp:83); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog on its one transaction connection; besides, SET pg_idle_in_transaction_timeout_millis must be set
SET idle_in_transaction_session_timeout=60000;

-- template: postgres.catalog.database_size
-- source: PG/storage/postgres_catalog.cpp:244 PostgresCatalog::GetDatabaseSize
-- when: PRAGMA database_size / duckdb_databases() size on the metadata catalog (derived)
-- reach: ducklake
SELECT pg_database_size(current_database());

-- template: postgres.catalog.temp_schema
-- source: PG/storage/postgres_transaction.cpp:154 PostgresTransaction::GetTemporarySchema
-- when: a DuckDB statement references schema pg_temp of the attached catalog (derived)
-- reach: generic
-- why: only for a statement naming the pg_temp schema of the attached catalog (PG/storage/postgres_transaction.cpp:154); DuckLake's temporary tables are DuckDB's own (DL/storage/ducklake_metadata_manager.cpp:5084 ExecuteRaw), and its metadata statements name METADATA_SCHEMA
SELECT nspname FROM pg_namespace WHERE oid = pg_my_temp_schema();

-- template: postgres.catalog.temp_schema_create
-- source: PG/storage/postgres_transaction.cpp:158 PostgresTransaction::GetTemporarySchema
-- when: as above when the connection has no temp schema yet (derived)
-- reach: generic
-- why: only for a statement naming the pg_temp schema of the attached catalog (PG/storage/postgres_transaction.cpp:154); DuckLake's temporary tables are DuckDB's own (DL/storage/ducklake_metadata_manager.cpp:5084 ExecuteRaw), and its metadata statements name METADATA_SCHEMA
CREATE TEMPORARY TABLE __internal_temporary_table(i INTEGER);

-- template: postgres.catalog.schemas
-- source: PG/storage/postgres_schema_set.cpp:66 PostgresSchemaSet::GetInitializeQuery
-- when: first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; statement 1/5
-- reach: ducklake
SELECT oid, nspname
FROM pg_namespace

ORDER BY oid;

-- template: postgres.catalog.tables
-- source: PG/storage/postgres_table_set.cpp:34 PostgresTableSet::GetInitializeQuery
-- when: first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; statement 2/5
-- reach: ducklake
SELECT pg_namespace.oid AS namespace_id, relname, relpages, attname,
    pg_type.typname type_name, atttypmod type_modifier, pg_attribute.attndims ndim,
    attnum, pg_attribute.attnotnull AS notnull, NULL constraint_id,
    NULL constraint_type, NULL constraint_key, type_ns.nspname AS type_schema,
    col_desc.description AS column_comment,
    tbl_desc.description AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_attribute ON pg_class.oid=pg_attribute.attrelid
JOIN pg_type ON atttypid=pg_type.oid
JOIN pg_namespace type_ns ON pg_type.typnamespace = type_ns.oid
LEFT JOIN pg_description col_desc ON col_desc.objoid=pg_class.oid AND col_desc.objsubid=pg_attribute.attnum
LEFT JOIN pg_description tbl_desc ON tbl_desc.objoid=pg_class.oid AND tbl_desc.objsubid=0
WHERE attnum > 0 AND relkind IN ('r', 'v', 'm', 'f', 'p') 
UNION ALL
SELECT pg_namespace.oid AS namespace_id, relname, NULL relpages, NULL attname, NULL type_name,
    NULL type_modifier, NULL ndim, NULL attnum, NULL AS notnull,
    pg_constraint.oid AS constraint_id, contype AS constraint_type,
    conkey AS constraint_key, NULL AS type_schema,
    NULL AS column_comment, NULL AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_constraint ON (pg_class.oid=pg_constraint.conrelid)
WHERE relkind IN ('r', 'v', 'm', 'f', 'p') AND contype IN ('p', 'u') 
ORDER BY namespace_id, relname, attnum, constraint_id;

-- template: postgres.catalog.enums
-- source: PG/storage/postgres_type_set.cpp:36 PostgresTypeSet::GetInitializeEnumsQuery
-- when: first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; statement 3/5
-- reach: ducklake
SELECT n.oid, enumtypid, typname, enumlabel
FROM pg_enum e
JOIN pg_type t ON e.enumtypid = t.oid
JOIN pg_namespace AS n ON (typnamespace=n.oid)

ORDER BY n.oid, enumtypid, enumsortorder;

-- template: postgres.catalog.composites
-- source: PG/storage/postgres_type_set.cpp:90 PostgresTypeSet::GetInitializeCompositesQuery
-- when: first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; statement 4/5
-- reach: ducklake
SELECT n.oid, t.typrelid AS id, t.typname as type, pg_attribute.attname, sub_type.typname,
       sub_type_ns.nspname AS sub_type_schema
FROM pg_type t
JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
JOIN pg_class ON pg_class.oid = t.typrelid
JOIN pg_attribute ON attrelid=t.typrelid
JOIN pg_type sub_type ON (pg_attribute.atttypid=sub_type.oid)
JOIN pg_catalog.pg_namespace sub_type_ns ON sub_type_ns.oid = sub_type.typnamespace
WHERE pg_class.relkind IN ('c', 'r', 'v', 'm', 'f', 'p')
AND t.typtype='c'
AND pg_attribute.attnum > 0
AND NOT pg_attribute.attisdropped

ORDER BY n.oid, t.oid, attrelid, attnum;

-- template: postgres.catalog.indexes
-- source: PG/storage/postgres_index_set.cpp:22 PostgresIndexSet::GetInitializeQuery
-- when: first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; statement 5/5
-- reach: ducklake
SELECT pg_namespace.oid, tablename, indexname
FROM pg_indexes
JOIN pg_namespace ON (schemaname=nspname)

ORDER BY pg_namespace.oid;

-- template: postgres.catalog.schemas_in_schema
-- source: PG/storage/postgres_schema_set.cpp:74 PostgresSchemaSet::GetInitializeQuery
-- when: as postgres.catalog.* but the postgres ATTACH has option SCHEMA (DuckLake META_SCHEMA 'public'); first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; derived
-- reach: ducklake
SELECT oid, nspname
FROM pg_namespace
WHERE pg_namespace.nspname IN ('public')
ORDER BY oid;

-- template: postgres.catalog.tables_in_schema
-- source: PG/storage/postgres_table_set.cpp:63 PostgresTableSet::GetInitializeQuery
-- when: as postgres.catalog.* but the postgres ATTACH has option SCHEMA (DuckLake META_SCHEMA 'public'); first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; derived
-- reach: ducklake
SELECT pg_namespace.oid AS namespace_id, relname, relpages, attname,
    pg_type.typname type_name, atttypmod type_modifier, pg_attribute.attndims ndim,
    attnum, pg_attribute.attnotnull AS notnull, NULL constraint_id,
    NULL constraint_type, NULL constraint_key, type_ns.nspname AS type_schema,
    col_desc.description AS column_comment,
    tbl_desc.description AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_attribute ON pg_class.oid=pg_attribute.attrelid
JOIN pg_type ON atttypid=pg_type.oid
JOIN pg_namespace type_ns ON pg_type.typnamespace = type_ns.oid
LEFT JOIN pg_description col_desc ON col_desc.objoid=pg_class.oid AND col_desc.objsubid=pg_attribute.attnum
LEFT JOIN pg_description tbl_desc ON tbl_desc.objoid=pg_class.oid AND tbl_desc.objsubid=0
WHERE attnum > 0 AND relkind IN ('r', 'v', 'm', 'f', 'p') AND pg_namespace.nspname IN ('public')
UNION ALL
SELECT pg_namespace.oid AS namespace_id, relname, NULL relpages, NULL attname, NULL type_name,
    NULL type_modifier, NULL ndim, NULL attnum, NULL AS notnull,
    pg_constraint.oid AS constraint_id, contype AS constraint_type,
    conkey AS constraint_key, NULL AS type_schema,
    NULL AS column_comment, NULL AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_constraint ON (pg_class.oid=pg_constraint.conrelid)
WHERE relkind IN ('r', 'v', 'm', 'f', 'p') AND contype IN ('p', 'u') AND pg_namespace.nspname IN ('public')
ORDER BY namespace_id, relname, attnum, constraint_id;

-- template: postgres.catalog.enums_in_schema
-- source: PG/storage/postgres_type_set.cpp:46 PostgresTypeSet::GetInitializeEnumsQuery
-- when: as postgres.catalog.* but the postgres ATTACH has option SCHEMA (DuckLake META_SCHEMA 'public'); first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; derived
-- reach: ducklake
SELECT n.oid, enumtypid, typname, enumlabel
FROM pg_enum e
JOIN pg_type t ON e.enumtypid = t.oid
JOIN pg_namespace AS n ON (typnamespace=n.oid)
WHERE n.nspname IN ('public')
ORDER BY n.oid, enumtypid, enumsortorder;

-- template: postgres.catalog.composites_in_schema
-- source: PG/storage/postgres_type_set.cpp:108 PostgresTypeSet::GetInitializeCompositesQuery
-- when: as postgres.catalog.* but the postgres ATTACH has option SCHEMA (DuckLake META_SCHEMA 'public'); first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; derived
-- reach: ducklake
SELECT n.oid, t.typrelid AS id, t.typname as type, pg_attribute.attname, sub_type.typname,
       sub_type_ns.nspname AS sub_type_schema
FROM pg_type t
JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
JOIN pg_class ON pg_class.oid = t.typrelid
JOIN pg_attribute ON attrelid=t.typrelid
JOIN pg_type sub_type ON (pg_attribute.atttypid=sub_type.oid)
JOIN pg_catalog.pg_namespace sub_type_ns ON sub_type_ns.oid = sub_type.typnamespace
WHERE pg_class.relkind IN ('c', 'r', 'v', 'm', 'f', 'p')
AND t.typtype='c'
AND pg_attribute.attnum > 0
AND NOT pg_attribute.attisdropped
AND n.nspname IN ('public')
ORDER BY n.oid, t.oid, attrelid, attnum;

-- template: postgres.catalog.indexes_in_schema
-- source: PG/storage/postgres_index_set.cpp:31 PostgresIndexSet::GetInitializeQuery
-- when: as postgres.catalog.* but the postgres ATTACH has option SCHEMA (DuckLake META_SCHEMA 'public'); first catalog access of the attached metadata DB (ATTACH MetadataExists probe) and after every cache clear; one PQsendQuery "BEGIN TRANSACTION ISOLATION LEVEL ...;\n" + schemas + tables + enums + composites + indexes (ExecuteQueries), BEGIN omitted if the transaction already started; derived
-- reach: ducklake
SELECT pg_namespace.oid, tablename, indexname
FROM pg_indexes
JOIN pg_namespace ON (schemaname=nspname)
WHERE pg_namespace.nspname IN ('public')
ORDER BY pg_namespace.oid;

-- template: postgres.catalog.enums_pre83
-- source: PG/storage/postgres_type_set.cpp:31 PostgresTypeSet::GetInitializeEnumsQuery
-- when: statement 3/5 of the catalog load when the version probe reported a server older than 8.3 (derived)
-- reach: generic
-- why: only for a server whose version probe reports PostgreSQL older than 8.3
SELECT 0 AS oid, 0 AS enumtypid, '' AS typname, '' AS enumlabel
LIMIT 0;

-- template: postgres.catalog.table_reload
-- source: PG/storage/postgres_table_set.cpp:244 PostgresTableSet::GetTableInfo
-- when: every lookup of a table name not in the cached catalog (ATTACH probe of ducklake_metadata, each CREATE TABLE existence check, each probe of ducklake_inlined_data_T_V / ducklake_inlined_delete_T, CREATE VIEW reload); sent with transaction.Query, so prefixed "BEGIN ...;\n" when it is the first statement of the transaction; must return 0 rows (not an error) for a missing table
-- reach: ducklake
SELECT pg_namespace.oid AS namespace_id, relname, relpages, attname,
    pg_type.typname type_name, atttypmod type_modifier, pg_attribute.attndims ndim,
    attnum, pg_attribute.attnotnull AS notnull, NULL constraint_id,
    NULL constraint_type, NULL constraint_key, type_ns.nspname AS type_schema,
    col_desc.description AS column_comment,
    tbl_desc.description AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_attribute ON pg_class.oid=pg_attribute.attrelid
JOIN pg_type ON atttypid=pg_type.oid
JOIN pg_namespace type_ns ON pg_type.typnamespace = type_ns.oid
LEFT JOIN pg_description col_desc ON col_desc.objoid=pg_class.oid AND col_desc.objsubid=pg_attribute.attnum
LEFT JOIN pg_description tbl_desc ON tbl_desc.objoid=pg_class.oid AND tbl_desc.objsubid=0
WHERE attnum > 0 AND relkind IN ('r', 'v', 'm', 'f', 'p') AND pg_namespace.nspname IN ('public')AND relname='ducklake_metadata'
UNION ALL
SELECT pg_namespace.oid AS namespace_id, relname, NULL relpages, NULL attname, NULL type_name,
    NULL type_modifier, NULL ndim, NULL attnum, NULL AS notnull,
    pg_constraint.oid AS constraint_id, contype AS constraint_type,
    conkey AS constraint_key, NULL AS type_schema,
    NULL AS column_comment, NULL AS table_comment
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
JOIN pg_constraint ON (pg_class.oid=pg_constraint.conrelid)
WHERE relkind IN ('r', 'v', 'm', 'f', 'p') AND contype IN ('p', 'u') AND pg_namespace.nspname IN ('public')AND relname='ducklake_metadata'
ORDER BY namespace_id, relname, attnum, constraint_id;

-- template: postgres.catalog.is_schemas
-- source: PG/storage/postgres_schema_set.cpp:80 PostgresSchemaSet::GetInitializeQueryInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived; statement 1/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT schema_name
FROM information_schema.schemata
WHERE schema_name NOT IN ('information_schema', 'pg_catalog', 'pg_toast')

ORDER BY schema_name;

-- template: postgres.catalog.is_schemas_in_schema
-- source: PG/storage/postgres_schema_set.cpp:89 PostgresSchemaSet::GetInitializeQueryInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived with SCHEMA option; statement 1/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT schema_name
FROM information_schema.schemata
WHERE schema_name NOT IN ('information_schema', 'pg_catalog', 'pg_toast')
AND schema_name IN ('public')
ORDER BY schema_name;

-- template: postgres.catalog.is_tables
-- source: PG/storage/postgres_table_set.cpp:78 PostgresTableSet::GetInitializeQueryInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived; statement 2/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT table_schema AS namespace_id, table_name AS relname, 0 AS relpages, column_name AS attname,
    data_type AS type_name, -1 AS type_modifier, 0 AS ndim, ordinal_position AS attnum,
    CASE WHEN is_nullable = 'NO' THEN 't' ELSE 'f' END AS notnull,
    NULL AS constraint_id, NULL AS constraint_type, NULL AS constraint_key,
    NULL AS type_schema, NULL AS column_comment, NULL AS table_comment
FROM information_schema.columns
WHERE table_schema NOT IN ('information_schema', 'pg_catalog', 'pg_toast') 
ORDER BY table_schema, table_name, ordinal_position;

-- template: postgres.catalog.is_tables_in_schema
-- source: PG/storage/postgres_table_set.cpp:90 PostgresTableSet::GetInitializeQueryInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived with SCHEMA option; statement 2/5; also the per-schema lazy load
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT table_schema AS namespace_id, table_name AS relname, 0 AS relpages, column_name AS attname,
    data_type AS type_name, -1 AS type_modifier, 0 AS ndim, ordinal_position AS attnum,
    CASE WHEN is_nullable = 'NO' THEN 't' ELSE 'f' END AS notnull,
    NULL AS constraint_id, NULL AS constraint_type, NULL AS constraint_key,
    NULL AS type_schema, NULL AS column_comment, NULL AS table_comment
FROM information_schema.columns
WHERE table_schema NOT IN ('information_schema', 'pg_catalog', 'pg_toast') AND table_schema IN ('public')
ORDER BY table_schema, table_name, ordinal_position;

-- template: postgres.catalog.is_table_reload
-- source: PG/storage/postgres_table_set.cpp:71 PostgresTableSet::GetInitializeQueryInformationSchema
-- when: pg_use_information_schema_introspection=true: per-table lookup (same triggers as postgres.catalog.table_reload); derived
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT table_schema AS namespace_id, table_name AS relname, 0 AS relpages, column_name AS attname,
    data_type AS type_name, -1 AS type_modifier, 0 AS ndim, ordinal_position AS attnum,
    CASE WHEN is_nullable = 'NO' THEN 't' ELSE 'f' END AS notnull,
    NULL AS constraint_id, NULL AS constraint_type, NULL AS constraint_key,
    NULL AS type_schema, NULL AS column_comment, NULL AS table_comment
FROM information_schema.columns
WHERE table_schema NOT IN ('information_schema', 'pg_catalog', 'pg_toast') AND table_schema IN ('public') AND table_name='ducklake_metadata'
ORDER BY table_schema, table_name, ordinal_position;

-- template: postgres.catalog.is_enums_stub
-- source: PG/storage/postgres_schema_set.cpp:100 PostgresSchemaSet::LoadEntriesInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived; statement 3/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT NULL, NULL, NULL, NULL LIMIT 0;

-- template: postgres.catalog.is_composites_stub
-- source: PG/storage/postgres_schema_set.cpp:101 PostgresSchemaSet::LoadEntriesInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived; statement 4/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT NULL, NULL, NULL, NULL, NULL LIMIT 0;

-- template: postgres.catalog.is_indexes_stub
-- source: PG/storage/postgres_schema_set.cpp:102 PostgresSchemaSet::LoadEntriesInformationSchema
-- when: SET pg_use_information_schema_introspection=true before ATTACH; catalog load batch (BEGIN-prefixed like postgres.catalog.*); derived; statement 5/5
-- reach: generic
-- why: only with SET pg_use_information_schema_introspection=true, a postgres-extension setting DuckLake never sets
SELECT NULL, NULL, NULL LIMIT 0;

-- template: postgres.catalog.staleness
-- source: PG/storage/postgres_table_set.cpp:229 PostgresTableSet::GetStalenessQuery
-- when: only with SET pg_staleness_query_enabled=true (default false): on another pooled connection at every catalog lookup, after CREATE/DROP TABLE; a user-supplied pg_staleness_query replaces it verbatim (not enumerable); derived
-- reach: generic
-- why: only with SET pg_staleness_query_enabled=true, a postgres-extension setting DuckLake never sets
SELECT pg_class.oid, relname, pg_class.xmin
FROM pg_class
JOIN pg_namespace ON relnamespace = pg_namespace.oid
WHERE relkind IN ('r', 'v', 'm', 'f', 'p') AND pg_namespace.nspname = 'public'
ORDER BY pg_class.oid;

-- template: postgres.ddl.create_table.ducklake_column
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_column";
CREATE TABLE "public"."ducklake_column"("column_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "table_id" BIGINT, "column_order" BIGINT, "column_name" VARCHAR, "column_type" VARCHAR, "initial_default" VARCHAR, "default_value" VARCHAR, "nulls_allowed" BOOLEAN, "parent_column" BIGINT, "default_value_type" VARCHAR, "default_value_dialect" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_column_mapping
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_column_mapping";
CREATE TABLE "public"."ducklake_column_mapping"("mapping_id" BIGINT, "table_id" BIGINT, "type" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_column_tag
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_column_tag";
CREATE TABLE "public"."ducklake_column_tag"("table_id" BIGINT, "column_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "key" VARCHAR, "value" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_data_file
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake at the default version 1.1-dev1: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:191) runs GetCreateTableStatements (29 CREATE TABLEs, DL/metadata_manager/ducklake_metadata_manager_v1_1.cpp:11/:19/:27) through Execute(string) = Query(): DuckDB DDL planned by the postgres extension; trailing row_group_count BIGINT
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_data_file";
CREATE TABLE "public"."ducklake_data_file"("data_file_id" BIGINT PRIMARY KEY, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "file_order" BIGINT, "path" VARCHAR, "path_is_relative" BOOLEAN, "file_format" VARCHAR, "record_count" BIGINT, "file_size_bytes" BIGINT, "footer_size" BIGINT, "row_id_start" BIGINT, "partition_id" BIGINT, "encryption_key" VARCHAR, "mapping_id" BIGINT, "partial_max" BIGINT, "row_group_count" BIGINT);

-- template: postgres.ddl.create_table.ducklake_data_file.v1_0
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: as postgres.ddl.create_table.ducklake_data_file for a lake created with DUCKLAKE_VERSION '1.0' (base GetDataFileTableStatement / GetDeleteFileTableStatement, DL/storage/ducklake_metadata_manager.cpp:227/:234): no row_group_count
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_data_file";
CREATE TABLE "public"."ducklake_data_file"("data_file_id" BIGINT PRIMARY KEY, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "file_order" BIGINT, "path" VARCHAR, "path_is_relative" BOOLEAN, "file_format" VARCHAR, "record_count" BIGINT, "file_size_bytes" BIGINT, "footer_size" BIGINT, "row_id_start" BIGINT, "partition_id" BIGINT, "encryption_key" VARCHAR, "mapping_id" BIGINT, "partial_max" BIGINT);

-- template: postgres.ddl.create_table.ducklake_delete_file
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake at the default version 1.1-dev1: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:191) runs GetCreateTableStatements (29 CREATE TABLEs, DL/metadata_manager/ducklake_metadata_manager_v1_1.cpp:11/:19/:27) through Execute(string) = Query(): DuckDB DDL planned by the postgres extension; trailing row_group_count BIGINT
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_delete_file";
CREATE TABLE "public"."ducklake_delete_file"("delete_file_id" BIGINT PRIMARY KEY, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "data_file_id" BIGINT, "path" VARCHAR, "path_is_relative" BOOLEAN, "format" VARCHAR, "delete_count" BIGINT, "file_size_bytes" BIGINT, "footer_size" BIGINT, "encryption_key" VARCHAR, "partial_max" BIGINT, "row_group_count" BIGINT);

-- template: postgres.ddl.create_table.ducklake_delete_file.v1_0
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: as postgres.ddl.create_table.ducklake_delete_file for a lake created with DUCKLAKE_VERSION '1.0' (base GetDataFileTableStatement / GetDeleteFileTableStatement, DL/storage/ducklake_metadata_manager.cpp:227/:234): no row_group_count
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_delete_file";
CREATE TABLE "public"."ducklake_delete_file"("delete_file_id" BIGINT PRIMARY KEY, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "data_file_id" BIGINT, "path" VARCHAR, "path_is_relative" BOOLEAN, "format" VARCHAR, "delete_count" BIGINT, "file_size_bytes" BIGINT, "footer_size" BIGINT, "encryption_key" VARCHAR, "partial_max" BIGINT);

-- template: postgres.ddl.create_table.ducklake_file_column_stats
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_file_column_stats";
CREATE TABLE "public"."ducklake_file_column_stats"("data_file_id" BIGINT, "table_id" BIGINT, "column_id" BIGINT, "column_size_bytes" BIGINT, "value_count" BIGINT, "null_count" BIGINT, "min_value" VARCHAR, "max_value" VARCHAR, "contains_nan" BOOLEAN, "extra_stats" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_file_partition_value
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_file_partition_value";
CREATE TABLE "public"."ducklake_file_partition_value"("data_file_id" BIGINT, "table_id" BIGINT, "partition_key_index" BIGINT, "partition_value" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_file_variant_stats
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_file_variant_stats";
CREATE TABLE "public"."ducklake_file_variant_stats"("data_file_id" BIGINT, "table_id" BIGINT, "column_id" BIGINT, "variant_path" VARCHAR, "shredded_type" VARCHAR, "column_size_bytes" BIGINT, "value_count" BIGINT, "null_count" BIGINT, "min_value" VARCHAR, "max_value" VARCHAR, "contains_nan" BOOLEAN, "extra_stats" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_files_scheduled_for_deletion
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_files_scheduled_for_deletion";
CREATE TABLE "public"."ducklake_files_scheduled_for_deletion"("data_file_id" BIGINT, "path" VARCHAR, "path_is_relative" BOOLEAN, "schedule_start" TIMESTAMP WITH TIME ZONE);

-- template: postgres.ddl.create_table.ducklake_inlined_data_tables
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_inlined_data_tables";
CREATE TABLE "public"."ducklake_inlined_data_tables"("table_id" BIGINT, "table_name" VARCHAR, "schema_version" BIGINT);

-- template: postgres.ddl.create_table.ducklake_macro
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_macro";
CREATE TABLE "public"."ducklake_macro"("schema_id" BIGINT, "macro_id" BIGINT, "macro_name" VARCHAR, "begin_snapshot" BIGINT, "end_snapshot" BIGINT);

-- template: postgres.ddl.create_table.ducklake_macro_impl
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_macro_impl";
CREATE TABLE "public"."ducklake_macro_impl"("macro_id" BIGINT, "impl_id" BIGINT, "dialect" VARCHAR, "sql" VARCHAR, "type" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_macro_parameters
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_macro_parameters";
CREATE TABLE "public"."ducklake_macro_parameters"("macro_id" BIGINT, "impl_id" BIGINT, "column_id" BIGINT, "parameter_name" VARCHAR, "parameter_type" VARCHAR, "default_value" VARCHAR, "default_value_type" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_metadata
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_metadata";
CREATE TABLE "public"."ducklake_metadata"("key" VARCHAR NOT NULL, "value" VARCHAR NOT NULL, "scope" VARCHAR, "scope_id" BIGINT);

-- template: postgres.ddl.create_table.ducklake_name_mapping
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_name_mapping";
CREATE TABLE "public"."ducklake_name_mapping"("mapping_id" BIGINT, "column_id" BIGINT, "source_name" VARCHAR, "target_field_id" BIGINT, "parent_column" BIGINT, "is_partition" BOOLEAN);

-- template: postgres.ddl.create_table.ducklake_partition_column
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_partition_column";
CREATE TABLE "public"."ducklake_partition_column"("partition_id" BIGINT, "table_id" BIGINT, "partition_key_index" BIGINT, "column_id" BIGINT, "transform" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_partition_info
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_partition_info";
CREATE TABLE "public"."ducklake_partition_info"("partition_id" BIGINT, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT);

-- template: postgres.ddl.create_table.ducklake_schema
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_schema";
CREATE TABLE "public"."ducklake_schema"("schema_id" BIGINT PRIMARY KEY, "schema_uuid" UUID, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "schema_name" VARCHAR, "path" VARCHAR, "path_is_relative" BOOLEAN);

-- template: postgres.ddl.create_table.ducklake_schema_versions
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_schema_versions";
CREATE TABLE "public"."ducklake_schema_versions"("begin_snapshot" BIGINT, "schema_version" BIGINT, "table_id" BIGINT);

-- template: postgres.ddl.create_table.ducklake_snapshot
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_snapshot";
CREATE TABLE "public"."ducklake_snapshot"("snapshot_id" BIGINT PRIMARY KEY, "snapshot_time" TIMESTAMP WITH TIME ZONE, "schema_version" BIGINT, "next_catalog_id" BIGINT, "next_file_id" BIGINT);

-- template: postgres.ddl.create_table.ducklake_snapshot_changes
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_snapshot_changes";
CREATE TABLE "public"."ducklake_snapshot_changes"("snapshot_id" BIGINT PRIMARY KEY, "changes_made" VARCHAR, "author" VARCHAR, "commit_message" VARCHAR, "commit_extra_info" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_sort_expression
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_sort_expression";
CREATE TABLE "public"."ducklake_sort_expression"("sort_id" BIGINT, "table_id" BIGINT, "sort_key_index" BIGINT, "expression" VARCHAR, "dialect" VARCHAR, "sort_direction" VARCHAR, "null_order" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_sort_info
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_sort_info";
CREATE TABLE "public"."ducklake_sort_info"("sort_id" BIGINT, "table_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT);

-- template: postgres.ddl.create_table.ducklake_table
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_table";
CREATE TABLE "public"."ducklake_table"("table_id" BIGINT, "table_uuid" UUID, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "schema_id" BIGINT, "table_name" VARCHAR, "path" VARCHAR, "path_is_relative" BOOLEAN);

-- template: postgres.ddl.create_table.ducklake_table_column_stats
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_table_column_stats";
CREATE TABLE "public"."ducklake_table_column_stats"("table_id" BIGINT, "column_id" BIGINT, "contains_null" BOOLEAN, "contains_nan" BOOLEAN, "min_value" VARCHAR, "max_value" VARCHAR, "extra_stats" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_table_stats
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_table_stats";
CREATE TABLE "public"."ducklake_table_stats"("table_id" BIGINT, "record_count" BIGINT, "next_row_id" BIGINT, "file_size_bytes" BIGINT);

-- template: postgres.ddl.create_table.ducklake_tag
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_tag";
CREATE TABLE "public"."ducklake_tag"("object_id" BIGINT, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "key" VARCHAR, "value" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_view
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable :409)
-- when: first ATTACH of a fresh lake: DuckLakeMetadataManager::InitializeDuckLake (DL/storage/ducklake_metadata_manager.cpp:194) runs 29 (1.1-dev1) or 28 (1.0) DuckDB CREATE TABLEs through Execute(string) = Query(); each preceded by postgres.catalog.table_reload for that name
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_view";
CREATE TABLE "public"."ducklake_view"("view_id" BIGINT, "view_uuid" UUID, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "schema_id" BIGINT, "view_name" VARCHAR, "dialect" VARCHAR, "sql" VARCHAR, "column_aliases" VARCHAR);

-- template: postgres.ddl.create_table.ducklake_view_column_tag
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable)
-- when: first ATTACH of a fresh lake at version 1.1-dev1: 29th CREATE TABLE, appended by DuckLakeMetadataManagerV1_1::GetCreateTableStatements (DL/metadata_manager/ducklake_metadata_manager_v1_1.cpp:27)
-- reach: ducklake
-- given: DROP TABLE "public"."ducklake_view_column_tag";
CREATE TABLE "public"."ducklake_view_column_tag"("view_id" BIGINT, "column_name" VARCHAR, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "key" VARCHAR, "value" VARCHAR);

-- template: postgres.ddl.migration_v10.create_view_column_tag
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable (PostgresTableSet::CreateTable)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateV10 (DL/storage/ducklake_metadata_manager.cpp:434), run by LoadExistingDuckLake (DL/storage/ducklake_initializer.cpp:242) when a 1.0 catalog is attached with AUTOMATIC_MIGRATION TRUE (or DUCKLAKE_VERSION '1.1-dev1'); statements go through ExecuteMigration -> Execute(string) = Query() (DuckDB SQL via the postgres extension); {IF_NOT_EXISTS} is empty; CREATE TABLE ducklake_view_column_tag(...) (multi-line source text; the rendered DDL is the same as the fresh-lake one)
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
CREATE TABLE "public"."ducklake_view_column_tag"("view_id" BIGINT, "column_name" VARCHAR, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "key" VARCHAR, "value" VARCHAR);

-- template: postgres.ddl.migration_v10.create_view_column_tag_if_not_exists
-- source: PG/storage/postgres_table_set.cpp:397 GetPostgresCreateTable
-- when: re-run of MigrateV10(true) on every AUTOMATIC_MIGRATION attach of a catalog already at 1.1-dev1 (DL/storage/ducklake_initializer.cpp:235, "dev schemas evolve in place"): {IF_NOT_EXISTS} = IF NOT EXISTS, failures allowed; CREATE TABLE IF NOT EXISTS ducklake_view_column_tag
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public"."ducklake_view_column_tag"("view_id" BIGINT, "column_name" VARCHAR, "begin_snapshot" BIGINT, "end_snapshot" BIGINT, "key" VARCHAR, "value" VARCHAR);

-- template: postgres.ddl.create_table_if_not_exists
-- source: PG/storage/postgres_table_set.cpp:397 GetPostgresCreateTable
-- when: DuckDB CREATE TABLE IF NOT EXISTS on a table the catalog does not know: DuckLake inlined file-deletion table (DL/storage/ducklake_metadata_manager.cpp:3354 GetInlinedDeletionTableName) and migrations v0.2/v0.3 (:281, :291-294); derived
-- reach: ducklake
CREATE TABLE IF NOT EXISTS "public"."ducklake_inlined_delete_1"("file_id" BIGINT, "row_id" BIGINT, "begin_snapshot" BIGINT);

-- template: postgres.ddl.create_table_if_not_exists_migration
-- source: PG/storage/postgres_table_set.cpp:397 GetPostgresCreateTable
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:363 MigrateV02 (table missing); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: DROP TABLE "public"."ducklake_schema_versions";
CREATE TABLE IF NOT EXISTS "public"."ducklake_schema_versions"("begin_snapshot" BIGINT, "schema_version" BIGINT);

-- template: postgres.ddl.create_table_migration_v01
-- source: PG/storage/postgres_table_set.cpp:395 GetPostgresCreateTable
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:326 MigrateV01; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: DROP TABLE "public"."ducklake_name_mapping";
CREATE TABLE "public"."ducklake_name_mapping"("mapping_id" BIGINT, "column_id" BIGINT, "source_name" VARCHAR, "target_field_id" BIGINT, "parent_column" BIGINT);

-- template: postgres.ddl.create_table.type_mapping
-- source: PG/postgres_utils.cpp:345 PostgresUtils::ToPostgresType + PG/postgres_utils.cpp:29 PostgresUtils::TypeToString (via PG/storage/postgres_table_set.cpp:391)
-- when: DuckDB CREATE TABLE in the attached catalog with one column of every DuckDB type: BOOLEAN, TINYINT->SMALLINT, SMALLINT, INTEGER, BIGINT, UTINYINT/USMALLINT/UINTEGER->BIGINT, UBIGINT->DECIMAL(20,0), HUGEINT->DOUBLE->FLOAT, UHUGEINT->VARCHAR, FLOAT->REAL, DOUBLE->FLOAT, DECIMAL(p,s), DATE, TIME, TIME_NS->VARCHAR, TIMETZ, TIMESTAMP, TIMESTAMP_S/MS/NS->TIMESTAMP, TIMESTAMPTZ, INTERVAL, UUID, VARCHAR, JSON (alias kept), BLOB->BYTEA, BIT/BIGNUM/VARIANT->VARCHAR, LIST->elem[], ARRAY/MAP/UNION and anything else->VARCHAR, named ENUM / named STRUCT (types of this catalog)->their unquoted alias; GEOMETRY->GEOMETRY (needs PostGIS, see postgres.ddl.create_table.type_geometry); DuckLake itself only creates the 28 tables (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE TYPE "mood" AS ENUM('sad', 'ok', 'happy');
-- given: CREATE TYPE "rocklake_pair" AS ("a" INTEGER, "b" VARCHAR);
CREATE TABLE "public"."rocklake_types"("c_boolean" BOOLEAN, "c_tinyint" SMALLINT, "c_smallint" SMALLINT, "c_integer" INTEGER, "c_bigint" BIGINT, "c_utinyint" BIGINT, "c_usmallint" BIGINT, "c_uinteger" BIGINT, "c_ubigint" DECIMAL(20,0), "c_hugeint" FLOAT, "c_uhugeint" VARCHAR, "c_float" REAL, "c_double" FLOAT, "c_decimal_4_1" DECIMAL(4,1), "c_decimal_18_3" DECIMAL(18,3), "c_decimal_38_10" DECIMAL(38,10), "c_date" DATE, "c_time" TIME, "c_time_ns" VARCHAR, "c_timetz" TIME WITH TIME ZONE, "c_timestamp" TIMESTAMP, "c_timestamp_s" TIMESTAMP, "c_timestamp_ms" TIMESTAMP, "c_timestamp_ns" TIMESTAMP, "c_timestamptz" TIMESTAMP WITH TIME ZONE, "c_interval" INTERVAL, "c_uuid" UUID, "c_varchar" VARCHAR, "c_json" JSON, "c_blob" BYTEA, "c_bit" VARCHAR, "c_bignum" VARCHAR, "c_variant" VARCHAR, "c_int_list" INTEGER[], "c_varchar_list" VARCHAR[], "c_double_list" FLOAT[], "c_nested_list" BIGINT[][], "c_tinyint_list" SMALLINT[], "c_array" VARCHAR, "c_map" VARCHAR, "c_union" VARCHAR, "c_enum" mood, "c_enum_list" mood[], "c_composite" rocklake_pair);

-- template: postgres.ddl.create_table.constraints
-- source: PG/storage/postgres_table_set.cpp:295 PostgresColumnsToSQL
-- when: DuckDB CREATE TABLE with column NOT NULL, single-column PRIMARY KEY and UNIQUE, DEFAULT(expr), CHECK (printed via Constraint::ToString) and a multi-column UNIQUE (derived; DuckLake uses only NOT NULL and single PRIMARY KEY)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE TABLE "public"."rocklake_constraints"("id" BIGINT PRIMARY KEY, "name" VARCHAR NOT NULL, "code" INTEGER UNIQUE, "qty" INTEGER DEFAULT(42), "label" VARCHAR NOT NULL DEFAULT('none'), "a" INTEGER, "b" INTEGER, CHECK((qty > 0)), UNIQUE("a", "b"));

-- template: postgres.ddl.create_table.multi_pk
-- source: PG/storage/postgres_table_set.cpp:330 PostgresColumnsToSQL
-- when: DuckDB CREATE TABLE with a multi-column PRIMARY KEY (NOT NULL suppressed on its columns) and a FOREIGN KEY (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE TABLE "public"."rocklake_multi_pk"("snapshot_id" BIGINT, "k" VARCHAR, "v" VARCHAR, PRIMARY KEY("snapshot_id", "k"), FOREIGN KEY (snapshot_id) REFERENCES public.ducklake_snapshot(snapshot_id));

-- template: postgres.ddl.create_type_enum
-- source: PG/storage/postgres_type_set.cpp:168 GetCreateTypeSQL
-- when: DuckDB CREATE TYPE x AS ENUM (...) in the attached catalog (derived; not used by DuckLake)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE TYPE "mood" AS ENUM('sad', 'ok', 'happy');

-- template: postgres.ddl.create_type_composite
-- source: PG/storage/postgres_type_set.cpp:185 GetCreateTypeSQL
-- when: DuckDB CREATE TYPE x AS STRUCT(...) in the attached catalog (derived; not used by DuckLake)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE TYPE "rocklake_pair" AS ("a" INTEGER, "b" VARCHAR);

-- template: postgres.ddl.create_schema_if_not_exists
-- source: PG/storage/postgres_schema_set.cpp:164 PostgresSchemaSet::CreateSchema
-- when: fresh lake with METADATA_SCHEMA: DuckDB "CREATE SCHEMA IF NOT EXISTS" (DL/storage/ducklake_metadata_manager.cpp:198) when the schema is not in the catalog; note two spaces and no space before the quote (derived)
-- reach: ducklake
CREATE SCHEMA  IF NOT EXISTS"ducklake_meta";

-- template: postgres.ddl.create_schema
-- source: PG/storage/postgres_schema_set.cpp:164 PostgresSchemaSet::CreateSchema
-- when: DuckDB CREATE SCHEMA (no IF NOT EXISTS) on the attached catalog (derived; not used by DuckLake)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE SCHEMA "ducklake_meta";

-- template: postgres.ddl.drop_table_if_exists
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TABLE IF EXISTS: DuckLake drops superseded/expired inlined-data tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515) and flush_inlined_data; first statement of a transaction arrives BEGIN-prefixed
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER);
DROP Table  IF EXISTS "public"."ducklake_inlined_data_1_1";

-- template: postgres.ddl.drop_table_if_exists.inlined_delete
-- source: PG/storage/postgres_catalog_set.cpp:152 PostgresCatalogSet::DropEntry; DL/storage/ducklake_metadata_manager.cpp:5515 (the expired table's InlinedFileDeletionTableName)
-- when: ducklake_expire_snapshots removes a dropped table for good: DuckLake drops its inlined-data tables and its inlined-deletion table ducklake_inlined_delete_<table_id>, through DuckDB's DROP TABLE IF EXISTS
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
DROP Table  IF EXISTS "public"."ducklake_inlined_delete_1";

-- template: postgres.ddl.drop_table
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TABLE (no IF EXISTS) on the attached catalog, also CREATE OR REPLACE TABLE (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER);
DROP Table "public"."ducklake_inlined_data_1_1";

-- template: postgres.ddl.drop_table_cascade
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TABLE ... CASCADE (no space before CASCADE; derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER);
DROP Table "public"."ducklake_inlined_data_1_1" CASCADE;

-- template: postgres.ddl.drop_table_if_exists_cascade
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TABLE IF EXISTS ... CASCADE (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
DROP Table  IF EXISTS "public"."ducklake_inlined_data_1_1" CASCADE;

-- template: postgres.ddl.drop_view
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP VIEW / CREATE OR REPLACE VIEW on the attached catalog (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE VIEW public.rocklake_view AS SELECT 1 AS one;
DROP View "public"."rocklake_view";

-- template: postgres.ddl.drop_view_if_exists
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP VIEW IF EXISTS (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
DROP View  IF EXISTS "public"."rocklake_view";

-- template: postgres.ddl.drop_schema
-- source: PG/storage/postgres_catalog.cpp:210 PostgresCatalog::DropSchema -> PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP SCHEMA on the attached catalog (derived; not used by DuckLake)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE SCHEMA "ducklake_meta";
DROP Schema "ducklake_meta";

-- template: postgres.ddl.drop_schema_if_exists
-- source: PG/storage/postgres_catalog.cpp:194 PostgresCatalog::CreateSchema (OR REPLACE) -> PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP SCHEMA IF EXISTS / CREATE OR REPLACE SCHEMA (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
DROP Schema  IF EXISTS "ducklake_meta";

-- template: postgres.ddl.drop_schema_cascade
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP SCHEMA ... CASCADE (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE SCHEMA "ducklake_meta";
DROP Schema "ducklake_meta" CASCADE;

-- template: postgres.ddl.drop_index
-- source: PG/storage/postgres_index.cpp:47 PostgresCreateIndex::GetDataInternal -> PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP INDEX / CREATE OR REPLACE INDEX (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE INDEX rocklake_idx ON public.ducklake_snapshot(snapshot_time);
DROP Index "public"."rocklake_idx";

-- template: postgres.ddl.drop_index_if_exists
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP INDEX IF EXISTS (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
DROP Index  IF EXISTS "public"."rocklake_idx";

-- template: postgres.ddl.drop_type
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TYPE / CREATE OR REPLACE TYPE (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
-- given: CREATE TYPE "mood" AS ENUM('sad', 'ok', 'happy');
DROP Type "public"."mood";

-- template: postgres.ddl.drop_type_if_exists
-- source: PG/storage/postgres_catalog_set.cpp:154 PostgresCatalogSet::DropEntry
-- when: DuckDB DROP TYPE IF EXISTS (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
DROP Type  IF EXISTS "public"."mood";

-- template: postgres.ddl.alter_add_column
-- source: PG/storage/postgres_table_set.cpp:465 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:318-242 MigrateV01 ("ADD COLUMN scope VARCHAR"); type printed with DuckDB LogicalType::ToString, not mapped; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: ALTER TABLE "public"."ducklake_metadata" DROP COLUMN "scope";
ALTER TABLE "public"."ducklake_metadata" ADD COLUMN  "scope" VARCHAR;

-- template: postgres.ddl.migration_v10.add_row_group_count.ducklake_delete_file
-- source: PG/storage/postgres_table_set.cpp:465 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateV10 (DL/storage/ducklake_metadata_manager.cpp:434), run by LoadExistingDuckLake (DL/storage/ducklake_initializer.cpp:242) when a 1.0 catalog is attached with AUTOMATIC_MIGRATION TRUE (or DUCKLAKE_VERSION '1.1-dev1'); statements go through ExecuteMigration -> Execute(string) = Query() (DuckDB SQL via the postgres extension); {IF_NOT_EXISTS} is empty; ALTER TABLE ducklake_delete_file ADD COLUMN row_group_count BIGINT
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_delete_file" ADD COLUMN  "row_group_count" BIGINT;

-- template: postgres.ddl.migration_v10.add_row_group_count.ducklake_data_file
-- source: PG/storage/postgres_table_set.cpp:465 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateV10 (DL/storage/ducklake_metadata_manager.cpp:434), run by LoadExistingDuckLake (DL/storage/ducklake_initializer.cpp:242) when a 1.0 catalog is attached with AUTOMATIC_MIGRATION TRUE (or DUCKLAKE_VERSION '1.1-dev1'); statements go through ExecuteMigration -> Execute(string) = Query() (DuckDB SQL via the postgres extension); {IF_NOT_EXISTS} is empty; ALTER TABLE ducklake_data_file ADD COLUMN row_group_count BIGINT
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_data_file" ADD COLUMN  "row_group_count" BIGINT;

-- template: postgres.ddl.alter_add_column_default_string
-- source: PG/storage/postgres_table_set.cpp:482 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:318 MigrateV01 (path VARCHAR DEFAULT ''); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: ALTER TABLE "public"."ducklake_schema" DROP COLUMN "path";
ALTER TABLE "public"."ducklake_schema" ADD COLUMN  "path" VARCHAR DEFAULT '';

-- template: postgres.ddl.alter_add_column_default_bool
-- source: PG/storage/postgres_table_set.cpp:482 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:319 MigrateV01 (path_is_relative BOOLEAN DEFAULT TRUE, printed by Value::ToSQLString); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: ALTER TABLE "public"."ducklake_schema" DROP COLUMN "path_is_relative";
ALTER TABLE "public"."ducklake_schema" ADD COLUMN  "path_is_relative" BOOLEAN DEFAULT true;

-- template: postgres.ddl.alter_add_column_if_not_exists_default_bool
-- source: PG/storage/postgres_table_set.cpp:467 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:358 MigrateV02 with allow_failures ({IF_NOT_EXISTS} -> IF NOT EXISTS); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
ALTER TABLE "public"."ducklake_name_mapping" ADD COLUMN  IF NOT EXISTS "is_partition" BOOLEAN DEFAULT false;

-- template: postgres.ddl.alter_add_column_if_not_exists_default_null
-- source: PG/storage/postgres_table_set.cpp:467 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:359-279, 284-285, 298 MigrateV02/V03 (DEFAULT NULL); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
ALTER TABLE "public"."ducklake_snapshot_changes" ADD COLUMN  IF NOT EXISTS "author" VARCHAR DEFAULT NULL;

-- template: postgres.ddl.alter_add_column_if_not_exists_default_string
-- source: PG/storage/postgres_table_set.cpp:467 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:377 MigrateV03 (default_value_type VARCHAR DEFAULT 'literal'); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
ALTER TABLE "public"."ducklake_column" ADD COLUMN  IF NOT EXISTS "default_value_type" VARCHAR DEFAULT 'literal';

-- template: postgres.ddl.alter_add_column_if_not_exists
-- source: PG/storage/postgres_table_set.cpp:467 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:381, 302-303 MigrateV03 (table_id BIGINT / partial_max BIGINT); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
ALTER TABLE "public"."ducklake_data_file" ADD COLUMN  IF NOT EXISTS "partial_max" BIGINT;

-- template: postgres.ddl.migration_v11_spec.add_min_is_exact.ducklake_file_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_file_column_stats" ADD COLUMN  "min_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_min_is_exact_if_not_exists.ducklake_file_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_file_column_stats" ADD COLUMN  IF NOT EXISTS "min_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_max_is_exact.ducklake_file_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_file_column_stats" ADD COLUMN  "max_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_max_is_exact_if_not_exists.ducklake_file_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_file_column_stats" ADD COLUMN  IF NOT EXISTS "max_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_min_is_exact.ducklake_table_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_table_column_stats" ADD COLUMN  "min_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_min_is_exact_if_not_exists.ducklake_table_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_table_column_stats" ADD COLUMN  IF NOT EXISTS "min_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_max_is_exact.ducklake_table_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_table_column_stats" ADD COLUMN  "max_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_max_is_exact_if_not_exists.ducklake_table_column_stats
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_table_column_stats" ADD COLUMN  IF NOT EXISTS "max_is_exact" BOOLEAN;

-- template: postgres.ddl.migration_v11_spec.add_parent_schema_id.ducklake_schema
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_schema" ADD COLUMN  "parent_schema_id" BIGINT;

-- template: postgres.ddl.migration_v11_spec.add_parent_schema_id_if_not_exists.ducklake_schema
-- source: the DuckLake 1.1 specification (ducklake_file_column_stats / ducklake_table_column_stats: min_is_exact, max_is_exact; ducklake_schema: parent_schema_id), as the release's MigrateV10 adds it the way DL/storage/ducklake_metadata_manager.cpp:436 adds row_group_count at 2ed0a0be
-- when: ATTACH ... (AUTOMATIC_MIGRATION true) of a 1.0 catalog by the DuckDB 2.0 release; the development line at 2ed0a0be has no such column, so no capture holds it: the shape is the family of row_group_count's
-- reach: ducklake
-- on: a DuckLake 1.0 catalog (the migration runs there)
ALTER TABLE "public"."ducklake_schema" ADD COLUMN  IF NOT EXISTS "parent_schema_id" BIGINT;

-- template: postgres.ddl.migration_v10.add_row_group_count_if_not_exists.ducklake_delete_file
-- source: PG/storage/postgres_table_set.cpp:465 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: re-run of MigrateV10(true) on every AUTOMATIC_MIGRATION attach of a catalog already at 1.1-dev1 (DL/storage/ducklake_initializer.cpp:235, "dev schemas evolve in place"): {IF_NOT_EXISTS} = IF NOT EXISTS, failures allowed; ALTER TABLE ducklake_delete_file ADD COLUMN IF NOT EXISTS row_group_count BIGINT
-- reach: ducklake
ALTER TABLE "public"."ducklake_delete_file" ADD COLUMN  IF NOT EXISTS "row_group_count" BIGINT;

-- template: postgres.ddl.migration_v10.add_row_group_count_if_not_exists.ducklake_data_file
-- source: PG/storage/postgres_table_set.cpp:465 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: re-run of MigrateV10(true) on every AUTOMATIC_MIGRATION attach of a catalog already at 1.1-dev1 (DL/storage/ducklake_initializer.cpp:235, "dev schemas evolve in place"): {IF_NOT_EXISTS} = IF NOT EXISTS, failures allowed; ALTER TABLE ducklake_data_file ADD COLUMN IF NOT EXISTS row_group_count BIGINT
-- reach: ducklake
ALTER TABLE "public"."ducklake_data_file" ADD COLUMN  IF NOT EXISTS "row_group_count" BIGINT;

-- template: postgres.ddl.alter_add_column_default_number
-- source: PG/storage/postgres_table_set.cpp:482 PostgresTableSet::AlterTable(AddColumnInfo)
-- when: DuckDB ALTER TABLE ... ADD COLUMN c INTEGER DEFAULT 42 on the attached catalog (derived; only constant defaults are accepted)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
ALTER TABLE "public"."ducklake_table_stats" ADD COLUMN  "rocklake_extra" INTEGER DEFAULT 42;

-- template: postgres.ddl.alter_drop_column
-- source: PG/storage/postgres_table_set.cpp:491 PostgresTableSet::AlterTable(RemoveColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:390 MigrateV03 without allow_failures (DROP COLUMN partial_file_info); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: ALTER TABLE "public"."ducklake_data_file" ADD COLUMN "partial_file_info" VARCHAR;
ALTER TABLE "public"."ducklake_data_file" DROP COLUMN  "partial_file_info";

-- template: postgres.ddl.alter_drop_column_if_exists
-- source: PG/storage/postgres_table_set.cpp:493 PostgresTableSet::AlterTable(RemoveColumnInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:390 MigrateV03 with allow_failures; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
ALTER TABLE "public"."ducklake_data_file" DROP COLUMN  IF EXISTS "partial_file_info";

-- template: postgres.ddl.alter_rename_table
-- source: PG/storage/postgres_table_set.cpp:446 PostgresTableSet::AlterTable(RenameTableInfo)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:365 MigrateV02 (ducklake_file_column_statistics RENAME TO ducklake_file_column_stats; sent only if the old table exists); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: DROP TABLE "public"."ducklake_file_column_stats";
-- given: CREATE TABLE "public"."ducklake_file_column_statistics"("data_file_id" BIGINT, "table_id" BIGINT, "column_id" BIGINT, "column_size_bytes" BIGINT, "value_count" BIGINT, "null_count" BIGINT, "min_value" VARCHAR, "max_value" VARCHAR, "contains_nan" BOOLEAN);
ALTER TABLE "public"."ducklake_file_column_statistics" RENAME TO "ducklake_file_column_stats";

-- template: postgres.ddl.alter_rename_column
-- source: PG/storage/postgres_table_set.cpp:454 PostgresTableSet::AlterTable(RenameColumnInfo)
-- when: DuckDB ALTER TABLE ... RENAME COLUMN on the attached catalog (derived; not used by DuckLake). SET/DROP DEFAULT, SET/DROP NOT NULL, ALTER TYPE are refused client-side (BinderException, :514), so never sent
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
ALTER TABLE "public"."ducklake_tag" RENAME COLUMN  "value" TO "tag_value";

-- template: postgres.ddl.migration_v10.rename_inlined_end_snapshot
-- source: PG/storage/postgres_table_set.cpp:454 PostgresTableSet::AlterTable(RenameColumnInfo)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateInlinedColumnNames (DL/storage/ducklake_metadata_manager.cpp:448, statement built at :495, run through Execute(string) = Query() before the other MigrateV10 statements): one ALTER per system column per inlined-data table listed in ducklake_inlined_data_tables whose column is not yet renamed (three per table, sent as one batch)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER);
-- given: ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN "row_id" TO "_ducklake_row_id";
-- given: ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN "begin_snapshot" TO "_ducklake_begin_snapshot";
ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN  "end_snapshot" TO "_ducklake_end_snapshot";

-- template: postgres.ddl.migration_v10.rename_inlined_begin_snapshot
-- source: PG/storage/postgres_table_set.cpp:454 PostgresTableSet::AlterTable(RenameColumnInfo)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateInlinedColumnNames (DL/storage/ducklake_metadata_manager.cpp:448, statement built at :495, run through Execute(string) = Query() before the other MigrateV10 statements): one ALTER per system column per inlined-data table listed in ducklake_inlined_data_tables whose column is not yet renamed (three per table, sent as one batch)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER);
-- given: ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN "row_id" TO "_ducklake_row_id";
ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN  "begin_snapshot" TO "_ducklake_begin_snapshot";

-- template: postgres.ddl.migration_v10.rename_inlined_row_id
-- source: PG/storage/postgres_table_set.cpp:454 PostgresTableSet::AlterTable(RenameColumnInfo)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateInlinedColumnNames (DL/storage/ducklake_metadata_manager.cpp:448, statement built at :495, run through Execute(string) = Query() before the other MigrateV10 statements): one ALTER per system column per inlined-data table listed in ducklake_inlined_data_tables whose column is not yet renamed (three per table, sent as one batch)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER);
ALTER TABLE "public"."ducklake_inlined_data_1_1" RENAME COLUMN  "row_id" TO "_ducklake_row_id";

-- template: postgres.ddl.create_view
-- source: PG/storage/postgres_schema_entry.cpp:80 PGGetCreateViewSQL
-- when: DuckDB CREATE VIEW in the attached catalog; body is DuckDB's SelectStatement::ToString (derived; not used by DuckLake); followed by postgres.catalog.table_reload of the view
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE VIEW public.rocklake_view AS SELECT snapshot_id FROM public.ducklake_snapshot;

-- template: postgres.ddl.create_view_aliases
-- source: PG/storage/postgres_schema_entry.cpp:84 PGGetCreateViewSQL
-- when: DuckDB CREATE VIEW v(a, b) AS ... (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE VIEW public.rocklake_view (sid, sv) AS SELECT snapshot_id, schema_version FROM public.ducklake_snapshot;

-- template: postgres.ddl.create_index
-- source: PG/storage/postgres_index_set.cpp:68 PGGetCreateIndexSQL
-- when: DuckDB CREATE INDEX on a table of the attached catalog (derived; not used by DuckLake)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE INDEX rocklake_idx ON public.ducklake_snapshot(snapshot_time);

-- template: postgres.ddl.create_unique_index
-- source: PG/storage/postgres_index_set.cpp:70 PGGetCreateIndexSQL
-- when: DuckDB CREATE UNIQUE INDEX, several expressions (derived)
-- reach: generic
-- why: DDL DuckLake never issues: its only DDL through the postgres extension is InitializeDuckLake's 28 CREATE TABLEs (DL/storage/ducklake_metadata_manager.cpp:194), CREATE SCHEMA IF NOT EXISTS for METADATA_SCHEMA (:186) and DROP TABLE IF EXISTS of inlined tables (DL/storage/ducklake_transaction_state.cpp:1881, DL/storage/ducklake_metadata_manager.cpp:5515); it appears only when a user runs DDL on the metadata catalog itself
CREATE UNIQUE INDEX rocklake_idx ON public.ducklake_metadata(key, scope, scope_id);

-- template: postgres.copy_in.ducklake_snapshot
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: DuckDB INSERT into the attached catalog (no column list); one COPY per INSERT (restarted per chunk when keep_copy_alive is false): fresh lake InitializeDuckLake INSERT ... VALUES (0, NOW(), 0, 1, 0)
-- reach: ducklake
COPY "public"."ducklake_snapshot" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_snapshot_changes
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: DuckDB INSERT into the attached catalog (no column list); one COPY per INSERT (restarted per chunk when keep_copy_alive is false): fresh lake InitializeDuckLake
-- reach: ducklake
COPY "public"."ducklake_snapshot_changes" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_schema
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: DuckDB INSERT into the attached catalog (no column list); one COPY per INSERT (restarted per chunk when keep_copy_alive is false): fresh lake InitializeDuckLake
-- reach: ducklake
COPY "public"."ducklake_schema" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_metadata
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: DuckDB INSERT into the attached catalog (no column list); one COPY per INSERT (restarted per chunk when keep_copy_alive is false): ducklake_set_option / set_option first time for a key (DL/storage/ducklake_metadata_manager.cpp:5733 SetConfigOption)
-- reach: ducklake
COPY "public"."ducklake_metadata" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_metadata_columns
-- source: PG/postgres_copy_to.cpp:39 PostgresConnection::BeginCopyTo
-- when: DuckDB INSERT with an explicit column list: fresh lake InitializeDuckLake INSERT INTO ducklake_metadata (key, value) VALUES ...
-- reach: ducklake
COPY "public"."ducklake_metadata" ("key", "value") FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_files_scheduled_for_deletion
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: DuckDB INSERT into the attached catalog (no column list); one COPY per INSERT (restarted per chunk when keep_copy_alive is false): ducklake_expire_snapshots INSERT INTO ducklake_files_scheduled_for_deletion VALUES (..., NOW()) (DL/storage/ducklake_metadata_manager.cpp:5467, :4987); derived
-- reach: ducklake
COPY "public"."ducklake_files_scheduled_for_deletion" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_schema_versions_columns
-- source: PG/postgres_copy_to.cpp:39 PostgresConnection::BeginCopyTo
-- when: migration v0.3 INSERT INTO ducklake_schema_versions (table_id, begin_snapshot, schema_version) SELECT ... (DL/storage/ducklake_metadata_manager.cpp:401); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY "public"."ducklake_schema_versions" ("table_id", "begin_snapshot", "schema_version") FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.ducklake_schema_versions
-- source: PG/postgres_copy_to.cpp:34 PostgresConnection::BeginCopyTo (PostgresInsert::Sink, PG/storage/postgres_insert.cpp:118)
-- when: migration v0.2 INSERT INTO ducklake_schema_versions SELECT * FROM (...) (DL/storage/ducklake_metadata_manager.cpp:364); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY "public"."ducklake_schema_versions" FROM STDIN (FORMAT BINARY);

-- template: postgres.copy_in.text
-- source: PG/postgres_copy_to.cpp:57 PostgresConnection::BeginCopyTo
-- when: INSERT when SET pg_use_binary_copy=false or a column is char/bpchar/jsonb/custom/array-of-unsupported; NULL marker is a raw 0x08 byte (derived)
-- reach: generic
-- why: text COPY only with SET pg_use_binary_copy=false or a char/bpchar/jsonb/custom column (PG/storage/postgres_table_entry.cpp:139 GetCopyFormat); DuckLake never sets it and its tables have no such column, so its INSERTs arrive as binary COPY
COPY "public"."ducklake_snapshot" FROM STDIN (FORMAT TEXT, NULL '');

-- template: postgres.insert.plain_values
-- source: PG/storage/postgres_insert.cpp:131 GetBaseInsertQuery + :283 PostgresInsert::SinkPlain (flushed every 8000 bytes, :307)
-- when: DuckDB INSERT into an attached table when the text protocol is on (SET pg_use_text_protocol=true or an ATTACH text-protocol mode / Redshift, PostgresInsert::UsePlainInserts :378): plain INSERT ... VALUES instead of COPY FROM STDIN; numbers, booleans and blobs unquoted, everything else quoted; empty column list gives two spaces before VALUES; derived
-- reach: generic
-- why: only with pg_use_text_protocol / a text-protocol attach, a postgres-extension setting DuckLake never sets
INSERT INTO "public"."ducklake_snapshot"  VALUES (1, '2025-01-01 12:00:00', 1, 2, 0);

-- template: postgres.copy_in.text_columns
-- source: PG/postgres_copy_to.cpp:57 PostgresConnection::BeginCopyTo
-- when: as postgres.copy_in.text with an INSERT column list (derived)
-- reach: generic
-- why: text COPY only with SET pg_use_binary_copy=false or a char/bpchar/jsonb/custom column (PG/storage/postgres_table_entry.cpp:139 GetCopyFormat); DuckLake never sets it and its tables have no such column, so its INSERTs arrive as binary COPY
COPY "public"."ducklake_metadata" ("key", "value") FROM STDIN (FORMAT TEXT, NULL '');

-- template: postgres.dml.delete_ctid
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on an attached table (ducklake_expire_snapshots, ducklake_cleanup_old_files, ducklake_flush_inlined_data, DropEmptySupersededInlinedTables, expire table cleanup): rows found by a COPY scan that emits ctid, then one DELETE per ~3000 characters of ctid list; table name quoted only if needed
-- reach: ducklake
DELETE FROM "public".ducklake_snapshot WHERE ctid IN ('(0,1)','(0,2)');

-- template: postgres.dml.delete_ctid_inlined
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: as postgres.dml.delete_ctid on an inlined-data table (flush_inlined_data / DeleteFlushedInlinedData)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER);
DELETE FROM "public".ducklake_inlined_data_1_1 WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid_quoted
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: as postgres.dml.delete_ctid when the table name needs quotes (upper case, keyword, special characters; derived)
-- reach: generic
-- why: DuckLake's relations are named ducklake_*, ducklake_inlined_data_<t>_<v> and ducklake_inlined_delete_<t>: never a name that needs quotes
-- given: CREATE TABLE "public"."Rocklake T"(a INTEGER);
DELETE FROM "public"."Rocklake T" WHERE ctid IN ('(0,1)');

-- template: postgres.dml.update_temp_table
-- source: PG/storage/postgres_update.cpp:51 CreateUpdateTable (PostgresUpdate::GetGlobalSinkState :92)
-- when: DuckDB UPDATE on an attached table: ducklake_set_option for an existing key (DL/storage/ducklake_metadata_manager.cpp:5218 UPDATE ducklake_metadata SET value=... ), migrations v0.1-v0.4 UPDATEs; temp table per UPDATE, random UUID name; derived | also the 1.0 -> 1.1-dev1 migration's version UPDATE (DL/storage/ducklake_metadata_manager.cpp:440)
-- reach: ducklake
CREATE LOCAL TEMPORARY TABLE "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"("value" VARCHAR, __page_id_string VARCHAR) ON COMMIT DROP;

-- template: postgres.dml.update_temp_table_copy
-- source: PG/postgres_copy_to.cpp:57 PostgresConnection::BeginCopyTo (PostgresUpdate::Sink, PG/storage/postgres_update.cpp:156)
-- when: after postgres.dml.update_temp_table: TEXT COPY of new values + ctid strings into the temp table (no schema); derived
-- reach: ducklake
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"("value" VARCHAR, __page_id_string VARCHAR) ON COMMIT DROP;
COPY "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10" FROM STDIN (FORMAT TEXT, NULL '');

-- template: postgres.dml.update_from_temp
-- source: PG/storage/postgres_update.cpp:67 GetUpdateSQL (PostgresUpdate::Finalize :173)
-- when: after the temp-table COPY: the actual UPDATE; derived
-- reach: ducklake
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"("value" VARCHAR, __page_id_string VARCHAR) ON COMMIT DROP;
UPDATE "public"."ducklake_metadata" SET "value" = "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"."value" FROM "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10" WHERE "ducklake_metadata".ctid=__page_id_string::TID;

-- template: postgres.dml.update_temp_table_multi
-- source: PG/storage/postgres_update.cpp:51 CreateUpdateTable
-- when: UPDATE of several columns, e.g. migration v0.3 UPDATE ducklake_data_file ... SET partial_max = ... (DL/storage/ducklake_metadata_manager.cpp:391) or a two-column SET; derived
-- reach: generic
-- why: the only multi-column UPDATEs DuckLake runs through Query() are migrations; migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
CREATE LOCAL TEMPORARY TABLE "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"("default_value_type" VARCHAR, "column_id" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;

-- template: postgres.dml.update_from_temp_multi
-- source: PG/storage/postgres_update.cpp:67 GetUpdateSQL
-- when: after postgres.dml.update_temp_table_multi; derived
-- reach: generic
-- why: the only multi-column UPDATEs DuckLake runs through Query() are migrations; migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"("default_value_type" VARCHAR, "column_id" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;
UPDATE "public"."ducklake_column" SET "default_value_type" = "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"."default_value_type", "column_id" = "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10"."column_id" FROM "update_data_9b2f6c3e-1d4a-4f7e-8a55-0c6d2b7e9f10" WHERE "ducklake_column".ctid=__page_id_string::TID;

-- template: postgres.query.parse.latest_snapshot
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: every DuckLake transaction start: DL/metadata_manager/postgres_metadata_manager.cpp:124 GetLatestSnapshotQuery via postgres_query (trailing ; stripped); sent as a Parse message, preceded by BEGIN sent alone
-- reach: ducklake
SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 );

-- template: postgres.query.copy.latest_snapshot
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.latest_snapshot
-- reach: ducklake
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM (SELECT snapshot_id, schema_version, next_catalog_id, next_file_id
		 FROM "public".ducklake_snapshot WHERE snapshot_id = (
		     SELECT MAX(snapshot_id) FROM "public".ducklake_snapshot
		 )) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_value_count_min_value_max_value
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible)
-- reach: ducklake
SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_value_count_min_value_max_value
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_value_count_min_value_max_value
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value", "max_value" FROM (SELECT data_file_id, value_count, min_value, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_value_count_max_value_min_value
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible)
-- reach: ducklake
SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_value_count_max_value_min_value
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_value_count_max_value_min_value
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value", "min_value" FROM (SELECT data_file_id, value_count, max_value, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_value_count_min_value
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible)
-- reach: ducklake
SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_value_count_min_value
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_value_count_min_value
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "min_value" FROM (SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_value_count_max_value
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible)
-- reach: ducklake
SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_value_count_max_value
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_value_count_max_value
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count", "max_value" FROM (SELECT data_file_id, value_count, max_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_value_count
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible); derived (IS NOT NULL filter -> value_count only; IS NULL filter -> null_count only)
-- reach: ducklake
SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_value_count
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_value_count; derived
-- reach: ducklake
COPY (SELECT "data_file_id", "value_count" FROM (SELECT data_file_id, value_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.parse.file_column_stats_null_count
-- source: PG/postgres_query.cpp:67 PGQueryBind (PQprepare, then PQdescribePrepared :75; extended protocol Parse+Describe)
-- when: DuckLake scan with a filter on a user column: per-column file-stats CTE (DL/metadata_manager/postgres_metadata_manager.cpp:134 GenerateFileColumnStatsCTEBody); stats list is an unordered_set (iteration order implementation-defined: other subsets/orders of min_value, max_value, value_count, null_count, contains_nan are possible); derived (IS NOT NULL filter -> value_count only; IS NULL filter -> null_count only)
-- reach: ducklake
SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1;

-- template: postgres.query.copy.file_column_stats_null_count
-- source: PG/postgres_scanner.cpp:298 PostgresInitInternal
-- when: execution of postgres.query.parse.file_column_stats_null_count; derived
-- reach: ducklake
COPY (SELECT "data_file_id", "null_count" FROM (SELECT data_file_id, null_count
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.query.copy.rowid_only
-- source: PG/postgres_scanner.cpp:250 PostgresInitInternal
-- when: count(*) over postgres_query(...) (row-id placeholder NULL); derived
-- reach: ducklake
COPY (SELECT NULL FROM (SELECT data_file_id, value_count, min_value
     FROM "public".ducklake_file_column_stats
     WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.exists_probe
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:176 MetadataExistsQuery: ATTACH of an existing lake: SELECT NULL FROM ducklake_metadata LIMIT 1 (LIMIT pushed, two spaces before LIMIT)
-- reach: ducklake
COPY (SELECT NULL FROM "public"."ducklake_metadata"  LIMIT 1) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.load
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:515 LoadDuckLake: ATTACH of an existing lake, and ducklake options() / GetConfigOption
-- reach: ducklake
COPY (SELECT "key", "value", "scope", "scope_id" FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.load_v01
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:360 LoadDuckLake: fallback when the 4-column load fails (v0.1 catalog without scope); derived
-- reach: generic
-- why: fallback when the 4-column load fails, i.e. a v0.1 catalog without scope columns (DL/storage/ducklake_metadata_manager.cpp:360); migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "key", "value" FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.option_global
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5202 SetConfigOption: set_option without scope: SELECT COUNT(*) ... WHERE key = 'k' AND scope IS NULL (IS NULL not pushed) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "key", "scope" FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.option_table
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5202 SetConfigOption: set_option with table_name | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.metadata.option_schema
-- reach: ducklake
COPY (SELECT "key", "scope", "scope_id" FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.option_update_global
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5218 SetConfigOption: set_option on an existing global key: DuckDB UPDATE (rows by ctid, then postgres.dml.update_*); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "key", "scope", ctid FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.option_update_table
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5218 SetConfigOption: set_option on an existing table-scoped key; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "key", "scope", "scope_id", ctid FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.metadata.migration_update_version
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration 1.0 -> 1.1-dev1: DuckLakeMetadataManager::MigrateV10 (DL/storage/ducklake_metadata_manager.cpp:434), run by LoadExistingDuckLake (DL/storage/ducklake_initializer.cpp:242) when a 1.0 catalog is attached with AUTOMATIC_MIGRATION TRUE (or DUCKLAKE_VERSION '1.1-dev1'); statements go through ExecuteMigration -> Execute(string) = Query() (DuckDB SQL via the postgres extension); {IF_NOT_EXISTS} is empty: UPDATE ducklake_metadata SET value = '1.1-dev1' WHERE key = 'version' (source :440) scans key + ctid, then postgres.dml.update_temp_table / update_temp_table_copy / update_from_temp write the value; same text for the pre-1.0 migrations
-- reach: ducklake
COPY (SELECT "key", ctid FROM "public"."ducklake_metadata" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.by_version
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2912 GetSnapshot(AT VERSION): time travel AT (VERSION => n); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.snapshot.at_timestamp_outer
-- reach: ducklake
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.at_timestamp_upper
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2912 GetSnapshot(AT TIMESTAMP): time travel AT (TIMESTAMP => ...) upper bound: WHERE snapshot_time <= ts ORDER BY snapshot_time DESC LIMIT 1 (Top-N, so no LIMIT pushdown; its dynamic filter renders empty inside the AND group); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.snapshot.at_timestamp_lower
-- reach: ducklake
COPY (SELECT "snapshot_time", "snapshot_id" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4975 GetAllSnapshots: snapshots() function; ducklake_expire_snapshots | same 2.0 text also stands for the 1.5.5 templates postgres.scan.snapshot.expire_version, postgres.scan.snapshot.expire_versions_dense, postgres.scan.snapshot.expire_versions_in, postgres.scan.snapshot.expire_older_than
-- reach: ducklake
COPY (SELECT "snapshot_id", "snapshot_time", "schema_version", "next_file_id" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.changes_all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4975 GetAllSnapshots: snapshots(): LEFT JOIN ducklake_snapshot_changes USING (snapshot_id)
-- reach: ducklake
COPY (SELECT "snapshot_id", "changes_made", "author", "commit_message", "commit_extra_info" FROM "public"."ducklake_snapshot_changes" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.max_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4975 GetAllSnapshots: expire: snapshot_id != (SELECT MAX(snapshot_id) ...) subquery; also the NOT EXISTS cleanup subqueries
-- reach: ducklake
COPY (SELECT "snapshot_id" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.schema_versions_distinct
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1892 DropEmptySupersededInlinedTables: SELECT DISTINCT schema_version FROM ducklake_snapshot
-- reach: ducklake
COPY (SELECT "schema_version" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.expire_delete_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5306 ExpireSnapshots: DELETE FROM ducklake_snapshot WHERE snapshot_id IN (...) -> rows by ctid | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.snapshot.expire_delete_dense, postgres.scan.snapshot.expire_delete_in
-- reach: ducklake
COPY (SELECT "snapshot_id", ctid FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot_changes.expire_delete_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5306 ExpireSnapshots: DELETE FROM ducklake_snapshot_changes WHERE snapshot_id IN (...) -> rows by ctid | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.snapshot_changes.expire_delete_dense, postgres.scan.snapshot_changes.expire_delete_in
-- reach: ducklake
COPY (SELECT "snapshot_id", ctid FROM "public"."ducklake_snapshot_changes" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot_changes.conflict_check
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4423 GetSnapshotAndStatsAndChangesQuery: commit retry: STRING_AGG(changes_made) WHERE snapshot_id > S; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "snapshot_id", "changes_made" FROM "public"."ducklake_snapshot_changes" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:788 BuildCatalogForSnapshot: catalog load for a snapshot (every new snapshot seen by a transaction) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "end_snapshot", "schema_id", "schema_uuid", "schema_name", "path", "path_is_relative" FROM "public"."ducklake_schema" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:833 BuildCatalogForSnapshot: catalog load: tables | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "schema_id", "table_uuid", "table_name", "path", "path_is_relative" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:833 BuildCatalogForSnapshot: catalog load: LEFT JOIN ducklake_column (OR ... column_id IS NULL is not pushed)
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "column_id", "column_name", "column_type", "initial_default", "default_value", "nulls_allowed", "parent_column", "default_value_type", "column_order" FROM "public"."ducklake_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.tag.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:833 BuildCatalogForSnapshot: catalog load: table and view tag subqueries | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "object_id", "begin_snapshot", "end_snapshot", "key", "value" FROM "public"."ducklake_tag" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:833 BuildCatalogForSnapshot: catalog load: inlined_data_tables subquery
-- reach: ducklake
COPY (SELECT "table_id", "table_name", "schema_version" FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column_tag.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:833 BuildCatalogForSnapshot: catalog load: column tag subquery | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "column_id", "begin_snapshot", "end_snapshot", "key", "value" FROM "public"."ducklake_column_tag" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.view.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:957 BuildCatalogForSnapshot: catalog load: views | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "end_snapshot", "view_id", "view_uuid", "schema_id", "view_name", "dialect", "sql", "column_aliases" FROM "public"."ducklake_view" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1009 BuildCatalogForSnapshot: catalog load: macros | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "end_snapshot", "schema_id", "macro_id", "macro_name" FROM "public"."ducklake_macro" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro_impl.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1009 BuildCatalogForSnapshot: catalog load: macro implementations
-- reach: ducklake
COPY (SELECT "macro_id", "dialect", "sql", "type", "impl_id" FROM "public"."ducklake_macro_impl" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro_parameters.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1009 BuildCatalogForSnapshot: catalog load: macro parameters
-- reach: ducklake
COPY (SELECT "macro_id", "impl_id", "parameter_name", "parameter_type", "default_value", "default_value_type" FROM "public"."ducklake_macro_parameters" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.partition_info.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1034 BuildCatalogForSnapshot: catalog load: partitions | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "partition_id", "begin_snapshot", "end_snapshot", "table_id" FROM "public"."ducklake_partition_info" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.partition_column.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1034 BuildCatalogForSnapshot: catalog load: partition columns
-- reach: ducklake
COPY (SELECT "partition_id", "partition_key_index", "column_id", "transform" FROM "public"."ducklake_partition_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.sort_info.at_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1065 BuildCatalogForSnapshot: catalog load: sort info | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "sort_id", "begin_snapshot", "end_snapshot", "table_id" FROM "public"."ducklake_sort_info" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.sort_expression.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1065 BuildCatalogForSnapshot: catalog load: sort expressions
-- reach: ducklake
COPY (SELECT "sort_id", "sort_key_index", "expression", "dialect", "sort_direction", "null_order" FROM "public"."ducklake_sort_expression" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table_stats.by_table
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1204 GetGlobalTableStats: first access to a table's stats in a snapshot | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.table_stats.all
-- reach: ducklake
COPY (SELECT "table_id", "record_count", "file_size_bytes", "next_row_id" FROM "public"."ducklake_table_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table_column_stats.by_table
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1204 GetGlobalTableStats: same query, LEFT JOIN USING (table_id): table filter propagated | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.table_column_stats.all
-- reach: ducklake
COPY (SELECT "table_id", "column_id", "contains_null", "contains_nan", "min_value", "max_value", "extra_stats" FROM "public"."ducklake_table_column_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table_stats.table_ids
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4815 ExpireSnapshots: expire: SELECT DISTINCT table_id FROM ducklake_table_stats
-- reach: ducklake
COPY (SELECT "table_id" FROM "public"."ducklake_table_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema.path_by_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3538 GetPathForSchema: writing data files for a table in a schema not cached | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.schema.paths
-- reach: ducklake
COPY (SELECT "schema_id", "path", "path_is_relative" FROM "public"."ducklake_schema" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.path_by_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3613 GetPathForTable: path lookup for an existing table | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "schema_id", "table_id", "path", "path_is_relative" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.begin_snapshot
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:650 GetBeginSnapshotForTable: reading files of a table whose schema was never altered (fallback of GetBeginSnapshotForSchemaVersion); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema_versions.by_table_version
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:663 GetBeginSnapshotForSchemaVersion: reading data files written under an older schema version | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "schema_version", "begin_snapshot" FROM "public"."ducklake_schema_versions" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.by_name
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3552 IsColumnCreatedWithTable: ALTER TABLE ... ALTER COLUMN SET DEFAULT / similar checks | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "table_name", "begin_snapshot" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column.by_name
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3552 IsColumnCreatedWithTable: same query, ducklake_column side | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "column_name", "begin_snapshot", "end_snapshot" FROM "public"."ducklake_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column.next_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5164 GetNextColumnId: ALTER TABLE ADD COLUMN / nested field add | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "column_id" FROM "public"."ducklake_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.sizes
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5690 GetTableSizes: ducklake_table_info(); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "schema_id", "table_name", "table_uuid" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.sizes
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5690 GetTableSizes: ducklake_table_info(): LATERAL count/sum over data files; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "file_size_bytes" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.sizes
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5690 GetTableSizes: ducklake_table_info(): LATERAL count/sum over delete files; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "file_size_bytes" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.for_scan
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1865 GetFilesForTable: every scan of a DuckLake table (and ducklake_list_files); derived | also: DL/storage/ducklake_metadata_manager.cpp:1865 GetFilesForTable: scan under a Top-N (ORDER BY col LIMIT n) on the DuckLake table: LEFT JOIN ducklake_file_column_stats stats_0 for file pruning; data_file side unchanged; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "path", "path_is_relative", "file_size_bytes", "footer_size", "row_id_start", "partial_max", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.for_scan_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1865 GetFilesForTable: as data_file.for_scan on an ENCRYPTED lake (encryption_key selected); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "path", "path_is_relative", "file_size_bytes", "footer_size", "encryption_key", "row_id_start", "partial_max", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_column_stats.topn
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1618 GetFilesForTable: Top-N on a DuckLake table: LEFT JOIN ducklake_file_column_stats stats_0 ON ... AND stats_0.column_id = K (pushed; the table_id equality is a join condition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.file_column_stats.topn_table
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "column_id", "min_value", "max_value" FROM "public"."ducklake_file_column_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.for_scan
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1865 GetFilesForTable: every scan of a DuckLake table: LEFT JOIN (SELECT * FROM ducklake_delete_file WHERE table_id=t AND ...) del; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "data_file_id", "path", "path_is_relative", "format", "file_size_bytes", "footer_size" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.for_scan_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1865 GetFilesForTable: as delete_file.for_scan on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "data_file_id", "path", "path_is_relative", "format", "file_size_bytes", "footer_size", "encryption_key" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.extended
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2288 GetExtendedFilesForTable: DELETE / UPDATE on a DuckLake table with data files (file list with record_count and delete_file_id); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "record_count", "path", "path_is_relative", "file_size_bytes", "footer_size", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.extended_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2288 GetExtendedFilesForTable: as data_file.extended on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "record_count", "path", "path_is_relative", "file_size_bytes", "footer_size", "encryption_key", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.extended
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2288 GetExtendedFilesForTable: DELETE / UPDATE on a DuckLake table: delete files with delete_file_id; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "delete_file_id", "data_file_id", "path", "path_is_relative", "format", "file_size_bytes", "footer_size" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.extended_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2288 GetExtendedFilesForTable: as delete_file.extended on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "delete_file_id", "data_file_id", "path", "path_is_relative", "format", "file_size_bytes", "footer_size", "encryption_key" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.net_row_count
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:689 GetNetDataFileRowCountSql: count(*) on a DuckLake table answered from metadata; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "record_count" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.net_row_count
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:689 GetNetDataFileRowCountSql: count(*) from metadata: SUM(delete_count) JOIN data_file; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "delete_count" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.net_row_count_join
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:689 GetNetDataFileRowCountSql: count(*) from metadata: the data_file side of the delete JOIN; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "begin_snapshot", "end_snapshot" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.net_row_count_inlined_del
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:689 GetNetDataFileRowCountSql: count(*) from metadata when the table has an inlined file-deletion table: data_file side; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_delete.net_row_count
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:689 GetNetDataFileRowCountSql: count(*) from metadata with an inlined file-deletion table; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.inlined_delete.file_ids_one, postgres.scan.inlined_delete.file_ids_dense, postgres.scan.inlined_delete.file_ids_in
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
COPY (SELECT "file_id", "begin_snapshot" FROM "public"."ducklake_inlined_delete_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.column_stats
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3512 ReadFileColumnStatsForTableSql: aggregate pushdown / stats recompute (compaction rewrite, min/max from metadata); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "begin_snapshot", "end_snapshot", "record_count", "file_size_bytes" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_column_stats.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3512 ReadFileColumnStatsForTableSql: same query, LEFT JOIN ducklake_file_column_stats
-- reach: ducklake
COPY (SELECT "data_file_id", "column_id", "value_count", "null_count", "min_value", "max_value", "contains_nan", "extra_stats" FROM "public"."ducklake_file_column_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.insertions
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2034 GetTableInsertions: table_insertions() / table_changes(); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "partial_max", "path", "path_is_relative", "file_size_bytes", "footer_size", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.insertions_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2034 GetTableInsertions: as data_file.insertions on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "partial_max", "path", "path_is_relative", "file_size_bytes", "footer_size", "encryption_key", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.deletions_current
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2099 GetTableDeletions: table_deletions() / table_changes(): current deletes; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.delete_file.deletions_previous, postgres.scan.delete_file.deletions_previous_lateral
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "data_file_id", "path", "path_is_relative", "file_size_bytes", "footer_size", "format" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.deletions_current_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2099 GetTableDeletions: as delete_file.deletions_current on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "data_file_id", "path", "path_is_relative", "file_size_bytes", "footer_size", "encryption_key", "format" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.deletions_join
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2099 GetTableDeletions: table_deletions(): JOIN (SELECT * FROM ducklake_data_file WHERE table_id = t) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "data_file_id", "path", "path_is_relative", "record_count", "file_size_bytes", "footer_size", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.deletions_full
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2099 GetTableDeletions: table_deletions(): files dropped entirely in the range; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "end_snapshot", "data_file_id", "path", "path_is_relative", "record_count", "file_size_bytes", "footer_size", "row_id_start", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.deletions_inlined
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2212 GetTableDeletions: table_deletions() when the table has an inlined file-deletion table: third UNION branch; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "data_file_id", "table_id", "end_snapshot", "path", "path_is_relative", "file_size_bytes", "footer_size", "row_id_start", "record_count", "mapping_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.deletions_inlined_not_in
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2212 GetTableDeletions: third UNION branch: data_file_id NOT IN (SELECT ... FROM ducklake_delete_file ...); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "data_file_id" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_delete.deletions_cte
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2122 GetTableDeletions: inlined_dels CTE over ducklake_inlined_delete_T; derived | also: DL/storage/ducklake_metadata_manager.cpp:3267 ReadInlinedFileDeletionsForRange: table_deletions() / table_changes() with inlined file deletions; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.inlined_delete.read
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
COPY (SELECT "begin_snapshot", "file_id", "row_id" FROM "public"."ducklake_inlined_delete_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema_versions.by_table
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: ducklake_merge_adjacent_files / ducklake_rewrite_data_files / CHECKPOINT: snapshot_ranges CTE | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "schema_version" FROM "public"."ducklake_schema_versions" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.compaction_rewrite
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: ducklake_rewrite_data_files (end_snapshot IS NULL not pushed) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "data_file_id", "table_id", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "partition_id", "path", "path_is_relative", "file_size_bytes", "footer_size" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.compaction_rewrite_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: as data_file.compaction_rewrite on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "data_file_id", "table_id", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "partition_id", "path", "path_is_relative", "file_size_bytes", "footer_size", "encryption_key" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.compaction_merge
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: ducklake_merge_adjacent_files: file_size_bytes < max_file_size | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.data_file.compaction_merge_min_size
-- reach: ducklake
COPY (SELECT "begin_snapshot", "data_file_id", "table_id", "file_size_bytes", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "partition_id", "path", "path_is_relative", "footer_size" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.compaction_merge_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: ducklake_merge_adjacent_files on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "data_file_id", "table_id", "file_size_bytes", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "partition_id", "path", "path_is_relative", "footer_size", "encryption_key" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.compaction
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: compaction: LEFT JOIN (SELECT * FROM ducklake_delete_file WHERE table_id=t) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "delete_file_id", "begin_snapshot", "end_snapshot", "data_file_id", "path", "path_is_relative", "format", "delete_count", "file_size_bytes", "footer_size", "partial_max" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.compaction_encrypted
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: as delete_file.compaction on an ENCRYPTED lake; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "delete_file_id", "begin_snapshot", "end_snapshot", "data_file_id", "path", "path_is_relative", "format", "delete_count", "file_size_bytes", "footer_size", "encryption_key", "partial_max" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_partition_value.compaction
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2366 GetFilesForCompaction: compaction: ARRAY_AGG(partition_value ORDER BY partition_key_index) GROUP BY data_file_id
-- reach: ducklake
COPY (SELECT "data_file_id", "partition_value", "partition_key_index" FROM "public"."ducklake_file_partition_value" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_partition_value.bucket_pruning
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:1809 BuildBucketPartitionPruningClause: scan of a bucket()-partitioned table with an equality filter on the bucketed column (single value) | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.file_partition_value.bucket_pruning_in
-- reach: ducklake
COPY (SELECT "table_id", "partition_key_index", "partition_value", "data_file_id" FROM "public"."ducklake_file_partition_value" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.read
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3440 ReadInlinedData: scan of a table with inlined rows (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "_ducklake_end_snapshot", "id", "name", "_ducklake_row_id" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.migration_probe_limit0
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: MigrateInlinedColumnNames (DL/storage/ducklake_metadata_manager.cpp:470) and CheckInlinedDataReadError (:3388): SELECT * FROM ducklake_inlined_data_<t>_<v> LIMIT 0 to read the column names; unsure whether DuckDB plans LIMIT 0 as an empty result without scanning (then nothing is sent); derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(row_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, id INTEGER);
COPY (SELECT "row_id", "begin_snapshot", "end_snapshot", "id" FROM "public"."ducklake_inlined_data_1_1"  LIMIT 0) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.read_no_row_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3500 ReadInlinedDataAggregatesSql: aggregates answered from inlined data, or a projection not needing row_id (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "_ducklake_end_snapshot", "id", "name" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.read_row_id_only
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3440 ReadInlinedData: scan needing only row ids of inlined rows, e.g. DELETE / rowid projection; also the flush delete-position window query (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "_ducklake_end_snapshot", "_ducklake_row_id" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.count
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:539 GetNetInlinedRowCountSql: count(*) over inlined rows / snapshot visibility only (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "_ducklake_end_snapshot" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.insertions
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3455 ReadInlinedDataInsertions: table_insertions() / table_changes() over inlined rows (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "id", "name" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.insertions_row_id
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3455 ReadInlinedDataInsertions: as inlined_data.insertions when row_id is projected (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.inlined_data.flush
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", "id", "name", "_ducklake_row_id" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.deletions
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3470 ReadInlinedDataDeletions: table_deletions() / table_changes() over inlined rows (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_end_snapshot", "id", "name", "_ducklake_row_id" FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.flush_delete
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5107 DeleteFlushedInlinedData: flush: DuckDB DELETE FROM inlined WHERE begin_snapshot <= n, rows by ctid (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_begin_snapshot", ctid FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.delete_all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5643 DeleteInlinedData: DuckDB DELETE FROM inlined (no WHERE), rows by ctid (inlined data table ducklake_inlined_data_<table_id>_<schema_version>; the user columns (here id, name) follow the DuckLake table definition); derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT ctid FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data.count_star
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1867 DropEmptySupersededInlinedTables: commit after an ALTER: SELECT COUNT(*) FROM superseded inlined table (row-id placeholder NULL)
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT NULL FROM "public"."ducklake_inlined_data_1_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.latest
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2825 LatestInlinedTableQuery: first inlined INSERT into a table in a transaction | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "schema_version", "table_name" FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.latest_max
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:2825 LatestInlinedTableQuery: same query: MAX(schema_version) subquery | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.inlined_data_tables.superseded_max
-- reach: ducklake
COPY (SELECT "table_id", "schema_version" FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.superseded
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1842 DropEmptySupersededInlinedTables: commit after schema change: outer scan
-- reach: ducklake
COPY (SELECT "schema_version", "table_id", "table_name" FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.drop_entry
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1880 DropEmptySupersededInlinedTables: DELETE FROM ducklake_inlined_data_tables WHERE table_id=t AND schema_version=v, rows by ctid | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "schema_version", ctid FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.by_table_ids
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5482 ExpireSnapshots: expire of a dropped table: SELECT table_name FROM ducklake_inlined_data_tables WHERE table_id IN (...); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "table_name" FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_delete.exists_probe
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:3367 GetInlinedDeletionTableName: existence probe of ducklake_inlined_delete_<table_id> (reaches the server only when the table exists; otherwise the catalog lookup fails first); derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
COPY (SELECT NULL FROM "public"."ducklake_inlined_delete_1"  LIMIT 1) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_delete.flush
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/functions/ducklake_flush_inlined_data.cpp:434 (flush inlined file deletions): ducklake_flush_inlined_data: inlined deletions JOIN data_file LEFT JOIN delete_file; derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
COPY (SELECT "file_id", "row_id", "begin_snapshot" FROM "public"."ducklake_inlined_delete_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.flush_inlined_del
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/functions/ducklake_flush_inlined_data.cpp:434: same query, data_file side; derived
-- reach: ducklake
COPY (SELECT "data_file_id", "path", "path_is_relative" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.flush_inlined_del
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/functions/ducklake_flush_inlined_data.cpp:434: same query, existing delete files (SELECT * subquery); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "table_id", "begin_snapshot", "end_snapshot", "delete_file_id", "data_file_id", "path", "path_is_relative", "format", "encryption_key" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_delete.flush_delete
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/functions/ducklake_flush_inlined_data.cpp:579: flush: DELETE FROM ducklake_inlined_delete_<t> (no WHERE), rows by ctid; derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
COPY (SELECT ctid FROM "public"."ducklake_inlined_delete_1" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.conflict_check
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1815 GetFilesDeletedOrDroppedAfterSnapshot: commit retry after a conflict with deletes in the transaction; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "begin_snapshot", "data_file_id" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.conflict_check
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_transaction_state.cpp:1815 GetFilesDeletedOrDroppedAfterSnapshot: same query, data files (IS NOT NULL not pushed); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "end_snapshot", "data_file_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.expire_candidates
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: tables no longer referenced (outer scan; NOT EXISTS subqueries evaluated in DuckDB)
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", "table_id" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.expire_candidates_t2
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: correlated NOT EXISTS over ducklake_table t2
-- reach: ducklake
COPY (SELECT "table_id", "end_snapshot", "begin_snapshot" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.expire_candidates
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: data files no longer referenced
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", "data_file_id", "table_id", "path", "path_is_relative" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.expire_candidates_tables
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire after dropped tables became unreferenced: WHERE table_id IN (...) OR (...) (OR with NOT EXISTS not pushed; table_id bound first); derived
-- reach: ducklake
COPY (SELECT "table_id", "end_snapshot", "begin_snapshot", "data_file_id", "path", "path_is_relative" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.expire_candidates
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: delete files no longer referenced
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", "delete_file_id", "table_id", "path", "path_is_relative" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.expire_candidates_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: WHERE data_file_id IN (...) OR (...); derived
-- reach: ducklake
COPY (SELECT "data_file_id", "end_snapshot", "begin_snapshot", "delete_file_id", "table_id", "path", "path_is_relative" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.expire_candidates_tables_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: WHERE table_id IN (...) OR data_file_id IN (...) OR (...); derived
-- reach: ducklake
COPY (SELECT "table_id", "data_file_id", "end_snapshot", "begin_snapshot", "delete_file_id", "path", "path_is_relative" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.delete_by_file_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: DELETE FROM ducklake_data_file WHERE data_file_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.data_file.delete_by_file_dense, postgres.scan.data_file.delete_by_file_in
-- reach: ducklake
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_column_stats.delete_by_file_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: DELETE FROM ducklake_file_column_stats WHERE data_file_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.file_column_stats.delete_by_file_dense, postgres.scan.file_column_stats.delete_by_file_in
-- reach: ducklake
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_file_column_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_variant_stats.delete_by_file_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: DELETE FROM ducklake_file_variant_stats WHERE data_file_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.file_variant_stats.delete_by_file_dense, postgres.scan.file_variant_stats.delete_by_file_in
-- reach: ducklake
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_file_variant_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.file_partition_value.delete_by_file_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: DELETE FROM ducklake_file_partition_value WHERE data_file_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.file_partition_value.delete_by_file_dense, postgres.scan.file_partition_value.delete_by_file_in
-- reach: ducklake
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_file_partition_value" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.files_scheduled_for_deletion.delete_by_file_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5146 RemoveFilesScheduledForCleanup: ducklake_cleanup_old_files: DELETE FROM ducklake_files_scheduled_for_deletion WHERE data_file_id IN (...) (DL/storage/ducklake_metadata_manager.cpp:5146 RemoveFilesScheduledForCleanup) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.files_scheduled_for_deletion.delete_by_file_dense, postgres.scan.files_scheduled_for_deletion.delete_by_file_in
-- reach: ducklake
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_files_scheduled_for_deletion" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.delete_by_id_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5283 ExpireSnapshots: expire: DELETE FROM ducklake_delete_file WHERE delete_file_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.delete_file.delete_by_id_dense, postgres.scan.delete_file.delete_by_id_in
-- reach: ducklake
COPY (SELECT "delete_file_id", ctid FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_table WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.table.delete_by_table_dense, postgres.scan.table.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table_stats.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_table_stats WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.table_stats.delete_by_table_dense, postgres.scan.table_stats.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_table_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table_column_stats.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_table_column_stats WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.table_column_stats.delete_by_table_dense, postgres.scan.table_column_stats.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_table_column_stats" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.partition_info.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_partition_info WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.partition_info.delete_by_table_dense, postgres.scan.partition_info.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_partition_info" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.partition_column.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_partition_column WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.partition_column.delete_by_table_dense, postgres.scan.partition_column.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_partition_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_column WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.column.delete_by_table_dense, postgres.scan.column.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column_tag.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_column_tag WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.column_tag.delete_by_table_dense, postgres.scan.column_tag.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_column_tag" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.sort_info.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_sort_info WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.sort_info.delete_by_table_dense, postgres.scan.sort_info.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_sort_info" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.sort_expression.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_sort_expression WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.sort_expression.delete_by_table_dense, postgres.scan.sort_expression.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_sort_expression" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema_versions.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_schema_versions WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.schema_versions.delete_by_table_dense, postgres.scan.schema_versions.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_schema_versions" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.inlined_data_tables.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_inlined_data_tables WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.inlined_data_tables.delete_by_table_dense, postgres.scan.inlined_data_tables.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_inlined_data_tables" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column_mapping.delete_by_table_one
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire after a dropped table became unreferenced: DELETE FROM ducklake_column_mapping WHERE table_id IN (...) -> rows by ctid; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB | same 2.0 text also stands for the 1.5.5 templates postgres.scan.column_mapping.delete_by_table_dense, postgres.scan.column_mapping.delete_by_table_in
-- reach: ducklake
COPY (SELECT "table_id", ctid FROM "public"."ducklake_column_mapping" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema.expire_delete_unreferenced
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire: DELETE FROM ducklake_schema WHERE end_snapshot IS NOT NULL AND NOT EXISTS(...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", ctid FROM "public"."ducklake_schema" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.view.expire_delete_unreferenced
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire: DELETE FROM ducklake_view WHERE end_snapshot IS NOT NULL AND NOT EXISTS(...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", ctid FROM "public"."ducklake_view" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.tag.expire_delete_unreferenced
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire: DELETE FROM ducklake_tag WHERE end_snapshot IS NOT NULL AND NOT EXISTS(...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", ctid FROM "public"."ducklake_tag" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro.expire_delete_unreferenced
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5529 ExpireSnapshots: expire: DELETE FROM ducklake_macro WHERE end_snapshot IS NOT NULL AND NOT EXISTS(...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", ctid FROM "public"."ducklake_macro" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro.ids
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5545 ExpireSnapshots: expire: NOT EXISTS (SELECT 1 FROM ducklake_macro m WHERE m.macro_id = tbl.macro_id)
-- reach: ducklake
COPY (SELECT "macro_id" FROM "public"."ducklake_macro" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro_impl.expire_delete_orphans
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5545 ExpireSnapshots: expire: DELETE FROM ducklake_macro_impl tbl WHERE NOT EXISTS (...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "macro_id", ctid FROM "public"."ducklake_macro_impl" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.macro_parameters.expire_delete_orphans
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5545 ExpireSnapshots: expire: DELETE FROM ducklake_macro_parameters tbl WHERE NOT EXISTS (...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "macro_id", ctid FROM "public"."ducklake_macro_parameters" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column_mapping.ids
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5575 ExpireSnapshots: expire: NOT EXISTS over ducklake_column_mapping
-- reach: ducklake
COPY (SELECT "mapping_id" FROM "public"."ducklake_column_mapping" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.name_mapping.expire_delete_orphans
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5575 ExpireSnapshots: expire: DELETE FROM ducklake_name_mapping tbl WHERE NOT EXISTS (...) -> rows by ctid
-- reach: ducklake
COPY (SELECT "mapping_id", ctid FROM "public"."ducklake_name_mapping" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.files_scheduled.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5005 GetOldFilesForCleanup: ducklake_cleanup_old_files(cleanup_all => true)
-- reach: ducklake
COPY (SELECT "data_file_id", "path", "path_is_relative", "schedule_start" FROM "public"."ducklake_files_scheduled_for_deletion" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.files_scheduled.older_than
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5005 GetOldFilesForCleanup (filter from DL/functions/ducklake_cleanup_files.cpp:24): ducklake_cleanup_old_files(older_than => ts) / delete_older_than option; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: ducklake
COPY (SELECT "schedule_start", "data_file_id", "path", "path_is_relative" FROM "public"."ducklake_files_scheduled_for_deletion" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.known_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5029 GetKnownFilesForCleanupQuery: ducklake_delete_orphaned_files: known files UNION ALL
-- reach: ducklake
COPY (SELECT "path", "path_is_relative", "table_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.delete_file.known_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5029 GetKnownFilesForCleanupQuery: ducklake_delete_orphaned_files
-- reach: ducklake
COPY (SELECT "path", "path_is_relative", "table_id" FROM "public"."ducklake_delete_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.files_scheduled.known_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5029 GetKnownFilesForCleanupQuery: ducklake_delete_orphaned_files
-- reach: ducklake
COPY (SELECT "path_is_relative", "path" FROM "public"."ducklake_files_scheduled_for_deletion" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.known_files
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:5029 GetKnownFilesForCleanupQuery: ducklake_delete_orphaned_files: JOIN ducklake_table
-- reach: ducklake
COPY (SELECT "table_id", "schema_id", "path", "path_is_relative" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column_mapping.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4339 GetColumnMappings: loading name mappings (ducklake_add_data_files tables, reading files with mapping_id) | same 2.0 text also stands for the 1.5.5 templates postgres.scan.column_mapping.from
-- reach: ducklake
COPY (SELECT "mapping_id", "table_id", "type" FROM "public"."ducklake_column_mapping" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.name_mapping.all
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DL/storage/ducklake_metadata_manager.cpp:4339 GetColumnMappings: same query, JOIN ducklake_name_mapping USING (mapping_id) | same 2.0 text also stands for the 1.5.5 templates postgres.scan.name_mapping.from
-- reach: ducklake
COPY (SELECT "mapping_id", "column_id", "source_name", "target_field_id", "parent_column", "is_partition" FROM "public"."ducklake_name_mapping" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.ctid_range_single_task
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:284 PostgresInitInternal: generic form: any scan when the catalog reported relpages > 0 for the table (real PostgreSQL after VACUUM/ANALYZE), server major >= 14, pg_use_ctid_scan on, no LIMIT pushed; fewer than pg_pages_per_task (1000) pages -> one task up to 4294967295; derived
-- reach: generic
-- why: ctid-range scans need relpages > 0 (PG/postgres_scanner.cpp:112 PrepareBind); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog without ctid ranges
COPY (SELECT "key", "value", "scope", "scope_id" FROM "public"."ducklake_metadata" WHERE ctid BETWEEN '(0,0)'::tid AND '(4294967295,0)'::tid) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.ctid_range_with_filter
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:284 PostgresInitInternal: generic form: as generic.ctid_range_single_task with pushed filters appended after " AND "; with >= 1000 pages one query per 1000-page task, executed one after another; derived
-- reach: generic
-- why: ctid-range scans need relpages > 0 (PG/postgres_scanner.cpp:112 PrepareBind); RockLake's pg_class reports relpages 0 for every relation, so DuckDB scans a RockLake catalog without ctid ranges
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE ctid BETWEEN '(0,0)'::tid AND '(1000,0)'::tid AND "snapshot_id" = 0) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.text_protocol
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:315 PostgresInitInternal: generic form: SET pg_use_text_protocol=true (or a version() string containing Redshift): plain SELECT with text results, note the space before ;; derived
-- reach: generic
-- why: only with SET pg_use_text_protocol=true or a Redshift version string; DuckLake never sets it, and PostgreSQL 15 is not Redshift
SELECT "key", "value", "scope", "scope_id" FROM "public"."ducklake_metadata" ;

-- template: postgres.scan.generic.text_protocol_filter
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:315 PostgresInitInternal: generic form: text protocol with pushed filters; derived
-- reach: generic
-- why: only with SET pg_use_text_protocol=true or a Redshift version string; DuckLake never sets it, and PostgreSQL 15 is not Redshift
SELECT "table_id", "record_count", "file_size_bytes", "next_row_id" FROM "public"."ducklake_table_stats" WHERE "table_id" = 1;

-- template: postgres.scan.generic.text_protocol_limit
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:315 PostgresInitInternal: generic form: text protocol MetadataExists probe; derived
-- reach: generic
-- why: only with SET pg_use_text_protocol=true or a Redshift version string; DuckLake never sets it, and PostgreSQL 15 is not Redshift
SELECT NULL FROM "public"."ducklake_metadata"  LIMIT 1;

-- template: postgres.scan.generic.cast_to_varchar
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_scanner.cpp:257 PostgresInitInternal: generic form: column of a type the extension does not understand (e.g. a server reporting typname "name" or a domain) is cast to VARCHAR; ::VARCHAR[] for arrays of such types; derived
-- reach: generic
-- why: only for a column type the extension cannot read natively; DuckLake's tables use BIGINT, VARCHAR, BOOLEAN, UUID and TIMESTAMPTZ, and its inlined tables only types PostgresMetadataManager::TypeIsNativelySupported admits (others become VARCHAR)
COPY (SELECT "nspname"::VARCHAR FROM "pg_catalog"."pg_namespace" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.limit_offset
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/storage/postgres_optimizer.cpp:62 OptimizePostgresScanLimitPushdown: generic form: LIMIT with OFFSET directly above a scan; derived
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot"  LIMIT 10 OFFSET 5) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.filter_limit
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/storage/postgres_optimizer.cpp:59 OptimizePostgresScanLimitPushdown: generic form: pushed filter plus LIMIT; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE "snapshot_id" >= 0 LIMIT 1) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.offset_only
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/storage/postgres_optimizer.cpp:62 OptimizePostgresScanLimitPushdown: generic form: OFFSET without LIMIT; derived
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot"  OFFSET 5) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.join_filter_single
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DDB/execution/operator/join/physical_hash_join.cpp:859 JoinFilterPushdownInfo::FinalizeFilters: generic form: dynamic join filter from a hash-join build side with one distinct key (never observed: multi-scan plans materialize PG scans before the build side finishes); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "partition_id", "partition_key_index", "column_id", "transform" FROM "public"."ducklake_partition_column" WHERE "partition_id" = 1) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.join_filter_range
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DDB/execution/operator/join/physical_hash_join.cpp:870 JoinFilterPushdownInfo::FinalizeFilters: generic form: dynamic join min/max filter (never observed); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "partition_id", "partition_key_index", "column_id", "transform" FROM "public"."ducklake_partition_column" WHERE ("partition_id" >= 1 AND "partition_id" <= 2)) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.join_filter_in_range
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DDB/execution/operator/join/physical_hash_join.cpp:720 JoinFilterPushdownInfo::PushInFilter: generic form: dynamic join IN filter (2..dynamic_or_filter_threshold non-dense keys) plus min/max (never observed); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "partition_id", "partition_key_index", "column_id", "transform" FROM "public"."ducklake_partition_column" WHERE ("partition_id" IN (1, 4) AND "partition_id" >= 1 AND "partition_id" <= 4)) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.is_null_or_topn
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DDB/optimizer/topn_optimizer.cpp:124 TopN::PushdownDynamicFilters: generic form: ORDER BY c NULLS FIRST LIMIT n on an integral/varchar column: OR(IS NULL, dynamic) -> only the IS NULL part is rendered; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE ("snapshot_id" IS NULL)) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.is_not_null
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:91 TransformFilter: generic form: IS NOT NULL table filter (from statistics propagation or x IS DISTINCT FROM NULL in an OR); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE "snapshot_id" IS NOT NULL) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.or_filter
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:98 TransformFilter: generic form: OR of comparisons with constants on one column (x = 1 OR x = 3, x < 1 OR x > 5); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE ("snapshot_id" = 1 OR "snapshot_id" = 3)) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.not_equal
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:30 TransformComparison: generic form: <> constant; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "schema_version", "next_catalog_id", "next_file_id" FROM "public"."ducklake_snapshot" WHERE "snapshot_id" != 0) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.varchar_range_like
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: DDB/optimizer/filter_combiner.cpp:491 TryPushdownLikeFilter: generic form: col LIKE 'prefix%' -> >= prefix AND < prefix+1 (both with COLLATE "C"); LIKE without wildcards -> = ; prefix() likewise; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "key", "value" FROM "public"."ducklake_metadata" WHERE ("key" >= 'data' COLLATE "C" AND "key" < 'datb' COLLATE "C")) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.varchar_in
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:114 TransformFilter: generic form: VARCHAR IN list (no COLLATE inside IN); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "key", "value" FROM "public"."ducklake_metadata" WHERE "key" IN ('version', 'data_path')) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.bool_constant
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:62 TransformLiteral: generic form: BOOLEAN constant; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "schema_id", "path_is_relative" FROM "public"."ducklake_schema" WHERE "path_is_relative" = true) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.timestamptz_constant
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:62 TransformLiteral: generic form: TIMESTAMP WITH TIME ZONE constant (Value::ToString); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", "snapshot_time" FROM "public"."ducklake_snapshot" WHERE "snapshot_time" >= '2026-01-01 00:00:00+00') TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.uuid_in
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:114 TransformFilter: generic form: UUID IN list; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "schema_id", "schema_uuid" FROM "public"."ducklake_schema" WHERE "schema_uuid" IN ('01a227ce-915e-7812-a320-b1c42da7f294', '01a227ce-915e-7812-a320-b1c42da7f295')) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.blob_constant
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:44 TransformBlob: generic form: BLOB constant rendered as '\x..'::BYTEA (no quotes doubling needed); derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_data_1_1(_ducklake_row_id BIGINT, _ducklake_begin_snapshot BIGINT, _ducklake_end_snapshot BIGINT, id INTEGER, name BYTEA);
COPY (SELECT "_ducklake_row_id", "name" FROM "public"."ducklake_inlined_data_1_1" WHERE "name" = '\x6A6F686E'::BYTEA) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.generic.rowid_constant
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: PG/postgres_filter_pushdown.cpp:31 TransformConstantFilter: generic form: constant filter on the rowid/ctid virtual column renders FALSE; derived | 2.0: sent without the pushed WHERE (and without a LIMIT above that filter): DuckLake disables pg_experimental_filter_pushdown on its metadata connection (DL/storage/ducklake_transaction.cpp:823), the filter runs in DuckDB
-- reach: generic
-- why: DuckLake sets pg_experimental_filter_pushdown=false on its metadata connection (DL/storage/ducklake_transaction.cpp:823), so no DuckLake scan carries a pushed WHERE; a filtered scan of a metadata table comes only from a user querying the metadata catalog directly
COPY (SELECT "snapshot_id", ctid FROM "public"."ducklake_snapshot" WHERE FALSE) TO STDOUT (FORMAT "binary");

-- template: postgres.dml.delete_ctid.ducklake_snapshot_changes
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_snapshot_changes (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_snapshot_changes WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_files_scheduled_for_deletion
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_files_scheduled_for_deletion (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table
-- reach: ducklake
DELETE FROM "public".ducklake_files_scheduled_for_deletion WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_inlined_data_tables
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_inlined_data_tables (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table
-- reach: ducklake
DELETE FROM "public".ducklake_inlined_data_tables WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_data_file
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_data_file (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_data_file WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_file_column_stats
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_file_column_stats (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_file_column_stats WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_file_variant_stats
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_file_variant_stats (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_file_variant_stats WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_file_partition_value
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_file_partition_value (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_file_partition_value WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_delete_file
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_delete_file (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_delete_file WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_table
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_table (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_table WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_table_stats
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_table_stats (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_table_stats WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_table_column_stats
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_table_column_stats (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_table_column_stats WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_partition_info
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_partition_info (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_partition_info WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_partition_column
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_partition_column (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_partition_column WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_column
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_column (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_column WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_column_tag
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_column_tag (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_column_tag WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_sort_info
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_sort_info (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_sort_info WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_sort_expression
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_sort_expression (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_sort_expression WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_schema_versions
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_schema_versions (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_schema_versions WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_column_mapping
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_column_mapping (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_column_mapping WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_schema
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_schema (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_schema WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_view
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_view (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_view WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_tag
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_tag (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_tag WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_macro
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_macro (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_macro WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_macro_impl
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_macro_impl (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_macro_impl WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_macro_parameters
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_macro_parameters (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_macro_parameters WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_name_mapping
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: DuckDB DELETE on ducklake_name_mapping (expire_snapshots / cleanup_old_files / DropEmptySupersededInlinedTables), after a ctid scan of the same table; derived
-- reach: ducklake
DELETE FROM "public".ducklake_name_mapping WHERE ctid IN ('(0,1)');

-- template: postgres.dml.delete_ctid.ducklake_inlined_delete_T
-- source: PG/storage/postgres_delete.cpp:27 GetDeleteSQL (PostgresDeleteGlobalState::Flush)
-- when: flush_inlined_data: DELETE FROM ducklake_inlined_delete_<table_id> after postgres.scan.inlined_delete.flush_delete; derived
-- reach: ducklake
-- given: CREATE TABLE IF NOT EXISTS "public".ducklake_inlined_delete_1(file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT);
DELETE FROM "public".ducklake_inlined_delete_1 WHERE ctid IN ('(0,1)','(0,2)');

-- template: postgres.dml.update_temp_table.ducklake_partition_column
-- source: PG/storage/postgres_update.cpp:51 CreateUpdateTable
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:327 MigrateV01 UPDATE ducklake_partition_column SET column_id = ...; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("column_id" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;

-- template: postgres.dml.update_from_temp.ducklake_partition_column
-- source: PG/storage/postgres_update.cpp:67 GetUpdateSQL
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:327 MigrateV01 UPDATE ducklake_partition_column SET column_id = ...; after the temp-table TEXT COPY; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("column_id" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;
UPDATE "public"."ducklake_partition_column" SET "column_id" = "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"."column_id" FROM "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678" WHERE "ducklake_partition_column".ctid=__page_id_string::TID;

-- template: postgres.dml.update_temp_table.ducklake_data_file
-- source: PG/storage/postgres_update.cpp:51 CreateUpdateTable
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:391 MigrateV03 UPDATE ducklake_data_file AS df SET partial_max = m.partial_max FROM ...; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("partial_max" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;

-- template: postgres.dml.update_from_temp.ducklake_data_file
-- source: PG/storage/postgres_update.cpp:67 GetUpdateSQL
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:391 MigrateV03 UPDATE ducklake_data_file AS df SET partial_max = m.partial_max FROM ...; after the temp-table TEXT COPY; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("partial_max" BIGINT, __page_id_string VARCHAR) ON COMMIT DROP;
UPDATE "public"."ducklake_data_file" SET "partial_max" = "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"."partial_max" FROM "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678" WHERE "ducklake_data_file".ctid=__page_id_string::TID;

-- template: postgres.dml.update_temp_table.ducklake_column
-- source: PG/storage/postgres_update.cpp:51 CreateUpdateTable
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:378 MigrateV03 UPDATE ducklake_column SET default_value_type = 'literal' WHERE default_value_type IS NULL; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("default_value_type" VARCHAR, __page_id_string VARCHAR) ON COMMIT DROP;

-- template: postgres.dml.update_from_temp.ducklake_column
-- source: PG/storage/postgres_update.cpp:67 GetUpdateSQL
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:378 MigrateV03 UPDATE ducklake_column SET default_value_type = 'literal' WHERE default_value_type IS NULL; after the temp-table TEXT COPY; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: CREATE LOCAL TEMPORARY TABLE "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"("default_value_type" VARCHAR, __page_id_string VARCHAR) ON COMMIT DROP;
UPDATE "public"."ducklake_column" SET "default_value_type" = "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678"."default_value_type" FROM "update_data_3f1e2d4c-5b6a-4789-9abc-def012345678" WHERE "ducklake_column".ctid=__page_id_string::TID;

-- template: postgres.scan.partition_column.migration_update
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:327 MigrateV01: UPDATE ducklake_partition_column SET column_id = (SELECT LIST(...) ... WHERE table_id = ducklake_partition_column.table_id ...)[column_id + 1]: target rows; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "table_id", "column_id", ctid FROM "public"."ducklake_partition_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.column.migration_update_default_type
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:378 MigrateV03: UPDATE ducklake_column SET default_value_type = ... WHERE default_value_type IS NULL (IS NULL not pushed); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "default_value_type", ctid FROM "public"."ducklake_column" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.migration_update_partial_max
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:391 MigrateV03: UPDATE ducklake_data_file AS df SET partial_max = m.partial_max FROM temp m WHERE df.data_file_id = m.data_file_id (temp table lives in DuckDB); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "data_file_id", ctid FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.data_file.migration_partial_file_info
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:386 MigrateV03: CREATE TEMP TABLE ... AS SELECT data_file_id, TRY_CAST(regexp_extract(partial_file_info ...)) FROM ducklake_data_file WHERE partial_file_info IS NOT NULL AND LIKE (only on a pre-0.4 catalog that has the column); derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
-- given: ALTER TABLE "public"."ducklake_data_file" ADD COLUMN "partial_file_info" VARCHAR;
COPY (SELECT "partial_file_info", "data_file_id" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema_versions.migration
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:401 MigrateV03: INSERT INTO ducklake_schema_versions (...) SELECT ... FROM ducklake_schema_versions sv JOIN ducklake_table t ON ... WHERE sv.table_id IS NULL; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "begin_snapshot", "table_id", "schema_version" FROM "public"."ducklake_schema_versions" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.table.migration
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:401 MigrateV03: same query, ducklake_table side; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "begin_snapshot", "end_snapshot", "table_id" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.schema_versions.migration_delete
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:416 MigrateV03: DELETE FROM ducklake_schema_versions WHERE table_id IS NULL -> rows by ctid; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "table_id", ctid FROM "public"."ducklake_schema_versions" ) TO STDOUT (FORMAT "binary");

-- template: postgres.scan.snapshot.migration_v02
-- source: PG/postgres_scanner.cpp:303 PostgresInitInternal (ORDER BY/LIMIT: PG/storage/postgres_optimizer.cpp:68 -> database-connector 7777dac8 src/optimizer/order_by_and_limit_optimizer.cpp; filters: PG/postgres_filter_pushdown.cpp:24 TransformFilters -> database-connector src/table_scan/filter_pushdown.cpp, disabled for DuckLake by DL/storage/ducklake_transaction.cpp:823)
-- when: migration from an older DuckLake catalog version (AUTOMATIC_MIGRATION), DL/storage/ducklake_metadata_manager.cpp:364 MigrateV02: INSERT INTO ducklake_schema_versions SELECT MIN(snapshot_id), schema_version FROM ducklake_snapshot GROUP BY schema_version; derived
-- reach: generic
-- why: migration of a catalog older than DuckLake 1.0 (DL/storage/ducklake_metadata_manager.cpp:318-345 MigrateV01-V04, run by LoadExistingDuckLake only when ducklake_metadata's version is older); DuckDB 1.5.5 creates version 1.0 catalogs, and a RockLake catalog holds only DuckLake 1.0's tables, so it is never migrated
COPY (SELECT "schema_version", "snapshot_id" FROM "public"."ducklake_snapshot" ) TO STDOUT (FORMAT "binary");

-- ---- Reads the 2.0 development line's captures hold and the reading of the source above missed ----
-- Each was first seen in conformance/corpus/duckdb-2.0-dev-2026-08 (scenario, seq); its source is the scan DuckDB
-- builds for the projection DuckLake asks of a metadata table (PG/postgres_scanner.cpp, COPY (SELECT ...) TO STDOUT),
-- or, for the ctid range, a parallel scan of a table PostgreSQL reported pages for (relpages > 0, after autovacuum).

-- template: captured.01_basic.4640
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/01_basic seq 4640 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 01_basic seq 4640)
-- reach: ducklake
COPY (SELECT "view_id", "begin_snapshot", "end_snapshot", "column_name", "key", "value" FROM "public"."ducklake_view_column_tag" ) TO STDOUT (FORMAT "binary");

-- template: captured.03_dml_timetravel.5715.parse
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/03_dml_timetravel seq 5715 (P message)
-- when: DuckLake reads this projection of a metadata table (Parse of 03_dml_timetravel seq 5715)
-- reach: ducklake
SELECT data_file_id, min_value, value_count, max_value      FROM "public".ducklake_file_column_stats      WHERE column_id = 1 AND table_id = 1;

-- template: captured.03_dml_timetravel.5724
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/03_dml_timetravel seq 5724 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 03_dml_timetravel seq 5724)
-- reach: ducklake
COPY (SELECT "data_file_id", "min_value", "value_count", "max_value" FROM (SELECT data_file_id, min_value, value_count, max_value      FROM "public".ducklake_file_column_stats      WHERE column_id = 1 AND table_id = 1) AS __unnamed_subquery ) TO STDOUT (FORMAT "binary");

-- template: captured.05_maintenance.5334
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/05_maintenance seq 5334 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 05_maintenance seq 5334)
-- reach: ducklake
COPY (SELECT "begin_snapshot", "partition_id", "table_id", "data_file_id", "file_size_bytes", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "path", "path_is_relative", "footer_size" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: captured.05_maintenance.5350
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/05_maintenance seq 5350 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 05_maintenance seq 5350)
-- reach: ducklake
COPY (SELECT "partition_id", "table_id", "end_snapshot", "begin_snapshot" FROM "public"."ducklake_partition_info" ) TO STDOUT (FORMAT "binary");

-- template: captured.05_maintenance.5453
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/05_maintenance seq 5453 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 05_maintenance seq 5453)
-- reach: ducklake
COPY (SELECT "begin_snapshot", "partition_id", "table_id", "data_file_id", "end_snapshot", "record_count", "row_id_start", "mapping_id", "partial_max", "path", "path_is_relative", "file_size_bytes", "footer_size" FROM "public"."ducklake_data_file" ) TO STDOUT (FORMAT "binary");

-- template: captured.05_maintenance.5877
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/05_maintenance seq 5877 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 05_maintenance seq 5877)
-- reach: ducklake
COPY (SELECT "end_snapshot", "begin_snapshot", ctid FROM "public"."ducklake_view_column_tag" ) TO STDOUT (FORMAT "binary");

-- template: captured.05_maintenance.5961
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/05_maintenance seq 5961 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in 05_maintenance seq 5961)
-- reach: ducklake
COPY (SELECT "mapping_id" FROM "public"."ducklake_name_mapping" ) TO STDOUT (FORMAT "binary");

-- template: captured.08_types_views.12454
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/08_types_views seq 12454 (Q message)
-- when: a scan of a metadata table PostgreSQL reports pages for: one ctid range covering the table (PG/postgres_scanner.cpp PostgresInitGlobalState, relpages > 0)
-- reach: ducklake
COPY (SELECT "table_id", "column_id", "contains_null", "contains_nan", "min_value", "max_value", "extra_stats" FROM "public"."ducklake_table_column_stats" WHERE ctid BETWEEN '(0,0)'::tid AND '(4294967295,0)'::tid) TO STDOUT (FORMAT "binary");

-- template: captured.m4_v2dev_migrates.4728
-- source: conformance/corpus/duckdb-2.0-dev-2026-08/m4_v2dev_migrates seq 4728 (Q message)
-- when: DuckLake reads this projection of a metadata table (scan in m4_v2dev_migrates seq 4728)
-- reach: ducklake
COPY (SELECT "table_id", "end_snapshot", "table_name" FROM "public"."ducklake_table" ) TO STDOUT (FORMAT "binary");
