package io.rocklake.conformance.compare;

import io.rocklake.conformance.sql.TableSchemas;
import io.rocklake.pgwire.types.Tid;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Everything the comparator learns while one scenario replays: the value mappings (OIDs, times,
 * row locators), which namespace OIDs are PostgreSQL's own on each side, the tables' column types
 * and each connection's last described statement.
 */
public final class ScenarioState {
  final ConsistentMapping<Long> objectIds = new ConsistentMapping<>("object OID");
  final OrderPreservingMapping<Instant> serverTimes = new OrderPreservingMapping<>("server timestamp");
  final ConsistentMapping<Tid> rowLocators = new ConsistentMapping<>("ctid");
  final Set<Long> expectedSystemNamespaces = new HashSet<>();
  final Set<Long> actualSystemNamespaces = new HashSet<>();
  final TableSchemas schemas = new TableSchemas();
  /** Per connection: the column types of the last Describe, by column name. */
  final Map<Integer, Map<String, Integer>> describedTypes = new HashMap<>();

  /** PostgreSQL's own namespaces, whose rows the catalog-reflection queries return but DuckDB ignores. */
  static boolean isSystemNamespace(String nspname) {
    return nspname.equals("pg_catalog") || nspname.equals("information_schema")
        || nspname.startsWith("pg_toast") || nspname.startsWith("pg_temp_");
  }

  public TableSchemas schemas() {
    return schemas;
  }

  /** How many distinct values each mapping has paired so far; for reports and tests. */
  public String mappingSummary() {
    return "oids=" + objectIds.size() + " times=" + serverTimes.size() + " ctids=" + rowLocators.size();
  }
}
