package io.rocklake.conformance.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How two results of normalized rows differ, told the way a reader fixes it: the first row that
 * differs and, for multisets, what is missing and what is extra. Shared by the differential tests.
 */
public final class RowDifference {
  private static final int SHOWN = 10;

  private RowDifference() {}

  /** Null when the rows are equal in order (or as multisets); else a report, starting with the counts. */
  public static String of(List<List<String>> expected, List<List<String>> actual, boolean ordered) {
    List<List<String>> want = ordered ? expected : sorted(expected);
    List<List<String>> got = ordered ? actual : sorted(actual);
    if (want.equals(got)) {
      return null;
    }
    StringBuilder sb = new StringBuilder("rows differ (").append(ordered ? "in order" : "as multisets").append("): ")
        .append(want.size()).append(" expected, ").append(got.size()).append(" actual");
    for (int i = 0; i < Math.max(want.size(), got.size()); i++) {
      List<String> w = i < want.size() ? want.get(i) : null;
      List<String> g = i < got.size() ? got.get(i) : null;
      if (!Objects.equals(w, g)) {
        sb.append("\n  first difference at row ").append(i).append(":\n    expected ").append(w)
            .append("\n    actual   ").append(g);
        break;
      }
    }
    if (!ordered) {
      List<List<String>> missing = new ArrayList<>(want);
      got.forEach(missing::remove);
      List<List<String>> extra = new ArrayList<>(got);
      want.forEach(extra::remove);
      sb.append("\n  missing: ").append(shown(missing));
      sb.append("\n  extra:   ").append(shown(extra));
    }
    return sb.toString();
  }

  private static String shown(List<List<String>> rows) {
    return rows.size() > SHOWN ? rows.subList(0, SHOWN) + " ..." : rows.toString();
  }

  private static List<List<String>> sorted(List<List<String>> rows) {
    List<List<String>> out = new ArrayList<>(rows);
    out.sort((a, b) -> String.join("\u0000", a).compareTo(String.join("\u0000", b)));
    return out;
  }
}
