package io.rocklake.engine;

import java.io.StringReader;
import java.util.Map;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.ClassDeclaration;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.runtime.ArrayBindable;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/**
 * The Java class Calcite generates for a plan, as bytecode: what {@code EnumerableInterpretable.toBindable}
 * builds, compiled the same way (Janino, the same class declaration), but keeping the class files so
 * that a {@link PlanArchive} can carry the plan to another process, which then runs it without
 * Calcite's validator, optimizer, code generator or compiler.
 */
record GeneratedCode(String className, boolean singleColumn, Map<String, byte[]> classes) {
  GeneratedCode {
    classes = Map.copyOf(classes);
  }

  /** Generates and compiles the code of an optimized plan. */
  static GeneratedCode compile(EnumerableRel rel) {
    EnumerableRelImplementor implementor = new EnumerableRelImplementor(rel.getCluster().getRexBuilder(), new java.util.HashMap<>());
    ClassDeclaration declaration = implementor.implementRoot(rel, EnumerableRel.Prefer.ARRAY);
    String body = Expressions.toString(declaration.memberDeclarations, "\n", false);
    boolean single = rel.getRowType().getFieldCount() == 1;
    String source = "public final class " + declaration.name + " implements "
        + (single ? Bindable.class.getCanonicalName() + ", " + Typed.class.getCanonicalName()
            : ArrayBindable.class.getCanonicalName())
        + " {\n" + body + "\n}";
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(GeneratedCode.class.getClassLoader());
    try {
      compiler.cook(new StringReader(source));
    } catch (CompileException | java.io.IOException e) {
      throw new IllegalStateException("Error while compiling generated Java code:\n" + source, e);
    }
    return new GeneratedCode(declaration.name, single, compiler.getBytecodes());
  }

  /** A fresh instance of the generated class, loaded in a class loader of its own. */
  @SuppressWarnings("unchecked")
  Bindable<Object> instantiate() {
    try {
      Class<?> c = new Loader(classes).loadClass(className);
      return (Bindable<Object>) c.getDeclaredConstructors()[0].newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot load the generated class " + className, e);
    }
  }

  /** Defines the generated classes on demand, everything else from RockLake's own class loader. */
  private static final class Loader extends ClassLoader {
    private final Map<String, byte[]> classes;

    Loader(Map<String, byte[]> classes) {
      super(GeneratedCode.class.getClassLoader());
      this.classes = classes;
    }

    @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] b = classes.get(name);
      if (b == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, b, 0, b.length);
    }
  }
}
