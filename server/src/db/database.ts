import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Assume } from 'drizzle-orm/utils';
import type * as schema from './schema/index.js';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * What raw `orm.execute(sql…)` returns: both drivers' results carry `rows` (PGlite's `Results`,
 * node-postgres' `QueryResult`), so that is all modules may rely on.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}
interface RowsResult<Row> {
  rows: Row[];
}

/** The Drizzle handle modules query through; the same type whichever engine is underneath. */
export type Orm = PgDatabase<RowsQueryResultHKT, typeof schema>;

/**
 * One database, embedded (PGlite) or a PostgreSQL server. Modules use `orm`; the app owns the lifecycle.
 */
export interface Database {
  readonly kind: DatabaseKind;
  readonly orm: Orm;
  /** Applies the committed migrations in `server/drizzle/` that this database has not seen yet. */
  migrate(): Promise<void>;
  /** A real round trip (`select 1`); rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * One raw parameterised statement, outside any transaction, for the hot paths where Drizzle's query building
   * shows in the profile: on PostgreSQL a named prepared statement (parsed once per connection), on PGlite a plain
   * parameterised query. `values` are bound as `$1…$n`; the rows come back as the driver parses them.
   */
  query<Row extends Record<string, unknown>>(statement: PreparedStatement, values: readonly unknown[]): Promise<Row[]>;
  /**
   * One raw statement, outside any transaction, that reads a large text (a JSON array of many rows to insert):
   * `build` is given the SQL expression of that text and returns the statement, whose `values` are `$1…$n`. On
   * PGlite a text parameter is measured and encoded one character at a time in JavaScript (≈430 ms of the event
   * loop for the 17 MB of a 60,000-row workbook's passages), so there the text goes in as the statement's input
   * file (`/dev/blob`, read by `pg_read_file`); on PostgreSQL it is one more parameter. The text may come already
   * encoded as UTF-8 (made in another thread), which PGlite then takes as it is. Resolves to the statement's row
   * count.
   */
  executeWithText(build: (text: string) => string, text: string | Uint8Array<ArrayBuffer>, values: readonly unknown[]): Promise<number>;
  /**
   * Several such statements in one transaction on one connection: `run` queries through the `Queryable` it is
   * given; committed when it resolves, rolled back when it throws (and the error rethrown).
   */
  inTransaction<T>(run: (queryable: Queryable) => Promise<T>): Promise<T>;
  /**
   * Refreshes the planner's statistics of those of `tables` that have rows and were never analysed, or grew by more
   * than a tenth (and 32 kB) since they were last analysed; the names of the tables analysed. PGlite has no
   * autovacuum, and PostgreSQL's comes by within a minute or so: without statistics the planner takes
   * `status = 'ready'` or `user_id = …` to match a few rows of thousands, and a search then reads every passage
   * of every file instead of asking the full-text index.
   */
  analyzeGrown(tables: readonly string[]): Promise<string[]>;
  /** Idempotent. */
  close(): Promise<void>;
}

/** What runs prepared statements: the database itself, or one of its transactions (`inTransaction`). */
export type Queryable = Pick<Database, 'query'>;

/** A statement of `Database.query`: its name (unique per text) and its SQL text. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * Tables of `tables` never analysed (`reltuples` -1) that have rows, or whose data file has more than 10 % + 4 pages
 * more than when last analysed (`relpages` is what ANALYZE saw): autovacuum's rule of "a tenth changed" read from
 * the file's size, as PGlite keeps no counts of changed rows. Parameters: the table names as a text array.
 */
export const GROWN_TABLES_SQL = `
  select c.relname as name from pg_class c
  where c.oid in (select to_regclass(name) from unnest($1::text[]) as name) and c.relkind = 'r'
    and ((c.reltuples < 0 and pg_relation_size(c.oid) > 0)
      or pg_relation_size(c.oid) > current_setting('block_size')::bigint * (1.1 * c.relpages + 4))`;

/**
 * The statistics target of `analyzeSql`: ANALYZE reads 300 rows per unit of target, so 3,000 rows however large the
 * table (about 50 ms on PGlite, which holds its one connection meanwhile; the default of 100 read 30,000 and took
 * half a second at 13,000 passages). Enough to tell "every row" from "a few rows" and the common words from rare ones.
 */
const ANALYZE_STATISTICS_TARGET = 10;

/**
 * ANALYZE of tables named as the catalogue spells them (`GROWN_TABLES_SQL`), quoted as identifiers: one simple
 * query, whose implicit transaction bounds the `set local`.
 */
export function analyzeSql(tables: readonly string[]): string {
  return `set local default_statistics_target = ${ANALYZE_STATISTICS_TARGET}; analyze ${tables.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ')}`;
}
