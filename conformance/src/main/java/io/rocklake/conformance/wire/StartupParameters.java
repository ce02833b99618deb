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

  public String get(String name) {
    return values.get(name);
  }
}
