/**
 * Durable state as write-once objects: {@code ObjectStore} (the contract: atomic puts and {@code putIfAbsent}, the
 * compare-and-swap everything else is built on), its implementations {@code LocalFolderObjectStore} (the default) and
 * {@code S3ObjectStore}, {@code MeteredObjectStore} with {@code StoreMetrics} and {@code OpKind}, and the failures
 * ({@code ObjectStoreException}, {@code StoreFailureReason}, {@code ObjectNotFoundException}). It is its own package
 * because it is the only way the kv-store touches storage. Depends on the JDK and the AWS SDK only: no other RockLake
 * package. The test doubles {@code InMemoryObjectStore}, {@code FaultInjectingObjectStore} and
 * {@code SimulatedCrashException} also live here, in main code, so that other modules' tests can use them; they ship
 * in the production jar though no production code uses them.
 */
package io.rocklake.kv.store;
