package io.rocklake.arrowscan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random tables — columns of random readable scalar types and lists, structs and maps of them, random values with NULLs, random field ids,
 * plan order, codec, row-group and batch sizes, and random deleted rows — read as DuckDB reads them.
 * Each try is built from one seed (shown on failure) so that a failing table can be rebuilt.
 */
class RandomTablesProperties {
  static DuckDb duck;
  static Path dir;
  static final AtomicInteger FILES = new AtomicInteger();

  @BeforeContainer
  static void open() throws IOException {
    duck = new DuckDb();
    dir = Files.createTempDirectory("arrow-scan-random");
  }

  @AfterContainer
  static void close() throws Exception {
    duck.close();
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }

  /**
   * A DuckLake type with its DuckDB spelling and a generator of DuckDB SQL literals; a list, struct
   * or map has its fields (element; f0, f1, ...; key, value) as children.
   */
  record Kind(String lake, String duck, Function<Random, String> literal, List<Child> children) {
    Kind(String lake, String duck, Function<Random, String> literal) {
      this(lake, duck, literal, List.of());
    }
  }

  record Child(String name, Kind kind) {}

  /** A list, struct or map of random scalar kinds, each value with NULLs among its elements or fields. */
  static Kind nestedKind(Random r) {
    switch (r.nextInt(3)) {
      case 0 -> {
        Kind e = kind(r);
        return new Kind("list", e.duck() + "[]", g -> IntStream.range(0, g.nextInt(5))
            .mapToObj(j -> g.nextInt(5) == 0 ? "NULL" : "CAST(" + e.literal().apply(g) + " AS " + e.duck() + ")")
            .collect(Collectors.joining(", ", "[", "]")), List.of(new Child("element", e)));
      }
      case 1 -> {
        List<Child> fields = IntStream.range(0, 1 + r.nextInt(3)).mapToObj(j -> new Child("f" + j, kind(r))).toList();
        return new Kind("struct", fields.stream().map(f -> f.name() + " " + f.kind().duck()).collect(Collectors.joining(", ", "STRUCT(", ")")),
            g -> fields.stream().map(f -> "'" + f.name() + "': " + (g.nextInt(5) == 0 ? "NULL"
                : "CAST(" + f.kind().literal().apply(g) + " AS " + f.kind().duck() + ")")).collect(Collectors.joining(", ", "{", "}")),
            fields);
      }
      default -> {
        Kind v = kind(r);
        Kind key = signed("int32", "INTEGER", 32);
        return new Kind("map", "MAP(INTEGER, " + v.duck() + ")", g -> {
          List<Integer> keys = IntStream.range(0, g.nextInt(5)).map(j -> g.nextInt(1000) * 5 + j).boxed().toList();
          return keys.isEmpty() ? "MAP {}" : keys.stream().map(k -> k + ": " + (g.nextInt(5) == 0 ? "NULL"
              : "CAST(" + v.literal().apply(g) + " AS " + v.duck() + ")")).collect(Collectors.joining(", ", "MAP {", "}"));
        }, List.of(new Child("key", key), new Child("value", v)));
      }
    }
  }

  /** The id of child {@code j} of column {@code c}: above every top-level id. */
  static long childId(int c, int j) {
    return 9_000_000L + c * 10L + j;
  }

  static PlanColumn planColumn(Kind k, long id, int c) {
    List<PlanColumn> children = IntStream.range(0, k.children().size())
        .mapToObj(j -> new PlanColumn(childId(c, j), k.children().get(j).name(), k.children().get(j).kind().lake(), null))
        .toList();
    return new PlanColumn(id, "col" + c, k.lake(), null, children);
  }

  static String fieldIds(Kind k, long id, int c) {
    if (k.children().isEmpty()) {
      return "c" + c + ": " + id;
    }
    return IntStream.range(0, k.children().size()).mapToObj(j -> k.children().get(j).name() + ": " + childId(c, j))
        .collect(Collectors.joining(", ", "c" + c + ": {__duckdb_field_id: " + id + ", ", "}"));
  }

