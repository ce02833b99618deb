package io.rocklake.pgwire.types;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** {@code text}, {@code varchar}, {@code name}, {@code bpchar}: UTF-8 bytes in both forms. */
public final class TextCodec implements PgCodec<String> {
  @Override public Class<String> javaType() { return String.class; }

  @Override public byte[] encodeBinary(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  @Override public String decodeBinary(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new PgCodecException("invalid byte sequence for encoding \"UTF8\"", e);
    }
  }

  @Override public String encodeText(String value) { return value; }

  @Override public String decodeText(String text) { return text; }
}
