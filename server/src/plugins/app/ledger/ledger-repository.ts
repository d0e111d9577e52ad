import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Orm } from '../../../db/database.js';
import { type Statement, statement } from '../../../db/statement.js';
import { balances, type LedgerEntryKind, ledgerEntries, openHolds, tokenTransactions } from '../../../db/schema/index.js';
import { type HoldQueries, holdQueries } from './ledger-hold-queries.js';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type TokenTransactionRow = typeof tokenTransactions.$inferSelect;
/** What a balance list shows of an entry: only these columns are read. */
export type ListedEntry = Pick<LedgerEntryRow, 'kind' | 'amount' | 'note' | 'createdAt'>;
/** What a token list shows of a transaction. */
export type ListedTokenTransaction = Pick<TokenTransactionRow, 'promptTokens' | 'completionTokens' | 'totalTokens' | 'totalCost' | 'message' | 'createdAt'>;
export type BalanceRow = typeof balances.$inferSelect;

/** A credit's entry: a deposit, refund or adjustment (holds, releases and token charges are ledger-hold-queries.ts's). */
export interface NewEntry {
  kind: Extract<LedgerEntryKind, 'deposit' | 'refund' | 'adjustment'>;
  amount: number;
  idempotencyKey: string;
  note?: string;
}

/** What a credit may do while it holds the user's balance row lock. */
export interface LockedBalance {
  readonly balance: BalanceRow;
  entryByKey(idempotencyKey: string): Promise<LedgerEntryRow | undefined>;
  /**
   * Appends the entry and moves `balances` by it in the same transaction. The CHECK constraints refuse anything
   * that would take the balance below zero.
   */
  append(entry: NewEntry): Promise<LedgerEntryRow>;
}

export interface Page<Row> {
  items: Row[];
  total: number;
}

/** One page of a list: which rows (`since <= created_at < before`), in which order, how many. */
export interface ListSlice {
  offset: number;
  limit: number;
  /** `date`: creation order; `amount`: the entry's signed amount, or a token transaction's cost. */
  sort: 'date' | 'amount';
  order: 'asc' | 'desc';
  since?: Date;
  before?: Date;
}

/** One Vietnam calendar day's settled AI spend and deposits, VND (days without either are absent). */
export interface DailyTotals {
  /** YYYY-MM-DD, Vietnam time. */
  day: string;
  spend: number;
  deposits: number;
}

/**
 * The ledger's SQL: balances, append-only entries, token transactions. Nothing here updates or deletes an entry.
 * The holds of AI calls (`hold`, `settle`, `release`) are in ledger-hold-queries.ts.
 */
export interface LedgerRepository extends HoldQueries {
  /** Runs `work` in one transaction holding the user's balance row (created at 0 if missing) `FOR UPDATE`. */
  withLockedBalance<T>(userId: string, now: Date, work: (locked: LockedBalance) => Promise<T>): Promise<T>;
  findBalance(userId: string): Promise<BalanceRow | undefined>;
  /** The balance rows of the users given, in one query (users without a row are absent). */
  findBalances(userIds: readonly string[]): Promise<BalanceRow[]>;
  /** Ids of reservations made before `before` that nothing closed (no release, no charge), oldest first. */
  staleReservations(before: Date, limit: number): Promise<string[]>;
  listEntries(userId: string, kinds: readonly LedgerEntryKind[], slice: ListSlice): Promise<Page<ListedEntry>>;
  listTokenTransactions(userId: string, slice: ListSlice): Promise<Page<ListedTokenTransaction>>;
  /** Settled token charges and deposits since `since`, summed per Vietnam day, oldest first. */
  dailyTotals(userId: string, since: Date): Promise<DailyTotals[]>;
  /** Σ amount of the user's entries: equals `balances.available` (tests check the invariant). */
  sumOfEntries(userId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ledgerRepository: LedgerRepository;
  }
}