  /** DuckDB's expression of {@code x} of kind {@code k} in the canonical form, element by element. */
  static String canonical(Kind k, String x) {
    if (k.children().isEmpty()) {
      return DuckDb.canonicalExpression(x, k.lake());
    }
    return switch (k.lake()) {
      case "list" -> "list_transform(" + x + ", e -> " + canonical(k.children().get(0).kind(), "e") + ")";
      case "struct" -> "CASE WHEN " + x + " IS NULL THEN NULL ELSE struct_pack(" + k.children().stream()
          .map(f -> f.name() + " := " + canonical(f.kind(), x + "." + f.name())).collect(Collectors.joining(", ")) + ") END";
      default -> "CASE WHEN " + x + " IS NULL THEN NULL ELSE map_from_entries(list_transform(map_entries(" + x + "), e -> {'key': "
          + canonical(k.children().get(0).kind(), "e.key") + ", 'value': " + canonical(k.children().get(1).kind(), "e.value") + "})) END";
    };
  }

  static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  static String integer(Random r, BigInteger min, BigInteger max) {
    if (r.nextInt(4) == 0) {
      return (r.nextBoolean() ? min : max).toString();
    }
    BigInteger span = max.subtract(min).add(BigInteger.ONE);
    return min.add(new BigInteger(span.bitLength() + 8, r).mod(span)).toString();
  }

  static Kind signed(String lake, String duck, int bits) {
    BigInteger max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
    return new Kind(lake, duck, r -> integer(r, max.negate().subtract(BigInteger.ONE), max));
  }

