/** Input RockLake must refuse or honour exactly as PostgreSQL 15 does, sent as raw bytes to both. */
package io.rocklake.conformance.input;
