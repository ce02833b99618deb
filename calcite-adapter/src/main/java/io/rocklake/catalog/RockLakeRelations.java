package io.rocklake.catalog;

import static io.rocklake.catalog.Relations.define;

import java.util.List;

/**
 * RockLake's four relations about the catalog itself (docs/catalog.md). They live in the
 * {@code rocklake} schema and are written only by RockLake, inside the commit they describe.
 */
public final class RockLakeRelations {
  public static final String SCHEMA = "rocklake";
  private static final RelationDef.Kind K = RelationDef.Kind.ROCKLAKE;

  /** One row per catalog commit. */
  public static final RelationDef COMMIT = define(29, SCHEMA, "rocklake_commit", K, List.of("commit_id"),
      "commit_id BIGINT NOT NULL", "snapshot_id BIGINT", "writer_epoch BIGINT NOT NULL",
      "commit_time TIMESTAMP WITH TIME ZONE NOT NULL", "user_name VARCHAR", "application_name VARCHAR",
      "statements BIGINT NOT NULL", "facts BIGINT NOT NULL");

  /** The relations created at run time, with their columns; a drop is a deletion fact. */
  public static final RelationDef RELATION = define(30, SCHEMA, "rocklake_relation", K, List.of("relation_id"),
      "relation_id BIGINT NOT NULL", "schema_name VARCHAR NOT NULL", "relation_name VARCHAR NOT NULL",
      "kind VARCHAR NOT NULL", "columns VARCHAR NOT NULL", "primary_key VARCHAR");

  /** Every raise of the visibility floor: who, when, why. */
  public static final RelationDef RETENTION = define(31, SCHEMA, "rocklake_retention", K, List.of("commit_id"),
      "commit_id BIGINT NOT NULL", "floor_commit BIGINT NOT NULL", "raised_by VARCHAR", "reason VARCHAR",
      "raised_at TIMESTAMP WITH TIME ZONE NOT NULL");

  /** The audit of every physical deletion, written before the deletion starts. */
  public static final RelationDef EXCISION = define(32, SCHEMA, "rocklake_excision", K, List.of("excision_id"),
      "excision_id BIGINT NOT NULL", "floor_commit BIGINT NOT NULL", "facts_to_remove BIGINT NOT NULL",
      "requested_by VARCHAR", "reason VARCHAR", "requested_at TIMESTAMP WITH TIME ZONE NOT NULL");

  public static final List<RelationDef> ALL = List.of(COMMIT, RELATION, RETENTION, EXCISION);

  private RockLakeRelations() {}
}
