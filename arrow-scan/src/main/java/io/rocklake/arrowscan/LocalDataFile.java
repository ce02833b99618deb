package io.rocklake.arrowscan;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A local file read through a {@link FileChannel}, straight into the buffers parquet reads row groups
 * into. parquet's own {@code LocalInputFile} reads a buffer's worth into a new array and then copies it
 * into the buffer: a second allocation (over 1 MB per row group of DuckDB's files, a humongous one for
 * G1) and a second copy of every byte of the file.
 */
final class LocalDataFile implements InputFile {
  private final Path path;

  LocalDataFile(Path path) {
    this.path = path;
  }

  @Override
  public long getLength() throws IOException {
    try {
      return Files.size(path);
    } catch (NoSuchFileException e) {
      throw missing();
    }
  }

  @Override
  public SeekableInputStream newStream() throws IOException {
    try {
      return new Stream(FileChannel.open(path, StandardOpenOption.READ));
    } catch (NoSuchFileException e) {
      throw missing();
    }
  }

  /** A missing file said as LocalInputFile (RandomAccessFile) says it: NoSuchFileException's message is the bare path. */
  private FileNotFoundException missing() {
    return new FileNotFoundException(path + " (No such file or directory)");
  }

  @Override
  public String toString() {
    return path.toString();
  }

  private static final class Stream extends SeekableInputStream {
    private final FileChannel channel;

    Stream(FileChannel channel) {
      this.channel = channel;
    }

    @Override
    public long getPos() throws IOException {
      return channel.position();
    }

    @Override
    public void seek(long newPos) throws IOException {
      channel.position(newPos);
    }

    @Override
    public int read() throws IOException {
      ByteBuffer one = ByteBuffer.allocate(1);
      return read(one) < 1 ? -1 : one.get(0) & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return len == 0 ? 0 : channel.read(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(ByteBuffer.wrap(bytes));
    }

    @Override
    public void readFully(byte[] bytes, int start, int len) throws IOException {
      readFully(ByteBuffer.wrap(bytes, start, len));
    }

    @Override
    public int read(ByteBuffer buf) throws IOException {
      return buf.hasRemaining() ? channel.read(buf) : 0;
    }

    @Override
    public void readFully(ByteBuffer buf) throws IOException {
      while (buf.hasRemaining()) {
        if (channel.read(buf) < 0) {
          throw new EOFException("reached the end of the file with " + buf.remaining() + " bytes left to read");
        }
      }
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }
}
