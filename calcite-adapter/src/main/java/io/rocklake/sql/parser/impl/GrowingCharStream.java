package io.rocklake.sql.parser.impl;

import java.io.Reader;

/**
 * The generated parser's character buffer, grown geometrically. JavaCC's {@link SimpleCharStream}
 * holds the current token whole and grows by 2,048 characters whenever it is full, so lexing one
 * long token (a megabyte string literal, a long comment) copies the buffer once per 2 KB: quadratic,
 * 20 seconds for a 1 MB literal, hours for the 64 MiB a Query message may hold. Doubling makes it
 * linear. The logic is JavaCC 4.0's ExpandBuff with only the new size changed.
 */
public final class GrowingCharStream extends SimpleCharStream {

  private GrowingCharStream(Reader reader) {
    super(reader, 1, 1, 4096);
  }

  /** Replaces a fresh parser's character stream (before it has read anything) with a growing one. */
  public static void install(RockLakeSqlParserImpl parser, Reader reader) {
    GrowingCharStream stream = new GrowingCharStream(reader);
    parser.jj_input_stream = stream;
    parser.token_source.ReInit(stream);
  }

  @Override protected void ExpandBuff(boolean wrapAround) {
    int newSize = Math.max(bufsize + 2048, bufsize * 2);
    char[] newbuffer = new char[newSize];
    int[] newbufline = new int[newSize];
    int[] newbufcolumn = new int[newSize];
    if (wrapAround) {
      System.arraycopy(buffer, tokenBegin, newbuffer, 0, bufsize - tokenBegin);
      System.arraycopy(buffer, 0, newbuffer, bufsize - tokenBegin, bufpos);
      System.arraycopy(bufline, tokenBegin, newbufline, 0, bufsize - tokenBegin);
      System.arraycopy(bufline, 0, newbufline, bufsize - tokenBegin, bufpos);
      System.arraycopy(bufcolumn, tokenBegin, newbufcolumn, 0, bufsize - tokenBegin);
      System.arraycopy(bufcolumn, 0, newbufcolumn, bufsize - tokenBegin, bufpos);
      maxNextCharInd = (bufpos += (bufsize - tokenBegin));
    } else {
      System.arraycopy(buffer, tokenBegin, newbuffer, 0, bufsize - tokenBegin);
      System.arraycopy(bufline, tokenBegin, newbufline, 0, bufsize - tokenBegin);
      System.arraycopy(bufcolumn, tokenBegin, newbufcolumn, 0, bufsize - tokenBegin);
      maxNextCharInd = (bufpos -= tokenBegin);
    }
    buffer = newbuffer;
    bufline = newbufline;
    bufcolumn = newbufcolumn;
    bufsize = newSize;
    available = bufsize;
    tokenBegin = 0;
  }
}
