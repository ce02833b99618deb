package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.sql.ast.SqlSetParameter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A session's run-time settings: what it SET, over the values SHOW reports when it has not.
 * transaction_read_only is not one of them: it is the transaction block's access mode.
 */
final class Settings {
  static final String DEFAULT_READ_ONLY = "default_transaction_read_only";
  static final String TRANSACTION_READ_ONLY = "transaction_read_only";
  /** The DuckLake snapshot the lake database's tables are read at; unset, the latest. */
  static final String SNAPSHOT_ID = "rocklake.snapshot_id";

  private static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry("server_version", "15.0"),
      Map.entry("server_version_num", "150000"),
      Map.entry("server_encoding", "UTF8"),
      Map.entry("client_encoding", "UTF8"),
      Map.entry("standard_conforming_strings", "on"),
      Map.entry("integer_datetimes", "on"),
      Map.entry("datestyle", "ISO, MDY"),
      Map.entry("intervalstyle", "postgres"),
      Map.entry("timezone", "UTC"),
      Map.entry("search_path", "\"$user\", public"),
      Map.entry("transaction_isolation", "repeatable read"),
      Map.entry(DEFAULT_READ_ONLY, "off"),
      Map.entry("max_identifier_length", "63"),
      Map.entry("statement_timeout", "0"),
      Map.entry("application_name", ""));

  private final Map<String, String> values = new LinkedHashMap<>();

  /** A parameter's name as settings are keyed: PostgreSQL's names are case-insensitive. */
  static String name(SqlIdentifier name) {
    return name.toString().toLowerCase(Locale.ROOT);
  }

  /** {@code SET name TO DEFAULT}. */
  static boolean toDefault(SqlSetParameter set) {
    return set.values().size() == 1 && set.values().get(0).getKind() == SqlKind.DEFAULT;
  }

  /** The Boolean a SET of a Boolean parameter gives: one argument, read as PostgreSQL reads it. */
  static boolean booleanValue(String name, SqlSetParameter set) {
    if (set.values().size() != 1) {
      throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "SET " + name + " takes only one argument");
    }
    return BooleanSetting.parse(name, text(set));
  }

  /** SET name TO value[, value...] of a parameter kept here. */
  void set(String name, SqlSetParameter set) {
    String value = name.equals(DEFAULT_READ_ONLY) ? BooleanSetting.show(booleanValue(name, set)) : text(set);
    if (name.equals(SNAPSHOT_ID)) {
      snapshotId(value);
    }
    values.put(name, value);
  }

  /** The pinned snapshot, or null for the latest. */
  Long snapshotId() {
    String v = values.get(SNAPSHOT_ID);
    return v == null ? null : snapshotId(v);
  }

  private static long snapshotId(String text) {
    try {
      long id = Long.parseLong(text.trim());
      if (id >= 0) {
        return id;
      }
    } catch (NumberFormatException notANumber) {
      // refused below
    }
    throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "invalid value for parameter \"" + SNAPSHOT_ID
        + "\": \"" + text + "\" (a DuckLake snapshot_id: a non-negative integer)");
  }

  /** SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY | READ WRITE. */
  void setDefaultReadOnly(boolean on) {
    values.put(DEFAULT_READ_ONLY, BooleanSetting.show(on));
  }

  /** What a transaction begun now is: SET SESSION CHARACTERISTICS or default_transaction_read_only. */
  boolean defaultReadOnly() {
    return "on".equals(values.get(DEFAULT_READ_ONLY));
  }

  void reset(String name) {
    values.remove(name);
  }

  /** DISCARD: every setting back to its default. */
  void clear() {
    values.clear();
  }

  /** The value the session SET, or null when it has not (or reset it). */
  String setValue(String name) {
    return values.get(name);
  }

  /** SHOW's value, or null for a parameter there is none of. */
  String show(String name) {
    return values.getOrDefault(name, DEFAULTS.get(name));
  }

  private static String text(SqlSetParameter set) {
    return set.values().getList().stream().map(Settings::valueText).reduce((a, b) -> a + ", " + b).orElse("");
  }

  private static String valueText(SqlNode n) {
    if (n instanceof SqlLiteral lit && lit.getTypeName() == SqlTypeName.CHAR) {
      return lit.getValueAs(String.class);
    }
    return n instanceof SqlIdentifier id ? id.toString() : n.toString();
  }
}
