package io.rocklake.kv.store;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.util.Locale;

/**
 * Why a store call failed, as far as the operating system (or the remote store) said: the typed
 * reason a server needs to pick its SQLSTATE and to know whether waiting can help.
 */
public enum StoreFailureReason {
  /** ENOSPC / EDQUOT, or a remote store's "storage full": writes may work again once space is back. */
  NO_SPACE("No space left on device"),
  /** EROFS: the file system was mounted (or remounted) read-only. */
  READ_ONLY("Read-only file system"),
  /** EACCES / EPERM, or a remote store's 403. */
  PERMISSION_DENIED("Permission denied"),
  /** Anything else: the cause's own text is all there is. */
  OTHER("I/O error");

  private final String osText;

  StoreFailureReason(String osText) {
    this.osText = osText;
  }

  /** The C library's strerror text for this reason, as PostgreSQL prints it after "could not write ...: ". */
  public String osText() {
    return osText;
  }

  /**
   * Classifies a JDK file I/O failure. The JDK maps EACCES to AccessDeniedException and every other
   * errno to a FileSystemException (or, for write(2), a plain IOException) whose text is strerror's.
   */
  public static StoreFailureReason of(IOException e) {
    if (e instanceof AccessDeniedException) {
      return PERMISSION_DENIED;
    }
    String text = osCauseText(e).toLowerCase(Locale.ROOT);
    if (text.contains("no space left") || text.contains("disk quota exceeded")) {
      return NO_SPACE;
    }
    if (text.contains("read-only file system")) {
      return READ_ONLY;
    }
    if (text.contains("permission denied") || text.contains("operation not permitted")) {
      return PERMISSION_DENIED;
    }
    return OTHER;
  }

  /** The reason recorded anywhere in {@code t}'s cause chain; OTHER when no store failure is in it. */
  public static StoreFailureReason in(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ObjectStoreException s) {
        return s.reason();
      }
    }
    return OTHER;
  }

  /** strerror's text without the file names the JDK puts around it. */
  static String osCauseText(IOException e) {
    if (e instanceof AccessDeniedException) {
      return PERMISSION_DENIED.osText;
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
