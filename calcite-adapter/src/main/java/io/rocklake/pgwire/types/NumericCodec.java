package io.rocklake.pgwire.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code numeric}: in binary form {@code ndigits u16, weight i16, sign u16, dscale u16} then
 * {@code ndigits} base-10000 digits, most significant first. The value is
 * {@code sum(digit[i] * 10000^(weight - i))}; {@code dscale} is the number of decimal digits shown
 * after the point, so it is the {@link BigDecimal#scale()} of the Java value. NaN and infinities
 * have no {@link BigDecimal} form and are rejected with a clear error.
 */
public final class NumericCodec implements PgCodec<BigDecimal> {
  private static final int POSITIVE = 0x0000;
  private static final int NEGATIVE = 0x4000;
  private static final int NAN = 0xC000;
  private static final BigInteger TEN_THOUSAND = BigInteger.valueOf(10_000);

  @Override public Class<BigDecimal> javaType() { return BigDecimal.class; }

  @Override public byte[] encodeBinary(BigDecimal value) {
    BigDecimal v = value.scale() < 0 ? value.setScale(0) : value;
    int dscale = v.scale();
    // Scale the unscaled value so that the point falls on a base-10000 digit boundary.
    int pad = (4 - dscale % 4) % 4;
    BigInteger magnitude = v.unscaledValue().abs().multiply(BigInteger.TEN.pow(pad));
    int fractionDigits = (dscale + pad) / 4;
    List<Integer> digits = new ArrayList<>();
    while (magnitude.signum() > 0) {
      BigInteger[] qr = magnitude.divideAndRemainder(TEN_THOUSAND);
      digits.add(0, qr[1].intValue());
      magnitude = qr[0];
    }
    int weight = digits.size() - fractionDigits - 1;
    // PostgreSQL strips leading and trailing zero digits; weight follows the first kept digit.
    int start = 0;
    while (start < digits.size() && digits.get(start) == 0) {
      start++;
      weight--;
    }
    int end = digits.size();
    while (end > start && digits.get(end - 1) == 0) {
      end--;
    }
    int ndigits = end - start;
    if (ndigits == 0) {
      weight = 0;
    }
    ByteBuffer buf = ByteBuffer.allocate(8 + 2 * ndigits);
    buf.putShort((short) ndigits);
    buf.putShort((short) weight);
    buf.putShort((short) (v.signum() < 0 ? NEGATIVE : POSITIVE));
    buf.putShort((short) dscale);
    for (int i = start; i < end; i++) {
      buf.putShort(digits.get(i).shortValue());
    }
    return buf.array();
  }

  @Override public BigDecimal decodeBinary(byte[] bytes) {
    if (bytes.length < 8) {
      throw new PgCodecException("numeric needs at least 8 bytes in binary form, got " + bytes.length);
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    int ndigits = Short.toUnsignedInt(buf.getShort());
    int weight = buf.getShort();
    int sign = Short.toUnsignedInt(buf.getShort());
    int dscale = Short.toUnsignedInt(buf.getShort());
    if (bytes.length != 8 + 2 * ndigits) {
      throw new PgCodecException(
          "numeric with " + ndigits + " digits needs " + (8 + 2 * ndigits) + " bytes, got " + bytes.length);
    }
    if (sign == NAN || (sign & 0xC000) == 0xC000) {
      throw new PgCodecException("numeric NaN and infinity have no decimal value");
    }
    if (sign != POSITIVE && sign != NEGATIVE) {
      throw new PgCodecException("invalid numeric sign 0x" + Integer.toHexString(sign));
    }
    BigInteger unscaled = BigInteger.ZERO;
    for (int i = 0; i < ndigits; i++) {
      int digit = buf.getShort();
      if (digit < 0 || digit >= 10_000) {
        throw new PgCodecException("invalid numeric digit " + digit);
      }
      unscaled = unscaled.multiply(TEN_THOUSAND).add(BigInteger.valueOf(digit));
    }
    // unscaled * 10000^(weight - ndigits + 1)
    BigDecimal value = new BigDecimal(unscaled).scaleByPowerOfTen(4 * (weight - ndigits + 1));
    if (sign == NEGATIVE) {
      value = value.negate();
    }
    return value.setScale(dscale, java.math.RoundingMode.DOWN);
  }

  @Override public String encodeText(BigDecimal value) {
    return (value.scale() < 0 ? value.setScale(0) : value).toPlainString();
  }

  @Override public BigDecimal decodeText(String text) {
    try {
      BigDecimal v = new BigDecimal(text.trim());
      return v.scale() < 0 ? v.setScale(0) : v;
    } catch (NumberFormatException e) {
      throw new PgCodecException("invalid input syntax for type numeric: \"" + text + "\"", e);
    }
  }
}
