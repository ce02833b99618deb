package io.rocklake.arrowscan;

/**
 * A data or delete file that cannot be read as the plan says: unsupported type or codec, a type the
 * plan's type is not a promotion of, a corrupt or missing file. The message names the file and column.
 */
public class LakeReadException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LakeReadException(String message) {
    super(message);
  }

  public LakeReadException(String message, Throwable cause) {
    super(message, cause);
  }
}
