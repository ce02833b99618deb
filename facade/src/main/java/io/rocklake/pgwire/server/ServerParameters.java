package io.rocklake.pgwire.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ParameterStatus values sent after authentication, in PostgreSQL 15's order. libpq caches
 * {@code client_encoding}, {@code standard_conforming_strings} and {@code server_version}; pgjdbc
 * checks the first two.
 */
final class ServerParameters {
  static final String SERVER_VERSION = "15.0 (RockLake)";

  Map<String, String> forSession(Map<String, String> startup) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("application_name", startup.getOrDefault("application_name", ""));
    p.put("client_encoding", "UTF8");
    p.put("DateStyle", "ISO, MDY");
    p.put("default_transaction_read_only", "off");
    p.put("in_hot_standby", "off");
    p.put("integer_datetimes", "on");
    p.put("IntervalStyle", "postgres");
    p.put("is_superuser", "on");
    p.put("server_encoding", "UTF8");
    p.put("server_version", SERVER_VERSION);
    p.put("session_authorization", startup.getOrDefault("user", ""));
    p.put("standard_conforming_strings", "on");
    p.put("TimeZone", "Etc/UTC");
    return p;
  }
}
