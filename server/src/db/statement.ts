import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DB_CASING } from './casing.js';
import type { PreparedStatement, Queryable } from './database.js';

const dialect = new PgDialect({ casing: DB_CASING });

/** A statement built once from Drizzle's `sql` (values as `sql.placeholder(name)`), run by `Database.query` (or a transaction's). */
export interface Statement<Row extends Record<string, unknown>> {
  readonly name: string;
  readonly text: string;
  /** Runs on the database, or inside one of its transactions (`Database.inTransaction`). */
  execute(database: Queryable, values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * Compiles `query` to its SQL text once: each call then binds the placeholders' values and runs it as a named
 * prepared statement (PostgreSQL parses and plans it once per connection), with no query building per call.
 */
export function statement<Row extends Record<string, unknown>>(name: string, query: SQL): Statement<Row> {
  const compiled = dialect.sqlToQuery(query);
  const prepared: PreparedStatement = { name, text: compiled.sql };
  return {
    name,
    text: compiled.sql,
    execute: (database, values) => database.query<Row>(prepared, fillPlaceholders(compiled.params, values)),
  };
}
