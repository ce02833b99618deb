package io.rocklake.conformance.trace;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the instrumented code reports while a statement is traced: each RockLake file entered (in
 * order of first entry, with the first method entered there) and each call from one file into
 * another. Files are top-level classes: {@code QueryProtocol$State} is {@code QueryProtocol}.
 */
public final class PathRecorder {
  private static volatile boolean on;
  private static final Map<String, String> FILES = new LinkedHashMap<>();
  private static final Set<String> CALLS = new LinkedHashSet<>();
  private static final ThreadLocal<Deque<String>> STACK = ThreadLocal.withInitial(ArrayDeque::new);
  /** The longest chain of files on one thread's stack that reached the kv-store: the statement's hops. */
  private static java.util.List<String> deepest = java.util.List.of();

  private PathRecorder() {}

  static synchronized void start() {
    FILES.clear();
    CALLS.clear();
    deepest = java.util.List.of();
    on = true;
  }

  static synchronized void stop() {
    on = false;
  }

  static synchronized Map<String, String> files() {
    return new LinkedHashMap<>(FILES);
  }

  static synchronized java.util.List<String> deepestChain() {
    return deepest;
  }

  static synchronized Set<String> calls() {
    return new LinkedHashSet<>(CALLS);
  }

  /** Called on entry to every instrumented method, on whatever thread runs it. */
  public static void enter(String type, String method) {
    String file = file(type);
    Deque<String> stack = STACK.get();
    String caller = stack.peek();
    stack.push(file);
    if (!on || !onTheStatementsPath(Thread.currentThread().getName())) {
      return;
    }
    synchronized (PathRecorder.class) {
      FILES.putIfAbsent(file, method + " [" + Thread.currentThread().getName().replaceAll("-?\\d+$", "") + "]");
      if (caller != null && !caller.equals(file)) {
        CALLS.add(caller + " -> " + file);
      }
      if (file.startsWith("io.rocklake.kv.")) {
        java.util.List<String> chain = new java.util.ArrayList<>();
        java.util.Iterator<String> down = stack.descendingIterator(); // bottom of the stack first
        while (down.hasNext()) {
          String f = down.next();
          if (chain.isEmpty() || !chain.get(chain.size() - 1).equals(f)) {
            chain.add(f);
          }
        }
        if (chain.size() > deepest.size()) {
          deepest = chain;
        }
      }
    }
  }

  /** Called on every exit, normal or by an exception. */
  public static void exit() {
    Deque<String> stack = STACK.get();
    if (!stack.isEmpty()) {
      stack.pop();
    }
  }

  /** The session's thread and Netty's I/O threads; not the fence check, GC or compaction. */
  private static boolean onTheStatementsPath(String thread) {
    return thread.startsWith("rocklake-session") || thread.startsWith("nioEventLoopGroup");
  }

  private static String file(String type) {
    int nested = type.indexOf('$');
    return nested < 0 ? type : type.substring(0, nested);
  }
}
