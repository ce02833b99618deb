package io.rocklake.engine;

import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.pgwire.types.PgType;
import java.util.Collections;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The describe step, for the extended protocol's Describe: the PostgreSQL types of a statement's
 * parameters and the fields of its result, from the plan it would run.
 */
final class Describer {
  private final Reads reads;

  Describer(Reads reads) {
    this.reads = reads;
  }

  /** A statement Calcite does not plan: its parameters are untyped text, like quoted literals, and it has no rows. */
  static Description withoutRows(int parameterCount) {
    return new Description(untyped(parameterCount), null);
  }

  /** A query, planned in {@code tx}. */
  Description query(SqlNode statement, int parameterCount, CatalogTransaction tx) {
    ScanPlan scan = reads.scanPlan(statement, tx);
    if (scan == null) {
      scan = reads.lakeScanPlan(statement, tx);
    }
    if (scan != null) {
      return new Description(untyped(parameterCount), scan.fields());
    }
    CalcitePlan plan = reads.calcitePlan(statement, tx);
    // Without $n the plan's parameters are lifted literals, which the client never binds.
    List<PgType> params = parameterCount == 0 ? List.of()
        : plan.parameterTypes().stream().map(Describer::parameterType).toList();
    return new Description(params, plan.fields());
  }

  private static List<PgType> untyped(int parameterCount) {
    return Collections.nCopies(parameterCount, PgType.TEXT);
  }

  private static PgType parameterType(SqlTypeName t) {
    switch (t) {
      case BIGINT: return PgType.INT8;
      case INTEGER: return PgType.INT4;
      case SMALLINT: return PgType.INT2;
      case BOOLEAN: return PgType.BOOL;
      case DOUBLE: return PgType.FLOAT8;
      case DECIMAL: return PgType.NUMERIC;
      default: return PgType.TEXT;
    }
  }
}
