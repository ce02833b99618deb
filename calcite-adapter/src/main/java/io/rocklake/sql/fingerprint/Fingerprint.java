package io.rocklake.sql.fingerprint;

import io.rocklake.sql.parser.SqlStatementParser;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * The shape of a statement: its AST with literals replaced by placeholders, IN lists collapsed to
 * one element and multi-row VALUES to one row, rendered as canonical SQL ({@link #normalizedSql})
 * and identified by the first 16 hex digits of that text's SHA-256 ({@link #hash}).
 *
 * <p>Statements that differ only in literal values, IN-list lengths or VALUES row counts have the
 * same fingerprint; any other difference (a table, a column, an operator, a clause) changes it.
 */
public record Fingerprint(String hash, String normalizedSql) {

  private static final SqlStatementParser PARSER = new SqlStatementParser();

  public Fingerprint {
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(normalizedSql, "normalizedSql");
  }

  /**
   * Computes the fingerprint of a parsed statement, which is left unchanged: the shape is built on
   * a private copy, obtained by parsing the statement's canonical rendering (Calcite nodes cannot
   * all be deep-copied, and this doubles as a check that the rendering round-trips). The engine
   * passes its parse templates instead ({@link #of(SqlNode, java.util.function.Function)}).
   */
  public static Fingerprint of(SqlNode statement) {
    return of(statement, Fingerprint::parse);
  }

  /**
   * As {@link #of(SqlNode)}, with the private copy made by {@code privateParse} from the canonical
   * rendering: a tree the normalizer may change, equal to what the parser makes of the text.
   */
  public static Fingerprint of(SqlNode statement, java.util.function.Function<String, SqlNode> privateParse) {
    final String canonical = CanonicalSql.render(statement);
    final SqlNode copy = privateParse.apply(canonical);
    final String shape = CanonicalSql.render(ShapeNormalizer.normalize(copy));
    return new Fingerprint(sha256Prefix(shape), shape);
  }

  /** The canonical rendering parsed back; it always parses, so a failure is a bug. */
  public static SqlNode parse(String canonical) {
    try {
      return PARSER.parseStatement(canonical);
    } catch (SqlParseException e) {
      throw new IllegalStateException("Canonical rendering does not parse back: " + canonical, e);
    }
  }

  private static String sha256Prefix(String text) {
    try {
      final byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  @Override public String toString() {
    return hash + " " + normalizedSql;
  }
}
