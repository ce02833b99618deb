package io.rocklake.engine;

import io.rocklake.catalog.SqlState;
import io.rocklake.sql.ast.SqlCopyOption;
import java.util.Locale;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * The options of a COPY that RockLake serves: FORMAT binary or text (the default; PostgreSQL's csv
 * is refused with 0A000, any other word is PostgreSQL's 22023), and the text format's NULL marker.
 */
record CopyOptions(boolean binary, String nullMarker) {

  static CopyOptions of(SqlNodeList options) {
    boolean binary = false;
    String nullMarker = "\\N";
    boolean formatSeen = false;
    boolean nullSeen = false;
    for (SqlNode o : options) {
      SqlCopyOption opt = (SqlCopyOption) o;
      if (opt.value() == null) {
        continue;
      }
      if (opt.name().equals("FORMAT") && !formatSeen) {
        binary = binaryFormat(text(opt.value()).toLowerCase(Locale.ROOT));
        formatSeen = true;
      } else if (opt.name().equals("NULL") && !nullSeen) {
        nullMarker = text(opt.value());
        nullSeen = true;
      }
    }
    return new CopyOptions(binary, nullMarker);
  }

  private static boolean binaryFormat(String format) {
    switch (format) {
      case "binary": return true;
      case "text": return false;
      case "csv": throw EngineException.unsupported("COPY format \"csv\" is not supported: use text or binary");
      default: throw new EngineException(SqlState.INVALID_PARAMETER_VALUE, "COPY format \"" + format + "\" not recognized");
    }
  }

  /**
   * An option's argument as PostgreSQL's defGetString reads it: a word, a string or a number (a
   * number is a word here too, as in PostgreSQL: {@code FORMAT 18}).
   */
  private static String text(SqlNode value) {
    if (value instanceof SqlIdentifier id) {
      return id.getSimple();
    }
    if (value instanceof SqlLiteral l) {
      return l.toValue();
    }
    return value.toString();
  }
}
