package io.rocklake.pgwire.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalTime;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Byte-exact encodings as PostgreSQL 15 produces them (taken from the DuckDB wire captures and
 * from {@code SELECT ...::type} binary output), so a codec cannot round-trip in a private format.
 */
class KnownEncodingsTest {
  private static byte[] hex(String h) {
    return HexFormat.of().parseHex(h);
  }

  @Test
  void numericUsesBase10000DigitsWithWeightAndDisplayScale() {
    // 12.345 -> digits [12, 3450], weight 0, dscale 3
    assertThat(PgType.NUMERIC.codec().encodeBinaryObject(new BigDecimal("12.345")))
        .isEqualTo(hex("0002" + "0000" + "0000" + "0003" + "000c" + "0d7a"));
    // -1.50 -> digits [1, 5000], weight 0, negative, dscale 2
    assertThat(PgType.NUMERIC.codec().encodeBinaryObject(new BigDecimal("-1.50")))
        .isEqualTo(hex("0002" + "0000" + "4000" + "0002" + "0001" + "1388"));
    // 0 with dscale 2: no digits
    assertThat(PgType.NUMERIC.codec().encodeBinaryObject(new BigDecimal("0.00")))
        .isEqualTo(hex("0000" + "0000" + "0000" + "0002"));
    // 10000 -> one digit [1] with weight 1
    assertThat(PgType.NUMERIC.codec().encodeBinaryObject(new BigDecimal("10000")))
        .isEqualTo(hex("0001" + "0001" + "0000" + "0000" + "0001"));
  }

  @Test
  void timestamptzCountsMicrosecondsFromTheYear2000() {
    Instant t = Instant.parse("2000-01-01T00:00:01.000002Z");
    assertThat(PgType.TIMESTAMPTZ.codec().encodeBinaryObject(t)).isEqualTo(hex("00000000000f4242"));
    assertThat(PgType.TIMESTAMPTZ.codec().encodeTextObject(Instant.parse("2026-11-29T14:56:12.900942Z")))
        .isEqualTo("2026-11-29 14:56:12.900942+00");
    assertThat(PgType.TIMESTAMPTZ.codec().encodeTextObject(Instant.parse("2026-11-29T14:56:12Z")))
        .isEqualTo("2026-11-29 14:56:12+00");
  }

  @Test
  void textFormsFollowPostgresSpelling() {
    assertThat(PgType.BOOL.codec().encodeTextObject(true)).isEqualTo("t");
    assertThat(PgType.INT2_ARRAY.codec().encodeTextObject(List.of((short) 1, (short) 2))).isEqualTo("{1,2}");
    assertThat(PgType.BYTEA.codec().encodeTextObject(PgBytes.copyOf(new byte[] {(byte) 0xAA, 1})))
        .isEqualTo("\\xaa01");
    assertThat(PgType.TIME.codec().encodeTextObject(LocalTime.of(12, 0))).isEqualTo("12:00:00");
    assertThat(PgType.INTERVAL.codec().encodeTextObject(new PgInterval(14, 3, 4 * 3_600_000_000L + 7)))
        .isEqualTo("1 year 2 mons 3 days 04:00:00.000007");
    assertThat(PgType.TID.codec().encodeTextObject(new Tid(0, 1))).isEqualTo("(0,1)");
    // PostgreSQL 15's inet_out: the longest run of zero groups (two or more) is ::, hex in lower case.
    assertThat(PgType.INET.codec().encodeTextObject("0:0:0:0:0:0:0:1")).isEqualTo("::1");
    assertThat(PgType.INET.codec().encodeTextObject("2001:DB8:0:0:1:0:0:1")).isEqualTo("2001:db8::1:0:0:1");
    assertThat(PgType.INET.codec().encodeTextObject("2001:db8:0:1:1:1:1:1")).isEqualTo("2001:db8:0:1:1:1:1:1");
    assertThat(PgType.INET.codec().encodeTextObject("::")).isEqualTo("::");
  }

  @Test
  void inetBinaryIsFamilyBitsCidrFlagLengthAndAddress() {
    assertThat(PgType.INET.codec().encodeBinaryObject("127.0.0.1")).isEqualTo(hex("02200004" + "7f000001"));
    assertThat(PgType.INET.codec().encodeBinaryObject("::1"))
        .isEqualTo(hex("03800010" + "00000000000000000000000000000001"));
    assertThat(PgType.INET.codec().decodeBinary(hex("02200004" + "0a000102"))).isEqualTo("10.0.1.2");
    assertThatThrownBy(() -> PgType.INET.codec().decodeText("localhost"))
        .isInstanceOf(PgCodecException.class).hasMessageContaining("inet");
  }

  @Test
  void int2ArrayBinaryHasHeaderDimensionAndLengthPrefixedElements() {
    assertThat(PgType.INT2_ARRAY.codec().encodeBinaryObject(List.of((short) 1)))
        .isEqualTo(hex("00000001" + "00000000" + "00000015" + "00000001" + "00000001" + "00000002" + "0001"));
  }

  @Test
  void malformedInputIsACodecErrorNamingTheType() {
    assertThatThrownBy(() -> PgType.UUID.codec().decodeText("not-a-uuid"))
        .isInstanceOf(PgCodecException.class).hasMessageContaining("uuid");
    assertThatThrownBy(() -> PgType.NUMERIC.codec().decodeBinary(hex("0001000000000000")))
        .isInstanceOf(PgCodecException.class).hasMessageContaining("numeric");
    assertThatThrownBy(() -> PgType.BYTEA.codec().decodeText("abc"))
        .isInstanceOf(PgCodecException.class).hasMessageContaining("bytea");
    assertThatThrownBy(() -> PgType.OID.codec().decodeText("-1"))
        .isInstanceOf(PgCodecException.class).hasMessageContaining("oid");
  }

  @Test
  void ddlTypeNamesResolveToWireTypes() {
    assertThat(PgType.bySqlName("TIMESTAMP WITH TIME ZONE")).contains(PgType.TIMESTAMPTZ);
    assertThat(PgType.bySqlName("DECIMAL(18,3)")).contains(PgType.NUMERIC);
    assertThat(PgType.bySqlName("DOUBLE  PRECISION")).contains(PgType.FLOAT8);
    assertThat(PgType.bySqlName("geometry")).isEmpty();
    assertThat(PgType.byOid(1043)).contains(PgType.VARCHAR);
  }
}
