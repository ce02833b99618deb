package io.rocklake.arrowscan;

import java.io.FilterInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A local file that counts the bytes read from it. */
final class CountingInputFile implements InputFile {
  private final InputFile file;
  private final AtomicLong bytes;

  CountingInputFile(Path path, AtomicLong bytes) {
    this.file = new LocalInputFile(path);
    this.bytes = bytes;
  }

  @Override
  public long getLength() throws IOException {
    return file.getLength();
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    SeekableInputStream in = file.newStream();
    return new DelegatingSeekableInputStream(new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          bytes.incrementAndGet();
        }
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
          bytes.addAndGet(n);
        }
        return n;
      }
    }) {
      @Override
      public long getPos() throws IOException {
        return in.getPos();
      }

      @Override
      public void seek(long pos) throws IOException {
        in.seek(pos);
      }
    };
  }
}
