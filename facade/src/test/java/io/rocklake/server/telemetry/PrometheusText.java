package io.rocklake.server.telemetry;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict parser of Prometheus's text exposition format 0.0.4, for tests: every line is a {@code #
 * HELP}, a {@code # TYPE} or a sample; a sample belongs to a family whose TYPE came before it (a
 * histogram's {@code _bucket}, {@code _count} and {@code _sum}, a counter's {@code _total}); label
 * values are unescaped; a series appears once. Anything else fails the parse.
 */
final class PrometheusText {
  private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");
  private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") .*");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"");

  /** A family's type and its samples, keyed by series ({@link #series}). */
  final Map<String, String> types = new HashMap<>();
  final Map<String, Double> samples = new LinkedHashMap<>();

  static PrometheusText parse(String text) {
    PrometheusText p = new PrometheusText();
    int n = 0;
    for (String line : text.split("\n", -1)) {
      n++;
      if (line.isEmpty()) {
        continue;
      }
      Matcher m;
      if ((m = TYPE.matcher(line)).matches()) {
        if (p.types.put(m.group(1), m.group(2)) != null) {
          throw new IllegalArgumentException("line " + n + ": a second TYPE for " + m.group(1));
        }
      } else if (HELP.matcher(line).matches()) {
        // help text: nothing to check
      } else if (line.startsWith("#")) {
        throw new IllegalArgumentException("line " + n + ": not a HELP or TYPE comment: " + line);
      } else {
        p.sample(n, line);
      }
    }
    return p;
  }

  private void sample(int n, String line) {
    Matcher name = NAME.matcher(line);
    if (!name.lookingAt()) {
      throw new IllegalArgumentException("line " + n + ": no metric name: " + line);
    }
    String metric = name.group();
    int i = name.end();
    Map<String, String> labels = new TreeMap<>();
    if (i < line.length() && line.charAt(i) == '{') {
      i++;
      while (line.charAt(i) != '}') {
        Matcher l = LABEL.matcher(line).region(i, line.length());
        if (!l.lookingAt()) {
          throw new IllegalArgumentException("line " + n + ": bad label at column " + i + ": " + line);
        }
        String value = l.group(2).replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\");
        if (labels.put(l.group(1), value) != null) {
          throw new IllegalArgumentException("line " + n + ": label " + l.group(1) + " twice");
        }
        i = l.end();
        if (line.charAt(i) == ',') {
          i++;
        } else if (line.charAt(i) != '}') {
          throw new IllegalArgumentException("line " + n + ": expected , or } at column " + i + ": " + line);
        }
      }
      i++;
    }
    if (i >= line.length() || line.charAt(i) != ' ') {
      throw new IllegalArgumentException("line " + n + ": no value: " + line);
    }
    String[] rest = line.substring(i + 1).split(" ");
    if (rest.length > 2) {
      throw new IllegalArgumentException("line " + n + ": more than a value and a timestamp: " + line);
    }
    double value = switch (rest[0]) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(rest[0]);
    };
    if (family(metric) == null) {
      throw new IllegalArgumentException("line " + n + ": sample of " + metric + " before any TYPE of its family");
    }
    if (samples.put(series(metric, labels), value) != null) {
      throw new IllegalArgumentException("line " + n + ": series twice: " + line);
    }
  }

  /** The declared family a sample's name belongs to, or null. */
  private String family(String metric) {
    if (types.containsKey(metric)) {
      return metric;
    }
    for (String suffix : new String[] {"_total", "_bucket", "_count", "_sum", "_created"}) {
      if (metric.endsWith(suffix)) {
        String base = metric.substring(0, metric.length() - suffix.length());
        String type = types.get(base);
        if (type != null && (suffix.equals("_total") ? type.equals("counter") : !type.equals("gauge"))) {
          return base;
        }
      }
    }
    return null;
  }

  /** {@code name{a="1",b="2"}} with the labels in name order, or the bare name. */
  static String series(String metric, Map<String, String> labels) {
    if (labels.isEmpty()) {
      return metric;
    }
    StringBuilder b = new StringBuilder(metric).append('{');
    new TreeMap<>(labels).forEach((k, v) -> b.append(k).append("=\"").append(v).append("\","));
    b.setLength(b.length() - 1);
    return b.append('}').toString();
  }

  /** A series' value, 0 when absent (a counter not yet incremented). */
  double value(String metric, String... labelPairs) {
    Map<String, String> labels = new TreeMap<>();
    for (int i = 0; i < labelPairs.length; i += 2) {
      labels.put(labelPairs[i], labelPairs[i + 1]);
    }
    return samples.getOrDefault(series(metric, labels), 0.0);
  }

  boolean has(String metric, String... labelPairs) {
    Map<String, String> labels = new TreeMap<>();
    for (int i = 0; i < labelPairs.length; i += 2) {
      labels.put(labelPairs[i], labelPairs[i + 1]);
    }
    return samples.containsKey(series(metric, labels));
  }
}
