package io.rocklake.kv.store;

class InMemoryObjectStoreTest extends ObjectStoreContract {
  private final InMemoryObjectStore store = new InMemoryObjectStore();

  @Override
  protected ObjectStore store() {
    return store;
  }
}
