package io.rocklake.engine;

import java.util.Map;

/** The run-time settings SHOW reports when a session has not SET them. */
final class Settings {
  private Settings() {}

  static final Map<String, String> DEFAULTS = Map.ofEntries(
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
      Map.entry("default_transaction_read_only", "off"),
      Map.entry("max_identifier_length", "63"),
      Map.entry("statement_timeout", "0"),
      Map.entry("application_name", ""));
}
