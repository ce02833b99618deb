package io.rocklake.conformance.trace;

import net.bytebuddy.asm.Advice;

/** The code woven into every RockLake method while tracing: report entry and exit. */
public final class PathAdvice {
  private PathAdvice() {}

  @Advice.OnMethodEnter
  static void enter(@Advice.Origin("#t") String type, @Advice.Origin("#m") String method) {
    PathRecorder.enter(type, method);
  }

  @Advice.OnMethodExit(onThrowable = Throwable.class)
  static void exit() {
    PathRecorder.exit();
  }
}
