package io.rocklake.catalog.calcite;

import io.rocklake.catalog.RelationDef;
import io.rocklake.catalog.ScanBounds;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.DataContext;

/**
 * The bounds a compiled plan's scan asks for, with their values still open: each term compares a
 * column with an integer constant or with a statement parameter ({@code ?n}), or tests it for NULL.
 * A plan is compiled once per statement shape and archived as class files, so the template travels
 * inside the generated code as text ({@code "1=?0;3N;0>=12"}), and {@link #bind} turns it into the
 * {@link ScanBounds} of one execution.
 */
public final class BoundsTemplate {
  private static final Pattern TERM = Pattern.compile("(\\d+)(N|=|<=|<|>=|>)(\\?\\d+|-?\\d+)?");

  /** One term; {@code op} null means IS NULL, {@code parameter} >= 0 names the operand's parameter. */
  record Term(int column, ScanBounds.Comparison op, int parameter, long literal) {
    String text() {
      if (op == null) {
        return column + "N";
      }
      return column + symbol(op) + (parameter >= 0 ? "?" + parameter : Long.toString(literal));
    }
  }

  private final List<Term> terms;

  BoundsTemplate(List<Term> terms) {
    this.terms = List.copyOf(terms);
  }

  List<Term> terms() {
    return terms;
  }

  boolean isEmpty() {
    return terms.isEmpty();
  }

  String text() {
    StringBuilder sb = new StringBuilder();
    for (Term t : terms) {
      sb.append(sb.length() == 0 ? "" : ";").append(t.text());
    }
    return sb.toString();
  }

  static BoundsTemplate parse(String text) {
    List<Term> terms = new ArrayList<>();
    for (String part : text.isEmpty() ? new String[0] : text.split(";")) {
      Matcher m = TERM.matcher(part);
      if (!m.matches()) {
        throw new IllegalArgumentException("not a bounds term: " + part);
      }
      int column = Integer.parseInt(m.group(1));
      if (m.group(2).equals("N")) {
        terms.add(new Term(column, null, -1, 0));
        continue;
      }
      String operand = m.group(3);
      boolean parameter = operand.startsWith("?");
      terms.add(new Term(column, comparison(m.group(2)), parameter ? Integer.parseInt(operand.substring(1)) : -1,
          parameter ? 0 : Long.parseLong(operand)));
    }
    return new BoundsTemplate(terms);
  }

  /** The bounds of one execution: parameters read from the context, as Calcite binds them. */
  ScanBounds bind(RelationDef relation, DataContext root) {
    ScanBounds bounds = ScanBounds.all(relation);
    for (Term t : terms) {
      if (t.op() == null) {
        bounds.isNull(t.column());
      } else {
        bounds.compare(t.column(), t.op(), t.parameter() >= 0 ? root.get("?" + t.parameter()) : (Object) t.literal());
      }
    }
    return bounds;
  }

  private static String symbol(ScanBounds.Comparison op) {
    switch (op) {
      case EQUAL: return "=";
      case LESS: return "<";
      case LESS_OR_EQUAL: return "<=";
      case GREATER: return ">";
      default: return ">=";
    }
  }

  private static ScanBounds.Comparison comparison(String symbol) {
    switch (symbol) {
      case "=": return ScanBounds.Comparison.EQUAL;
      case "<": return ScanBounds.Comparison.LESS;
      case "<=": return ScanBounds.Comparison.LESS_OR_EQUAL;
      case ">": return ScanBounds.Comparison.GREATER;
      default: return ScanBounds.Comparison.GREATER_OR_EQUAL;
    }
  }
}
