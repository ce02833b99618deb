package io.rocklake.kv.store;

/** A ranged read named an object that does not exist. */
public class ObjectNotFoundException extends ObjectStoreException {
  private static final long serialVersionUID = 1L;

  public ObjectNotFoundException(String key) {
    super("object not found: " + key);
  }
}
