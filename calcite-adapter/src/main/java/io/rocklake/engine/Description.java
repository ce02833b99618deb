package io.rocklake.engine;

import io.rocklake.pgwire.types.PgType;
import java.util.List;

/**
 * What a statement takes and returns, for the extended protocol's Describe: its parameters'
 * types and its result's fields (null for a statement without rows).
 */
public record Description(List<PgType> parameterTypes, List<Field> fields) {}
