package io.rocklake.kv.sst;

import java.util.LinkedHashMap;
import java.util.Map;

/** An LRU of decoded data blocks bounded by bytes; SST objects are immutable, so entries never go stale. */
public final class BlockCache {
  private record Key(String sstId, int block) {}

  private final long capacityBytes;
  private long usedBytes;
  private final LinkedHashMap<Key, Block> blocks = new LinkedHashMap<>(256, 0.75f, true);

  public BlockCache(long capacityBytes) {
    this.capacityBytes = capacityBytes;
  }

  synchronized Block get(String sstId, int block) {
    return blocks.get(new Key(sstId, block));
  }

  synchronized void put(String sstId, int block, Block decoded) {
    Block previous = blocks.put(new Key(sstId, block), decoded);
    if (previous != null) {
      usedBytes -= previous.sizeInBytes();
    }
    usedBytes += decoded.sizeInBytes();
    var it = blocks.entrySet().iterator();
    while (usedBytes > capacityBytes && it.hasNext()) {
      Map.Entry<Key, Block> eldest = it.next();
      usedBytes -= eldest.getValue().sizeInBytes();
      it.remove();
    }
  }
}