/** The Vietnam calendar day (YYYY-MM-DD) of a timestamptz: UTC+7 all year, as `vietnamDate` in http/list-query.ts. */
const vietnamDaySql = (column: AnyPgColumn) => sql<string>`to_char((${column} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;

/** `created_at` inside the slice's range. */
function inRange(createdAt: AnyPgColumn, slice: ListSlice): SQL[] {
  return [...(slice.since ? [gte(createdAt, sql.placeholder('since'))] : []), ...(slice.before ? [lt(createdAt, sql.placeholder('before'))] : [])];
}

/**
 * What a list query's SQL depends on besides its values: the sort, the direction and which range ends are set.
 * Each shape is built once and prepared (`listQueries`); a call only binds its values (`valuesOf`).
 */
function shapeOf(slice: ListSlice): string {
  return `${slice.sort}:${slice.order}:${slice.since ? 'since' : ''}:${slice.before ? 'before' : ''}`;
}

function valuesOf(userId: string, slice: ListSlice): Record<string, unknown> {
  return { userId, offset: slice.offset, limit: slice.limit, since: slice.since, before: slice.before };
}

/** The sort key, then creation order (`created_at`, `seq`) to break ties — all in the requested direction. */
function ordering(slice: ListSlice, amount: AnyPgColumn, createdAt: AnyPgColumn, seq: AnyPgColumn): SQL[] {
  const direction = slice.order === 'asc' ? asc : desc;
  return [...(slice.sort === 'amount' ? [amount] : []), createdAt, seq].map((column) => direction(column));
}

/** A page of entries as the driver reads it: the total (every row the filter matches) on each row; int8 as text or number. */
interface EntryPageRow extends Record<string, unknown> {
  kind: LedgerEntryKind;
  amount: string | number;
  note: string;
  created_at: Date | string;
  total: string | number;
}

/** Every row the filter matches, counted before OFFSET and LIMIT apply: the page and its total in one query. */
const windowTotal = sql<number>`count(*) over ()`.mapWith(Number);

/** The page with the total its rows carry; a page past the end has no row to carry it, so it is counted alone. */
async function pageOf<Row>(rows: { row: Row; total: number }[], slice: ListSlice, countAll: () => Promise<number>): Promise<Page<Row>> {
  const [first] = rows;
  const total = first ? first.total : slice.offset > 0 ? await countAll() : 0;
  return { items: rows.map(({ row }) => row), total };
}

function lockedBalance(tx: Orm, userId: string, now: Date, initial: BalanceRow): LockedBalance {
  let balance = initial;
  return {
    get balance() {
      return balance;
    },
    async entryByKey(idempotencyKey) {
      const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
      return row;
    },
    async append(entry) {
      const [updated] = await tx
        .update(balances)
        .set({ available: sql`${balances.available} + ${entry.amount}`, updatedAt: now })
        .where(eq(balances.userId, userId))
        .returning();
      if (!updated) throw new Error('balance row vanished under its lock');
      balance = updated;
      const [row] = await tx
        .insert(ledgerEntries)
        .values({
          id: crypto.randomUUID(),
          userId,
          kind: entry.kind,
          amount: entry.amount,
          balanceAfter: updated.available,
          idempotencyKey: entry.idempotencyKey,
          reservationId: null,
          pageId: null,
          note: entry.note ?? '',
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('ledger insert returned nothing');
      return row;
    },
  };
}

function ledgerRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;
  /** The prepared list queries, one per table and shape (a few dozen at most). */
  const listQueries = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>();
  /** The pages of ledger entries, one statement per kinds and shape. */
  const entryPages = new Map<string, Statement<EntryPageRow>>();
  /** PostgreSQL keeps 63 bytes of a statement's name: a short one per shape, unique in this process. */
  const nameOf = () => `ledger_list_${listQueries.size + entryPages.size}`;
  /** A list's count alone, for a page past the end (no row carries the total). */
  const countOf = async (key: string, table: typeof ledgerEntries | typeof tokenTransactions, where: SQL | undefined, values: Record<string, unknown>) => {
    let counted = listQueries.get(key);
    if (!counted) {
      counted = orm.select({ n: count() }).from(table).where(where).prepare(nameOf());
      listQueries.set(key, counted);
    }
    const [row] = (await counted.execute(values)) as { n: number }[];
    return row?.n ?? 0;
  };

  const repository: LedgerRepository = {
    ...holdQueries(app.db),
    withLockedBalance: (userId, now, work) =>
      orm.transaction(async (tx) => {
        await tx.insert(balances).values({ userId, available: 0, reserved: 0, updatedAt: now }).onConflictDoNothing();
        const [row] = await tx.select().from(balances).where(eq(balances.userId, userId)).for('update');
        if (!row) throw new Error('balance row missing after insert');
        return work(lockedBalance(tx, userId, now, row));
      }),
    async findBalance(userId) {
      const [row] = await orm.select().from(balances).where(eq(balances.userId, userId));
      return row;
    },
    findBalances: async (userIds) => (userIds.length === 0 ? [] : orm.select().from(balances).where(inArray(balances.userId, [...userIds]))),
    async staleReservations(before, limit) {
      const rows = await orm
        .select({ id: openHolds.reservationId })
        .from(openHolds)
        .where(lt(openHolds.createdAt, before))
        .orderBy(asc(openHolds.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
    async listEntries(userId, kinds, slice) {
      const key = `ledger_entries:${kinds.join(',')}:${shapeOf(slice)}`;
      const where = () => and(eq(ledgerEntries.userId, sql.placeholder('userId')), inArray(ledgerEntries.kind, [...kinds]), ...inRange(ledgerEntries.createdAt, slice));
      let page = entryPages.get(key);
      if (!page) {
        // The page the balance screen asks for on every visit: run through Database.query, rows as the driver reads them.
        page = statement<EntryPageRow>(
          nameOf(),
          sql`select ${ledgerEntries.kind}, ${ledgerEntries.amount}, ${ledgerEntries.note}, ${ledgerEntries.createdAt}, count(*) over () as total
            from ${ledgerEntries} where ${where()}
            order by ${sql.join(ordering(slice, ledgerEntries.amount, ledgerEntries.createdAt, ledgerEntries.seq), sql`, `)}
            offset ${sql.placeholder('offset')} limit ${sql.placeholder('limit')}`,
        );
        entryPages.set(key, page);
      }
      const values = valuesOf(userId, slice);
      const rows = await page.execute(app.db, values);
      const listed = rows.map((row) => ({
        row: { kind: row.kind, amount: Number(row.amount), note: row.note, createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at) },
        total: Number(row.total),
      }));
      return pageOf(listed, slice, () => countOf(`${key}:count`, ledgerEntries, where(), values));
    },
    async listTokenTransactions(userId, slice) {
      const key = `token_transactions:${shapeOf(slice)}`;
      let page = listQueries.get(key);
      if (!page) {
        page = orm
          .select({
            row: {
              promptTokens: tokenTransactions.promptTokens,
              completionTokens: tokenTransactions.completionTokens,
              totalTokens: tokenTransactions.totalTokens,
              totalCost: tokenTransactions.totalCost,
              message: tokenTransactions.message,
              createdAt: tokenTransactions.createdAt,
            },
            total: windowTotal,
          })
          .from(tokenTransactions)
          .where(and(eq(tokenTransactions.userId, sql.placeholder('userId')), ...inRange(tokenTransactions.createdAt, slice)))
          .orderBy(...ordering(slice, tokenTransactions.totalCost, tokenTransactions.createdAt, tokenTransactions.seq))
          .offset(sql.placeholder('offset'))
          .limit(sql.placeholder('limit'))
          .prepare(nameOf());
        listQueries.set(key, page);
      }
      const values = valuesOf(userId, slice);
      const rows = (await page.execute(values)) as { row: ListedTokenTransaction; total: number }[];
      return pageOf(rows, slice, () => countOf(`${key}:count`, tokenTransactions, and(eq(tokenTransactions.userId, sql.placeholder('userId')), ...inRange(tokenTransactions.createdAt, slice)), values));
    },
    async dailyTotals(userId, since) {
      const day = vietnamDaySql(ledgerEntries.createdAt);
      const rows = await orm
        .select({
          day,
          spend: sql<string>`coalesce(sum(-${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'token_charge'), 0)`,
          deposits: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'deposit'), 0)`,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, ['token_charge', 'deposit']), gte(ledgerEntries.createdAt, since)))
        .groupBy(day)
        .orderBy(day);
      return rows.map((row) => ({ day: row.day, spend: Number(row.spend), deposits: Number(row.deposits) }));
    },
    async sumOfEntries(userId) {
      const [row] = await orm.select({ total: sql<string | null>`sum(${ledgerEntries.amount})` }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
      return Number(row?.total ?? 0);
    },
  };
  app.decorate('ledgerRepository', repository);
}

export default fp(ledgerRepositoryPlugin, { name: 'ledger-repository', fastify: '5.x', dependencies: ['db'] });
