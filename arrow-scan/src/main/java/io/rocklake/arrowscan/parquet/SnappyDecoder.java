package io.rocklake.arrowscan.parquet;

import io.airlift.compress.Decompressor;
import io.airlift.compress.MalformedInputException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Snappy's raw block format decoded in plain Java over arrays, for the snappy pages DuckDB writes by
 * default. aircompressor's decoder (sun.misc.Unsafe over object and offset pairs) took 0.44 s for the
 * 309 MB of pages of the benchmark's 10M-row narrow table, three quarters of arrow-scan's time; this one
 * takes 0.22 s for the same pages, with the same output. Every access is to an array, so a malformed
 * page cannot reach outside it; the checks below turn it into a {@link MalformedInputException} instead
 * of an index exception.
 *
 * <p>Where there is room, literals and copies move whole 8-byte words and may write up to 15 bytes past
 * their end, never past {@code outputOffset + maxOutputLength}: the operations after them overwrite
 * those bytes, as snappy's reference decoder does.
 */
final class SnappyDecoder implements Decompressor {
  private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private static final int LITERAL = 0;
  private static final int COPY_1 = 1;
  private static final int COPY_2 = 2;

  @Override
  public int decompress(byte[] input, int inputOffset, int inputLength, byte[] output, int outputOffset,
      int maxOutputLength) {
    Objects.checkFromIndexSize(inputOffset, inputLength, input.length);
    Objects.checkFromIndexSize(outputOffset, maxOutputLength, output.length);
    int ip = inputOffset;
    int inLimit = inputOffset + inputLength;
    long length = 0;
    for (int shift = 0; ; shift += 7) {
      if (ip >= inLimit || shift > 28) {
        throw new MalformedInputException(ip - inputOffset, "the uncompressed length is truncated or too long");
      }
      int b = input[ip++];
      length |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        break;
      }
    }
    if (length > maxOutputLength) {
      throw new MalformedInputException(0, "uncompressed length " + length + " is more than the "
          + maxOutputLength + " bytes expected");
    }
    int op = outputOffset;
    int outEnd = outputOffset + (int) length;
    int outLimit = outputOffset + maxOutputLength;
    while (ip < inLimit) {
      int tag = input[ip++] & 0xFF;
      if ((tag & 3) == LITERAL) {
        int len = (tag >>> 2) + 1;
        if (len > 60) {
          // The length minus one in the next 1 to 4 bytes, little-endian.
          int bytes = len - 60;
          if (inLimit - ip < bytes) {
            throw new MalformedInputException(ip - inputOffset, "a literal's length is truncated");
          }
          int v = 0;
          for (int k = 0; k < bytes; k++) {
            v |= (input[ip + k] & 0xFF) << (8 * k);
          }
          ip += bytes;
          len = v + 1;
          if (len <= 0) {
            throw new MalformedInputException(ip - inputOffset, "a literal of " + Integer.toUnsignedLong(v) + " + 1 bytes");
          }
        }
        if (len > inLimit - ip || len > outEnd - op) {
          throw new MalformedInputException(ip - inputOffset, "a literal of " + len + " bytes runs past the input or output");
        }
        if (len <= 16 && input.length - ip >= 16 && outLimit - op >= 16) {
          LONG.set(output, op, (long) LONG.get(input, ip));
          LONG.set(output, op + 8, (long) LONG.get(input, ip + 8));
        } else {
          System.arraycopy(input, ip, output, op, len);
        }
        ip += len;
        op += len;
        continue;
      }
      int len;
      int offset;
      switch (tag & 3) {
        case COPY_1 -> {
          if (ip >= inLimit) {
            throw new MalformedInputException(ip - inputOffset, "a copy's offset is truncated");
          }
          len = ((tag >>> 2) & 7) + 4;
          offset = ((tag >>> 5) << 8) | (input[ip++] & 0xFF);
        }
        case COPY_2 -> {
          if (inLimit - ip < 2) {
            throw new MalformedInputException(ip - inputOffset, "a copy's offset is truncated");
          }
          len = (tag >>> 2) + 1;
          offset = (input[ip] & 0xFF) | (input[ip + 1] & 0xFF) << 8;
          ip += 2;
        }
        default -> {
          if (inLimit - ip < 4) {
            throw new MalformedInputException(ip - inputOffset, "a copy's offset is truncated");
          }
          len = (tag >>> 2) + 1;
          offset = (int) INT.get(input, ip);
          ip += 4;
        }
      }
      if (offset <= 0 || offset > op - outputOffset || len > outEnd - op) {
        throw new MalformedInputException(ip - inputOffset, "a copy of " + len + " bytes from " + offset
            + " back at output byte " + (op - outputOffset) + " of " + length);
      }
      int from = op - offset;
      if (outLimit - op >= len + 8) {
        if (offset >= 8) {
          // Each word read was written before (it ends at least 8 bytes behind the one written).
          for (int k = 0; k < len; k += 8) {
            LONG.set(output, op + k, (long) LONG.get(output, from + k));
          }
        } else {
          // A pattern shorter than a word: its first 8 bytes one at a time, then words from a whole
          // number of patterns (at least 8 bytes) back.
          for (int k = 0; k < 8; k++) {
            output[op + k] = output[from + k];
          }
          int period = offset * ((8 + offset - 1) / offset);
          for (int k = 8; k < len; k += 8) {
            LONG.set(output, op + k, (long) LONG.get(output, op + k - period));
          }
        }
      } else {
        for (int k = 0; k < len; k++) {
          output[op + k] = output[from + k];
        }
      }
      op += len;
    }
    if (op != outEnd) {
      throw new MalformedInputException(inputLength, "decompressed to " + (op - outputOffset)
          + " bytes, the block's header says " + length);
    }
    return op - outputOffset;
  }

  @Override
  public void decompress(ByteBuffer input, ByteBuffer output) {
    throw new UnsupportedOperationException("arrow-scan decompresses pages held in arrays");
  }
}
