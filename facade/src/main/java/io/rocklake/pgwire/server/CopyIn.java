package io.rocklake.pgwire.server;

import io.rocklake.catalog.SqlState;
import io.rocklake.engine.CopyInTarget;
import io.rocklake.engine.EngineException;
import io.rocklake.engine.Outcome;
import io.rocklake.pgwire.types.InvalidByteSequenceException;
import io.rocklake.pgwire.types.PgCodecException;
import java.util.Iterator;
import org.apache.calcite.sql.SqlNode;

/**
 * One COPY FROM STDIN in progress: the stream decoder feeding its target, and the statements of the
 * simple query still to run after it. Every failure abandons the target (nothing of the COPY is
 * applied) and is thrown as the statement's error.
 */
final class CopyIn {
  private final CopyStreams.Decoder decoder;
  private final CopyInTarget target;
  private final Iterator<SqlNode> rest;

  CopyIn(Outcome.CopyIn copy, Iterator<SqlNode> rest) {
    this.decoder = CopyStreams.decoder(copy.fields(), copy.binary(), copy.nullMarker(), copy.target());
    this.target = copy.target();
    this.rest = rest;
  }

  /** The statements of the same Query after the COPY. */
  Iterator<SqlNode> rest() {
    return rest;
  }

  /** One CopyData payload: part of the byte stream, which may end inside a tuple or line. */
  void feed(byte[] data) {
    try {
      decoder.feed(data);
    } catch (RuntimeException e) {
      throw abandoned(e);
    }
  }

  /** CopyDone: the stream ends; the rows are applied. Returns how many. */
  long finish() {
    try {
      decoder.finish();
      return target.finish();
    } catch (RuntimeException e) {
      throw abandoned(e);
    }
  }

  void abandon() {
    target.abandon();
  }

  private EngineException abandoned(RuntimeException e) {
    abandon(); // given up twice is harmless: the target rolls back only what is still open
    if (e instanceof PgCodecException) {
      return new EngineException(SqlState.BAD_COPY_FILE_FORMAT, e.getMessage());
    }
    if (e instanceof InvalidByteSequenceException) {
      return new EngineException(InvalidByteSequenceException.SQLSTATE, e.getMessage());
    }
    if (e instanceof EngineException ee) {
      return ee;
    }
    throw e;
  }
}
