package io.rocklake.engine;

import io.rocklake.catalog.CatalogException;
import io.rocklake.catalog.CatalogTransaction;
import io.rocklake.catalog.ColumnDef;
import io.rocklake.catalog.RelationDef;
import io.rocklake.sql.ast.SqlCopyFrom;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code COPY table [(columns)] FROM STDIN}: the rows the wire decodes, inserted into the
 * statement's transaction as they arrive. Outside a block the COPY has a transaction of its own,
 * committed when the stream ends and rolled back if it fails; in a block a failed stream fails
 * the block, as any failed statement does.
 */
final class CopyIntoTable implements CopyInTarget {
  private final TransactionBlock block;
  private final CatalogTransaction tx;
  private final boolean own;
  private final RelationDef relation;
  private final int[] targets;
  private final Writes writes;
  private long rows;

  private CopyIntoTable(TransactionBlock block, CatalogTransaction tx, RelationDef relation, int[] targets) {
    this.block = block;
    this.tx = tx;
    this.own = block.own(tx);
    this.relation = relation;
    this.targets = targets;
    this.writes = new Writes(tx, new Eval(block.now(), List.of()));
  }

  /** Starts the COPY (the client streams rows next); an unknown relation or column ends it at once. */
  static Outcome.CopyIn start(SqlCopyFrom copy, CopyOptions options, TransactionBlock block) {
    CatalogTransaction tx = block.enter();
    RelationDef rel;
    int[] targets;
    try {
      rel = Relations.require(tx, copy.table());
      targets = Writes.targetColumns(rel, copy.columns());
    } catch (RuntimeException e) {
      if (block.own(tx)) {
        tx.rollback();
      }
      throw e;
    }
    List<Field> fields = new ArrayList<>();
    for (int t : targets) {
      ColumnDef c = rel.columns().get(t);
      fields.add(new Field(c.name(), Coercions.pgType(c.type()), c.typmod(), 0, (short) (t + 1)));
    }
    return new Outcome.CopyIn(fields, options.binary(), options.nullMarker(), new CopyIntoTable(block, tx, rel, targets));
  }

  @Override public void row(Object[] values) {
    try {
      Object[] catalogValues = new Object[values.length];
      for (int i = 0; i < values.length; i++) {
        catalogValues[i] = values[i] instanceof String s ? new Unknown(s) : values[i];
      }
      writes.insertRow(relation, targets, catalogValues);
      rows++;
    } catch (CatalogException e) {
      throw block.fail(EngineException.from(e));
    } catch (RuntimeException e) {
      throw block.fail(EngineException.unexpected(e));
    }
  }

  @Override public long finish() {
    if (own) {
      try {
        tx.commit();
      } catch (CatalogException e) {
        throw EngineException.from(e);
      }
    }
    return rows;
  }

  @Override public void abandon() {
    if (!own) {
      block.failStatement();
    } else if (tx.isActive()) {
      tx.rollback();
    }
  }
}
