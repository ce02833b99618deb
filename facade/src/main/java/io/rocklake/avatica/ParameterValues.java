package io.rocklake.avatica;

import io.rocklake.engine.EngineSession;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A client's bound parameter values as the engine takes them: untyped text, as a PostgreSQL client
 * sends a text-format parameter, so the column or operator it meets decides its type exactly as for
 * the PostgreSQL endpoint. Avatica's date-times arrive as the client's wall-clock reading in UTC
 * (its serial form), which is what their text says.
 */
final class ParameterValues {
  private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  private ParameterValues() {}

  static List<Object> of(List<TypedValue> values) {
    List<Object> out = new ArrayList<>(values == null ? 0 : values.size());
    if (values != null) {
      for (TypedValue v : values) {
        out.add(EngineSession.textParameter(text(v)));
      }
    }
    return out;
  }

  private static String text(TypedValue v) {
    if (v == null || v.value == null) {
      return null;
    }
    Object local = v.toLocal();
    switch (v.type) {
      case JAVA_SQL_TIMESTAMP:
      case JAVA_UTIL_DATE:
        return TIMESTAMP.format(LocalDateTime.ofEpochSecond(Math.floorDiv((Long) local, 1000L),
            (int) Math.floorMod((Long) local, 1000L) * 1_000_000, ZoneOffset.UTC));
      case JAVA_SQL_DATE:
        return LocalDate.ofEpochDay((Integer) local).toString();
      case JAVA_SQL_TIME:
        return LocalTime.ofNanoOfDay((Integer) local * 1_000_000L).toString();
      case BYTE_STRING:
        return "\\x" + HexFormat.of().formatHex((byte[]) v.toJdbc(java.util.Calendar.getInstance(TimeZone.getTimeZone("UTC"))));
      case NUMBER:
        return local instanceof BigDecimal b ? b.toPlainString() : local.toString();
      default:
        return local.toString();
    }
  }
}
