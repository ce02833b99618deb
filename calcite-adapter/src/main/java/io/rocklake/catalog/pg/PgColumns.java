package io.rocklake.catalog.pg;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * PostgreSQL 15's own description of its catalog columns (relation OID, attnum, type OID), so that a
 * column read from RockLake's derived {@code pg_catalog} is described in RowDescription exactly as
 * PostgreSQL describes it. The table is read from {@code pg15-columns.txt}.
 */
public final class PgColumns {
  /** One column of a PostgreSQL catalog relation. */
  public record PgColumn(long relationOid, short attnum, int typeOid) {}

  private static final Map<String, PgColumn> COLUMNS = load();

  private PgColumns() {}

  public static Optional<PgColumn> of(String relation, String column) {
    return Optional.ofNullable(COLUMNS.get(relation + "." + column));
  }

  /** PostgreSQL 15's OID of one of its catalog relations ({@code pg_class} is 1259), if listed. */
  public static Optional<Long> relationOid(String relation) {
    return Optional.ofNullable(RELATIONS.get(relation));
  }

  /** Whether an OID is one of PostgreSQL 15's catalog relations listed here. */
  public static boolean isRelationOid(long oid) {
    return RELATIONS.containsValue(oid);
  }

  private static final Map<String, Long> RELATIONS = relations();

  private static Map<String, Long> relations() {
    Map<String, Long> out = new HashMap<>();
    COLUMNS.forEach((key, c) -> out.put(key.substring(0, key.indexOf('.')), c.relationOid()));
    return Map.copyOf(out);
  }

  private static Map<String, PgColumn> load() {
    Map<String, PgColumn> out = new HashMap<>();
    try (InputStream in = PgColumns.class.getResourceAsStream("pg15-columns.txt");
         BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        String[] f = line.split(" ");
        out.put(f[0] + "." + f[2], new PgColumn(Long.parseLong(f[1]), Short.parseShort(f[3]), Integer.parseInt(f[4])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.copyOf(out);
  }
}
