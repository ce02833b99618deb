package io.rocklake.pgwire.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Every codec turns any value of its type into bytes and text and back into an equal value.
 * The generators cover each type's whole domain edges (min/max, zero, negative, NUL-free Unicode,
 * microsecond precision), not just typical catalog values.
 */
class CodecRoundTripProperties {

  /**
   * Every type RockLake speaks. The conformance module checks that every type occurring in the
   * DuckDB corpus (RowDescription OIDs and DDL column types) is one of these.
   */
  static final Set<PgType> ALL_TYPES = EnumSet.allOf(PgType.class);

  @Test
  void everyTypeHasAGenerator() {
    for (PgType type : ALL_TYPES) {
      assertThat(valuesOf(type)).as("generator for %s", type).isNotNull();
    }
  }

  @Property(tries = 300)
  void binaryRoundTrip(@ForAll("typedValues") TypedValue tv) {
    PgCodec<?> codec = tv.type.codec();
    byte[] bytes = codec.encodeBinaryObject(tv.value);
    if (tv.type.typlen() > 0 && tv.type != PgType.NAME && tv.type != PgType.CHAR) {
      assertThat(bytes).as("fixed-length %s", tv.type).hasSize(tv.type.typlen());
    }
    assertThat((Object) codec.decodeBinary(bytes)).isEqualTo(tv.value);
  }

  @Property(tries = 300)
  void textRoundTrip(@ForAll("typedValues") TypedValue tv) {
    PgCodec<?> codec = tv.type.codec();
    String text = codec.encodeTextObject(tv.value);
    assertThat((Object) codec.decodeText(text)).isEqualTo(tv.value);
  }

  @Property(tries = 200)
  void truncatedFixedLengthBinaryIsRejectedNotMisread(@ForAll("typedValues") TypedValue tv) {
    if (tv.type.typlen() <= 0 || tv.type == PgType.NAME || tv.type == PgType.CHAR) {
      return;
    }
    byte[] bytes = tv.type.codec().encodeBinaryObject(tv.value);
    byte[] shorter = java.util.Arrays.copyOf(bytes, bytes.length - 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> tv.type.codec().decodeBinary(shorter))
        .isInstanceOf(PgCodecException.class)
        .hasMessageContaining(tv.type.typname());
  }

  record TypedValue(PgType type, Object value) {}

  @Provide
  Arbitrary<TypedValue> typedValues() {
    return Arbitraries.of(ALL_TYPES.toArray(new PgType[0]))
        .flatMap(t -> valuesOf(t).map(v -> new TypedValue(t, v)));
  }

  static Arbitrary<?> valuesOf(PgType type) {
    switch (type) {
      case BOOL: return Arbitraries.of(true, false);
      case INT2: return Arbitraries.shorts();
      case INT4: return Arbitraries.integers();
      case INT8: return Arbitraries.longs();
      case OID: case REGCLASS: case XID: return Arbitraries.longs().between(0, 0xFFFF_FFFFL);
      case INET: // host addresses spelled canonically by construction: dotted IPv4, IPv6 of eight non-zero groups
        return Arbitraries.oneOf(
            Arbitraries.integers().between(0, 255).list().ofSize(4)
                .map(l -> l.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("."))),
            Arbitraries.integers().between(1, 0xFFFF).list().ofSize(8)
                .map(l -> l.stream().map(Integer::toHexString).collect(java.util.stream.Collectors.joining(":"))));
      case FLOAT4: return Arbitraries.floats().ofScale(3).withSpecialValue(Float.NaN)
          .withSpecialValue(Float.POSITIVE_INFINITY).withSpecialValue(-0.0f);
      case FLOAT8: return Arbitraries.doubles().withSpecialValue(Double.NaN)
          .withSpecialValue(Double.NEGATIVE_INFINITY).withSpecialValue(Double.MIN_VALUE);
      case NAME: case TEXT: case VARCHAR: case BPCHAR:
        return Arbitraries.strings().all().excludeChars('\0').ofMaxLength(40)
            .filter(CodecRoundTripProperties::isWellFormedUtf16);
      case CHAR: return Arbitraries.chars().range('a', 'z').map(String::valueOf);
      case BYTEA: return Arbitraries.bytes().array(byte[].class).ofMaxSize(64).map(PgBytes::copyOf);
      case UUID: return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
      case NUMERIC:
        return Combinators.combine(
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40)),
                Arbitraries.integers().between(0, 20))
            .as(BigDecimal::new);
      case TIME:
        return Arbitraries.longs().between(0, 86_399_999_999L).map(m -> LocalTime.ofNanoOfDay(m * 1000));
      case TIMETZ:
        return Combinators.combine(
                Arbitraries.longs().between(0, 86_399_999_999L),
                Arbitraries.integers().between(-15 * 3600, 15 * 3600))
            .as((m, off) -> OffsetTime.of(LocalTime.ofNanoOfDay(m * 1000), ZoneOffset.ofTotalSeconds(off)));
      case TIMESTAMPTZ:
        return Arbitraries.longs().between(-60_000_000_000_000_000L, 200_000_000_000_000_000L)
            .map(m -> Instant.ofEpochSecond(Math.floorDiv(m, 1_000_000L), Math.floorMod(m, 1_000_000L) * 1000))
            .filter(i -> i.atOffset(ZoneOffset.UTC).getYear() >= 1 && i.atOffset(ZoneOffset.UTC).getYear() <= 9999);
      case TIMESTAMP:
        return Arbitraries.longs().between(0, 250_000_000_000_000L)
            .map(m -> LocalDateTime.of(1, 1, 1, 0, 0).plusNanos(m * 1000));
      case DATE: return Arbitraries.longs().between(0, 3_000_000).map(d -> LocalDate.of(1, 1, 1).plusDays(d));
      case INTERVAL:
        return Combinators.combine(Arbitraries.integers().between(-100_000, 100_000),
                Arbitraries.integers().between(-100_000, 100_000), Arbitraries.longs())
            .as(PgInterval::new);
      case TID:
        return Combinators.combine(Arbitraries.longs().between(0, 0xFFFF_FFFFL),
                Arbitraries.integers().between(0, 0xFFFF))
            .as(Tid::new);
      case INT2_ARRAY:
        return Arbitraries.shorts().injectNull(0.1).list().ofMaxSize(6);
      case INT4_ARRAY:
        return Arbitraries.integers().injectNull(0.1).list().ofMaxSize(6);
      case TEXT_ARRAY:
        return Arbitraries.strings().all().excludeChars('\0').ofMaxLength(8)
            .filter(CodecRoundTripProperties::isWellFormedUtf16).injectNull(0.1).list().ofMaxSize(5);
      default:
        throw new IllegalArgumentException("no generator for " + type);
    }
  }

  private static boolean isWellFormedUtf16(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}