  static Kind unsigned(String lake, String duck, int bits) {
    return new Kind(lake, duck, r -> integer(r, BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)));
  }

  static String floating(Random r, boolean single) {
    return switch (r.nextInt(8)) {
      case 0 -> "'nan'";
      case 1 -> "'inf'";
      case 2 -> "'-inf'";
      case 3 -> "'-0.0'";
      default -> quote(Double.toString(single ? (double) (float) (r.nextGaussian() * 1e6) : r.nextGaussian() * Math.pow(10, r.nextInt(300) - 150)));
    };
  }

  static String text(Random r) {
    String alphabet = "abcXYZ019 '\"\\é✓😀\t";
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(5) == 0 ? r.nextInt(3000) : r.nextInt(12);
    for (int k = 0; k < n; k++) {
      b.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0, alphabet.length())))));
    }
    return quote(b.toString());
  }

  static Kind decimal(Random r) {
    int p = 1 + r.nextInt(38);
    int s = r.nextInt(p + 1);
    return new Kind("decimal(" + p + "," + s + ")", "DECIMAL(" + p + "," + s + ")", g -> {
      BigInteger unscaled = new BigInteger(BigInteger.TEN.pow(p).bitLength() + 4, g).mod(BigInteger.TEN.pow(p));
      return quote(new BigDecimal(g.nextBoolean() ? unscaled.negate() : unscaled, s).toPlainString());
    });
  }

  static final long MICROS_0001 = -62135596800000000L;
  static final long MICROS_9999 = 253402300799999999L;

  static String timeOfDay(Random g, long maxMicros) {
    long us = g.nextInt(4) == 0 ? (g.nextBoolean() ? 0 : maxMicros) : (long) (g.nextDouble() * maxMicros);
    return String.format("%02d:%02d:%02d.%06d", us / 3_600_000_000L, us / 60_000_000 % 60, us / 1_000_000 % 60, us % 1_000_000);
  }

  static String offset(Random g) {
    int minutes = g.nextInt(2 * 959 + 1) - 959;
    return (minutes < 0 ? "-" : "+") + String.format("%02d:%02d", Math.abs(minutes) / 60, Math.abs(minutes) % 60);
  }

  static Kind kind(Random r) {
    return switch (r.nextInt(29)) {
      case 20 -> new Kind("time", "TIME", g -> quote(timeOfDay(g, 86_400_000_000L)));
      case 21 -> new Kind("timetz", "TIMETZ", g -> quote(timeOfDay(g, 86_400_000_000L) + offset(g)));
      // Parquet cannot hold a negative interval; its milliseconds are a uint32.
      case 22 -> new Kind("interval", "INTERVAL", g -> quote(g.nextInt(Integer.MAX_VALUE) + " months " + g.nextInt(Integer.MAX_VALUE)
          + " days " + (long) (g.nextDouble() * 4_294_967_295_000L) + " microseconds"));
      case 23 -> new Kind("timestamp_s", "TIMESTAMP_S", g -> "make_timestamp(" + Math.floorDiv(Long.parseLong(integer(g,
          BigInteger.valueOf(MICROS_0001), BigInteger.valueOf(MICROS_9999))), 1_000_000L) * 1_000_000L + ")");
      case 24 -> new Kind("timestamp_ms", "TIMESTAMP_MS", g -> "make_timestamp(" + Math.floorDiv(Long.parseLong(integer(g,
          BigInteger.valueOf(MICROS_0001), BigInteger.valueOf(MICROS_9999))), 1_000L) * 1_000L + ")");
      case 25 -> new Kind("timestamp_ns", "TIMESTAMP_NS", g -> "make_timestamp_ns(" + integer(g,
          BigInteger.valueOf(-9_200_000_000_000_000_000L), BigInteger.valueOf(9_200_000_000_000_000_000L)) + ")");
      // Stored as DOUBLE: below 2^126 and 2^127 the double read back is always inside the type's range.
      case 26 -> new Kind("int128", "HUGEINT", g -> quote(integer(g, BigInteger.ONE.shiftLeft(126).negate(), BigInteger.ONE.shiftLeft(126))));
      case 27 -> new Kind("uint128", "UHUGEINT", g -> quote(integer(g, BigInteger.ZERO, BigInteger.ONE.shiftLeft(127))));
      case 28 -> new Kind("json", "JSON", g -> "to_json(" + text(g) + ")");
      case 0 -> new Kind("boolean", "BOOLEAN", g -> Boolean.toString(g.nextBoolean()));
      case 1 -> signed("int8", "TINYINT", 8);
      case 2 -> signed("int16", "SMALLINT", 16);
      case 3 -> signed("int32", "INTEGER", 32);
      case 4 -> signed("int64", "BIGINT", 64);
      case 5 -> unsigned("uint8", "UTINYINT", 8);
      case 6 -> unsigned("uint16", "USMALLINT", 16);
      case 7 -> unsigned("uint32", "UINTEGER", 32);
      case 8 -> unsigned("uint64", "UBIGINT", 64);
      case 9 -> new Kind("float32", "FLOAT", g -> floating(g, true));
      case 10 -> new Kind("float64", "DOUBLE", g -> floating(g, false));
      case 11, 12 -> new Kind("varchar", "VARCHAR", RandomTablesProperties::text);
      case 13 -> new Kind("blob", "BLOB", g -> {
        byte[] b = new byte[g.nextInt(40)];
        g.nextBytes(b);
        return "unhex('" + HexFormat.of().formatHex(b) + "')";
      });
      case 14 -> new Kind("date", "DATE", g -> quote(LocalDate.ofEpochDay(-719162 + g.nextInt(2932897 + 719162)).toString()));
      case 15 -> new Kind("timestamp", "TIMESTAMP", g -> "make_timestamp(" + integer(g, BigInteger.valueOf(MICROS_0001),
          BigInteger.valueOf(MICROS_9999)) + ")");
      case 16 -> new Kind("timestamptz", "TIMESTAMPTZ", g -> "(make_timestamp(" + integer(g, BigInteger.valueOf(MICROS_0001),
          BigInteger.valueOf(MICROS_9999)) + ")::VARCHAR || '+00')");
      case 17 -> new Kind("uuid", "UUID", g -> quote(new UUID(g.nextLong(), g.nextLong()).toString()));
      default -> decimal(r);
    };
  }

  /**
   * DuckLake inlines a nested value as DuckDB's VARCHAR text of it: that text, for a random list,
   * struct or map, reads as the value (as an inlined value and as an initial_default).
   */
  @Property(tries = 60)
  void aRandomNestedValuesTextAsDuckDbPrintsItReadsAsTheValue(@ForAll long seed) {
    Random r = new Random(seed);
    Kind k = nestedKind(r);
    String value = "CAST(" + k.literal().apply(r) + " AS " + k.duck() + ")";
    String text = (String) duck.scalar("SELECT CAST(" + value + " AS VARCHAR)");
    List<List<Object>> expected = duck.rows("SELECT " + canonical(k, value));
    PlanColumn c = planColumn(k, 1, 0);
    PlanColumn withDefault = new PlanColumn(2, "d", c.columnType(), text, c.children());

    assertThat(ArrowRows.scan(new ScanPlan(List.of(c, withDefault), List.of(), List.of(new InlinedRow(0, java.util.Map.of(1L, text))),
            List.of(Projected.column(1), Projected.column(2)))))
        .as("seed %d, %s %s", seed, k.duck(), text)
        .containsExactly(List.of(expected.get(0).get(0), expected.get(0).get(0)));
  }

  @Property(tries = 40)
  void aRandomTableReadsAsDuckDbReadsIt(@ForAll long seed) {
    Random r = new Random(seed);
    int columns = 1 + r.nextInt(6);
    int rows = r.nextInt(5) == 0 ? 0 : r.nextInt(r.nextBoolean() ? 50 : 3000);
    List<Kind> kinds = IntStream.range(0, columns).mapToObj(k -> r.nextInt(4) == 0 ? nestedKind(r) : kind(r)).toList();
    List<Integer> ids = new ArrayList<>(IntStream.range(0, columns).mapToObj(k -> 1 + r.nextInt(1_000_000) * 8 + k).toList());
    double nulls = r.nextInt(3) == 0 ? 0 : r.nextDouble();

    List<String> selects = new ArrayList<>();
    for (int row = 0; row < rows; row++) {
      StringBuilder b = new StringBuilder("SELECT " + row + " AS k");
      for (int c = 0; c < columns; c++) {
        String v = r.nextDouble() < nulls ? "NULL" : kinds.get(c).literal().apply(r);
        b.append(", CAST(").append(v).append(" AS ").append(kinds.get(c).duck()).append(") AS c").append(c);
      }
      selects.add(b.toString());
    }
    String body = rows == 0
        ? IntStream.range(0, columns).mapToObj(c -> "CAST(NULL AS " + kinds.get(c).duck() + ") AS c" + c)
            .collect(Collectors.joining(", ", "SELECT 0 AS k, ", " WHERE false"))
        : String.join(" UNION ALL ", selects);
    String codec = List.of("uncompressed", "snappy", "zstd", "gzip", "lz4_raw").get(r.nextInt(5));
    String fieldIds = IntStream.range(0, columns).mapToObj(c -> fieldIds(kinds.get(c), ids.get(c), c)).collect(Collectors.joining(", ", "{", "}"));
    Path file = duck.copy("SELECT * EXCLUDE (k) FROM (" + body + ") ORDER BY k", dir.resolve("t" + FILES.incrementAndGet() + ".parquet"),
        "FIELD_IDS " + fieldIds + ", COMPRESSION " + codec + ", ROW_GROUP_SIZE " + (2048 * (1 + r.nextInt(3))));

    List<Integer> deleted = IntStream.range(0, rows).filter(p -> r.nextInt(4) == 0).boxed().toList();
    long rowIdStart = r.nextInt(1000);
    DataFile data = duck.dataFile(file, rowIdStart);
    if (!deleted.isEmpty()) {
      Path del = duck.copy("SELECT '" + file + "' AS file_path, unnest(" + deleted + ")::BIGINT AS pos",
          dir.resolve("t" + FILES.incrementAndGet() + "-delete.parquet"), "FIELD_IDS {file_path: 2147483546, pos: 2147483545}");
      data = data.withDeletes(del.toString());
    }

    List<PlanColumn> planColumns = new ArrayList<>();
    for (int c = 0; c < columns; c++) {
      planColumns.add(planColumn(kinds.get(c), ids.get(c), c));
    }
    List<Integer> order = new ArrayList<>(IntStream.range(0, columns).boxed().toList());
    Collections.shuffle(order, r);
    List<Projected> projection = new ArrayList<>(order.subList(0, 1 + r.nextInt(columns)).stream()
        .map(c -> Projected.column(ids.get(c))).toList());
    boolean withRowId = r.nextBoolean();
    if (withRowId) {
      projection.add(r.nextInt(projection.size() + 1), Projected.rowId());
    }
    ScanPlan plan = new ScanPlan(planColumns, List.of(data), projection);

    String select = projection.stream().map(p -> p instanceof Projected.Column col
            ? canonical(kinds.get(ids.indexOf((int) col.columnId())), "c" + ids.indexOf((int) col.columnId()))
            : rowIdStart + " + file_row_number")
        .collect(Collectors.joining(", "));
    String where = deleted.isEmpty() ? "" : " WHERE file_row_number NOT IN (SELECT unnest(" + deleted + "))";
    List<List<Object>> expected = duck.rows("SELECT " + select + " FROM read_parquet('" + file + "', file_row_number = true)"
        + where + " ORDER BY file_row_number");

    assertThat(ArrowRows.scan(plan, ScanOptions.defaults().withBatchRows(1 + r.nextInt(700))))
        .as("seed %d, %s, codec %s", seed, kinds.stream().map(Kind::lake).toList(), codec)
        .containsExactlyElementsOf(expected);
  }
}
