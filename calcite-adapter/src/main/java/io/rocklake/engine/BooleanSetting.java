package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import java.util.Locale;

/**
 * A boolean run-time setting's value as PostgreSQL reads it ({@code parse_bool}): any prefix of
 * true, false, yes, no, at least two letters of on or off, or 1 or 0, in any case; SHOW says on or off.
 */
final class BooleanSetting {
  private BooleanSetting() {}

  static boolean parse(String name, String value) {
    String v = value.toLowerCase(Locale.ROOT);
    if (!v.isEmpty()) {
      if ("true".startsWith(v) || "yes".startsWith(v) || v.length() >= 2 && "on".startsWith(v) || v.equals("1")) {
        return true;
      }
      if ("false".startsWith(v) || "no".startsWith(v) || v.length() >= 2 && "off".startsWith(v) || v.equals("0")) {
        return false;
      }
    }
    throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "parameter \"" + name + "\" requires a Boolean value");
  }

  static String show(boolean value) {
    return value ? "on" : "off";
  }
}
