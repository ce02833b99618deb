package io.rocklake.conformance.wire;

import java.util.LinkedHashMap;
import java.util.Map;

/** The protocol version and name/value pairs of a StartupMessage payload. */
public record StartupParameters(int protocolVersion, Map<String, String> values) {

  public static StartupParameters parse(byte[] payload) {
    PayloadReader r = new PayloadReader(payload);
    int version = r.int32();
    Map<String, String> values = new LinkedHashMap<>();
    while (r.hasRemaining()) {
      String name = r.cstring();
      if (name.isEmpty()) {
        break;
      }
      values.put(name, r.cstring());
    }
    return new StartupParameters(version, values);
  }

  /** The StartupMessage payload of these parameters, as a client sends it (no length word). */
  public byte[] payload() {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    b.write(protocolVersion >>> 24);
    b.write(protocolVersion >>> 16);
    b.write(protocolVersion >>> 8);
    b.write(protocolVersion);
    for (Map.Entry<String, String> e : values.entrySet()) {
      b.writeBytes((e.getKey() + "\0" + e.getValue() + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    b.write(0);
    return b.toByteArray();
  }

  /** The same parameters with {@code name} set to {@code value}. */
  public StartupParameters with(String name, String value) {
    Map<String, String> changed = new LinkedHashMap<>(values);
    changed.put(name, value);
    return new StartupParameters(protocolVersion, changed);
  }

  public String get(String name) {
    return values.get(name);
  }
}
