import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/database.js';
import { statement } from '../../../db/statement.js';
import type { LedgerEntryRow } from './ledger-repository.js';
import type { RefusalReason } from './ledger-guards.js';

/**
 * The SQL of an AI call's hold, settlement and release: each a few round trips at most, none reading a row it
 * already has. What they rely on for "billed once, never below zero":
 * - the user's balance row is the lock every money operation takes before it writes an entry;
 * - the unique indexes of `ledger_entries` (idempotency key, one release and one token charge per reservation)
 *   and of `token_transactions` (idempotency key, reservation): a statement that would close a reservation a
 *   concurrent one closed fails with a unique violation and writes nothing (the caller runs it once more and
 *   meets what the other one wrote);
 * - the CHECK constraints of `balances` and `ledger_entries` (nothing below zero).
 */

/** What a hold answers of an entry: its identity, amount, the balance right after it. */
export type HoldEntry = Pick<LedgerEntryRow, 'id' | 'userId' | 'kind' | 'amount' | 'balanceAfter' | 'reservationId' | 'pageId' | 'createdAt'>;

export interface HoldRequest {
  userId: string;
  pageId: string | null;
  amount: number;
  idempotencyKey: string;
  now: Date;
  /** Start of the Vietnam day the daily caps count from. */
  since: Date;
  capUser: number;
  capPage: number;
}

/** `hold`: `entry` was written; `replay`: `entry` is what the key wrote before; otherwise the limit that refused. */
export interface HoldVerdict {
  outcome: 'hold' | 'replay' | RefusalReason;
  /** The available balance before this hold. */
  available: number;
  entry: HoldEntry | undefined;
}

export interface SettleRequest {
  reservationId: string;
  idempotencyKey: string;
  releaseKey: string;
  /** The real cost of the call: what is charged, as far as the balance (with the hold returned) goes. */
  cost: number;
  promptTokens: number;
  completionTokens: number;
  message: string;
  note: string;
  now: Date;
}

/** What a settlement statement found or wrote. Absent parts are `undefined`. */
export interface SettleVerdict {
  /** The reservation's owner; `undefined` when no reservation has this id. */
  userId: string | undefined;
  /** The reservation was already closed (released or charged) before this statement. */
  closed: boolean;
  /** This statement settled it: the available balance before, and what it took. */
  settled: { availableBefore: number; charged: number } | undefined;
  /** The token transaction of the key: written now, or by an earlier call with it. */
  transaction: { id: string; reservationId: string; promptTokens: number; completionTokens: number; totalTokens: number } | undefined;
  /** The entry of the key (the token charge, written now or before; on a key reused, whatever it is). */
  charge: { id: string; amount: number; balanceAfter: number } | undefined;
  /** The hold's return written with the charge (by its own key), now or before. */
  release: { amount: number; balanceAfter: number } | undefined;
}

export interface ReleaseRequest {
  reservationId: string;
  idempotencyKey: string;
  note: string;
  now: Date;
}

export interface ReleaseVerdict {
  userId: string | undefined;
  closed: boolean;
  /** The entry of the key: the release written now, or what the key wrote before. */
  entry: { kind: string; reservationId: string | null; amount: number; balanceAfter: number } | undefined;
}

export interface HoldQueries {
  /**
   * In one transaction: lock the user's balance row (created at 0 if missing), then check and write the hold in one
   * statement. Four round trips (begin, lock, hold, commit); the first hold of a user without a balance row, six.
   */
  hold(request: HoldRequest): Promise<HoldVerdict>;
  /** One statement: the hold's return, the token charge and the token transaction, or what the key wrote before. */
  settle(request: SettleRequest): Promise<SettleVerdict>;
  /** One statement: the hold's return, or what the key wrote before. */
  release(request: ReleaseRequest): Promise<ReleaseVerdict>;
}

const value = (name: string) => sql.placeholder(name);
const userId = sql`${value('userId')}::uuid`;
const reservationId = sql`${value('reservationId')}::uuid`;
const now = sql`${value('now')}::timestamptz`;
const key = sql`${value('key')}::text`;

/** Locks the user's balance row until the transaction ends; no row when the user has none yet. */
const lockBalance = statement<{ user_id: string }>('ledger_lock_balance', sql`select user_id from balances where user_id = ${userId} for update`);

/** The user's first balance row, at 0 (a concurrent creation of the same row wins; this one then does nothing). */
const createBalance = statement('ledger_create_balance', sql`insert into balances (user_id, available, reserved, updated_at) values (${userId}, 0, 0, ${now}) on conflict do nothing`);

type EntryColumns = { id: string | null; user_id: string | null; kind: string | null; amount: string | number | null; balance_after: string | number | null; reservation_id: string | null; page_id: string | null; created_at: Date | string | null };

/**
 * The hold, run while the transaction holds the balance lock (`lockBalance`), so its snapshot already has every
 * entry a concurrent operation of the user wrote: the daily caps count them all. Answers the entry of the key when
 * it exists; otherwise checks the balance, then the user's and the page's day (charges since `since` plus every
 * open hold), and writes the hold only when all pass — the balance moved and the entry appended together.
 */
const holdStatement = statement<EntryColumns & { outcome: HoldVerdict['outcome']; available: string | number }>(
  'ledger_hold',
  sql`with previous as (
      select id, user_id, kind, amount, balance_after, reservation_id, page_id, created_at
      from ledger_entries where idempotency_key = ${key}
    ),
    balance as (select available from balances where user_id = ${userId}),
    charged as (
      select amount, page_id from ledger_entries
      where user_id = ${userId} and kind = 'token_charge' and created_at >= ${value('since')}::timestamptz
    ),
    held as (select -amount as amount, page_id from open_holds where user_id = ${userId}),
    spend as (
      select
        (select coalesce(sum(-amount), 0) from charged) + (select coalesce(sum(-amount), 0) from held) as user_spend,
        (select coalesce(sum(-amount), 0) from charged where page_id = ${value('pageId')}::text)
          + (select coalesce(sum(-amount), 0) from held where page_id = ${value('pageId')}::text) as page_spend
    ),
    verdict as (
      select b.available, case
          when exists (select 1 from previous) then 'replay'
          when b.available < ${value('amount')}::bigint then 'insufficient_balance'
          when s.user_spend + ${value('amount')}::bigint > ${value('capUser')}::bigint then 'daily_cap_user'
          when ${value('pageId')}::text is not null and s.page_spend + ${value('amount')}::bigint > ${value('capPage')}::bigint then 'daily_cap_page'
          else 'hold'
        end as outcome
      from balance b cross join spend s
    ),
    moved as (
      update balances set
        available = available - ${value('amount')}::bigint,
        reserved = reserved + ${value('amount')}::bigint,
        updated_at = ${now}
      where user_id = ${userId} and (select outcome from verdict) = 'hold'
      returning available
    ),
    written as (
      insert into ledger_entries (id, user_id, kind, amount, balance_after, idempotency_key, reservation_id, page_id, note, created_at)
      select ${value('id')}::uuid, ${userId}, 'reservation', -${value('amount')}::bigint, m.available, ${key}, ${value('id')}::uuid,
        ${value('pageId')}::text, ${value('note')}::text, ${now}
      from moved m
      returning id, user_id, kind, amount, balance_after, reservation_id, page_id, created_at
    ),
    opened as (
      insert into open_holds (reservation_id, user_id, page_id, amount, created_at)
      select id, user_id, page_id, -amount, created_at from written
    )
    select v.outcome, v.available, e.*
    from verdict v left join (select * from written union all select * from previous) as e on true`,
);

/** A settlement or a release that wrote the reservation's release takes it off the open holds in the same statement. */
const closeOpenHold = sql`closed_hold as (
      delete from open_holds where reservation_id = ${reservationId} and exists (select 1 from written where kind = 'release')
    )`;

/**
 * A settlement's or a release's reservation (owner, page, amount held) and the entries that closed it, if any. The
 * closing entries are looked up one kind at a time, each through its partial unique index
 * (`ledger_entries_one_release_per_reservation`, `…_one_charge_per_reservation`): a `kind in (…)` condition matches
 * neither index's predicate and reads the whole ledger, every user's, on each settlement (`bench/ledger-holds.ts`).
 */
const reservationAndClosing = sql`reservation as (
      select user_id, page_id, -amount as held from ledger_entries where id = ${reservationId} and kind = 'reservation'
    ),
    closing as (
      select 1 from ledger_entries where reservation_id = ${reservationId} and kind = 'release'
      union all
      select 1 from ledger_entries where reservation_id = ${reservationId} and kind = 'token_charge'
    )`;

/**
 * The settlement in one statement (atomic on its own). The reservation, whether anything closed it and what the key
 * wrote before are read from the statement's snapshot; the balance row is then locked `FOR UPDATE`, which answers
 * its newest version (after any concurrent operation of the user committed), and every amount is computed from
 * that version: the whole hold back, then the cost as far as the balance goes (never below zero). The entries are
 * written before the balance moves (`moved` waits for `written`): a close of the same reservation that committed
 * after the snapshot makes their insert fail on a unique index, before any balance CHECK could, and the whole
 * statement fails with it.
 */
const settleStatement = statement<{
  user_id: string | null;
  closed: boolean;
  available_before: string | number | null;
  charged: string | number | null;
  transaction_id: string | null;
  transaction_reservation_id: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
  charge_id: string | null;
  charge_amount: string | number | null;
  charge_balance_after: string | number | null;
  release_amount: string | number | null;
  release_balance_after: string | number | null;
}>(
  'ledger_settle',
  sql`with ${reservationAndClosing},
    charged_before as (select id, amount, balance_after from ledger_entries where idempotency_key = ${key}),
    recorded_before as (
      select id, reservation_id, prompt_tokens, completion_tokens, total_tokens from token_transactions where idempotency_key = ${key}
    ),
    released_before as (select amount, balance_after from ledger_entries where idempotency_key = ${value('releaseKey')}::text),
    open_hold as (
      select * from reservation
      where not exists (select 1 from closing) and not exists (select 1 from charged_before) and not exists (select 1 from recorded_before)
    ),
    locked as materialized (
      select b.user_id, h.page_id, h.held, b.available as available_before, least(${value('cost')}::bigint, b.available + h.held) as charged
      from balances b join open_hold h on h.user_id = b.user_id
      for update of b
    ),
    written as (
      insert into ledger_entries (id, user_id, kind, amount, balance_after, idempotency_key, reservation_id, page_id, note, created_at)
      select e.id, l.user_id, e.kind, e.amount, e.balance_after, e.idempotency_key, ${reservationId}, l.page_id, e.note, ${now}
      from locked l cross join lateral (values
        (1, ${value('releaseId')}::uuid, 'release', l.held, l.available_before + l.held, ${value('releaseKey')}::text, ${value('releaseNote')}::text),
        (2, ${value('chargeId')}::uuid, 'token_charge', -l.charged, l.available_before + l.held - l.charged, ${key}, ${value('note')}::text)
      ) as e(position, id, kind, amount, balance_after, idempotency_key, note)
      order by e.position
      returning id, kind, amount, balance_after
    ),
    recorded as (
      insert into token_transactions (id, user_id, page_id, reservation_id, prompt_tokens, completion_tokens, total_tokens, total_cost, message, idempotency_key, created_at)
      select ${value('transactionId')}::uuid, l.user_id, l.page_id, ${reservationId}, ${value('promptTokens')}::integer,
        ${value('completionTokens')}::integer, ${value('totalTokens')}::integer, l.charged, ${value('message')}::text, ${key}, ${now}
      from locked l
      returning id, reservation_id, prompt_tokens, completion_tokens, total_tokens
    ),
    moved as (
      update balances b set
        available = l.available_before + l.held - l.charged,
        reserved = b.reserved - l.held,
        updated_at = ${now}
      from locked l where b.user_id = l.user_id and exists (select 1 from written)
      returning l.available_before, l.charged
    ),
    ${closeOpenHold}
    select
      (select user_id from reservation) as user_id,
      exists (select 1 from closing) as closed,
      m.available_before, m.charged,
      t.id as transaction_id, t.reservation_id as transaction_reservation_id, t.prompt_tokens, t.completion_tokens, t.total_tokens,
      c.id as charge_id, c.amount as charge_amount, c.balance_after as charge_balance_after,
      r.amount as release_amount, r.balance_after as release_balance_after
    from (select 1) as one
      left join moved m on true
      left join (select * from recorded union all select * from recorded_before) as t on true
      left join (select id, amount, balance_after from written where kind = 'token_charge' union all select * from charged_before) as c on true
      left join (select amount, balance_after from written where kind = 'release' union all select * from released_before) as r on true`,
);

/**
 * The release in one statement, on the same footing as `settleStatement`: the whole hold back to the newest
 * balance, unless something closed the reservation or the key was used; a concurrent close fails it on a unique index.
 */
const releaseStatement = statement<{
  user_id: string | null;
  closed: boolean;
  kind: string | null;
  reservation_id: string | null;
  amount: string | number | null;
  balance_after: string | number | null;
}>(
  'ledger_release',
  sql`with ${reservationAndClosing},
    released_before as (select kind, reservation_id, amount, balance_after from ledger_entries where idempotency_key = ${key}),
    open_hold as (
      select * from reservation where not exists (select 1 from closing) and not exists (select 1 from released_before)
    ),
    locked as materialized (
      select b.user_id, h.page_id, h.held, b.available as available_before
      from balances b join open_hold h on h.user_id = b.user_id
      for update of b
    ),
    written as (
      insert into ledger_entries (id, user_id, kind, amount, balance_after, idempotency_key, reservation_id, page_id, note, created_at)
      select ${value('id')}::uuid, l.user_id, 'release', l.held, l.available_before + l.held, ${key}, ${reservationId}, l.page_id, ${value('note')}::text, ${now}
      from locked l
      returning kind, reservation_id, amount, balance_after
    ),
    moved as (
      update balances b set available = l.available_before + l.held, reserved = b.reserved - l.held, updated_at = ${now}
      from locked l where b.user_id = l.user_id and exists (select 1 from written)
    ),
    ${closeOpenHold}
    select (select user_id from reservation) as user_id, exists (select 1 from closing) as closed, e.*
    from (select 1) as one left join (select * from written union all select * from released_before) as e on true`,
);

/** bigint columns come back as strings from node-postgres. */
const vnd = (raw: string | number | null): number => Number(raw);

function entryOf(row: EntryColumns): HoldEntry | undefined {
  if (row.id === null || row.user_id === null || row.kind === null || row.created_at === null) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as HoldEntry['kind'],
    amount: vnd(row.amount),
    balanceAfter: vnd(row.balance_after),
    reservationId: row.reservation_id,
    pageId: row.page_id,
    createdAt: new Date(row.created_at),
  };
}

export function holdQueries(db: Pick<Database, 'inTransaction' | 'query'>): HoldQueries {
  const lock = async (on: Queryable, user: string, at: Date) => {
    if ((await lockBalance.execute(on, { userId: user })).length > 0) return;
    await createBalance.execute(on, { userId: user, now: at });
    if ((await lockBalance.execute(on, { userId: user })).length === 0) throw new Error('balance row missing after insert');
  };

  return {
    hold: (request) =>
      db.inTransaction(async (transaction) => {
        await lock(transaction, request.userId, request.now);
        const id = crypto.randomUUID();
        const [row] = await holdStatement.execute(transaction, {
          id,
          userId: request.userId,
          pageId: request.pageId,
          amount: request.amount,
          key: request.idempotencyKey,
          now: request.now,
          since: request.since,
          capUser: request.capUser,
          capPage: request.capPage,
          note: 'AI reply hold',
        });
        if (!row) throw new Error('the hold statement answered no row');
        return { outcome: row.outcome, available: vnd(row.available), entry: entryOf(row) };
      }),

    async settle(request) {
      const [row] = await settleStatement.execute(db, {
        reservationId: request.reservationId,
        key: request.idempotencyKey,
        releaseKey: request.releaseKey,
        cost: request.cost,
        now: request.now,
        releaseId: crypto.randomUUID(),
        chargeId: crypto.randomUUID(),
        transactionId: crypto.randomUUID(),
        releaseNote: 'AI reply hold returned',
        note: request.note,
        promptTokens: request.promptTokens,
        completionTokens: request.completionTokens,
        totalTokens: request.promptTokens + request.completionTokens,
        message: request.message,
      });
      if (!row) throw new Error('the settle statement answered no row');
      return {
        userId: row.user_id ?? undefined,
        closed: row.closed,
        settled: row.available_before === null ? undefined : { availableBefore: vnd(row.available_before), charged: vnd(row.charged) },
        transaction:
          row.transaction_id === null || row.transaction_reservation_id === null
            ? undefined
            : {
                id: row.transaction_id,
                reservationId: row.transaction_reservation_id,
                promptTokens: Number(row.prompt_tokens),
                completionTokens: Number(row.completion_tokens),
                totalTokens: Number(row.total_tokens),
              },
        charge: row.charge_id === null ? undefined : { id: row.charge_id, amount: vnd(row.charge_amount), balanceAfter: vnd(row.charge_balance_after) },
        release: row.release_amount === null ? undefined : { amount: vnd(row.release_amount), balanceAfter: vnd(row.release_balance_after) },
      };
    },

    async release(request) {
      const [row] = await releaseStatement.execute(db, {
        reservationId: request.reservationId,
        key: request.idempotencyKey,
        id: crypto.randomUUID(),
        note: request.note,
        now: request.now,
      });
      if (!row) throw new Error('the release statement answered no row');
      return {
        userId: row.user_id ?? undefined,
        closed: row.closed,
        entry: row.kind === null ? undefined : { kind: row.kind, reservationId: row.reservation_id, amount: vnd(row.amount), balanceAfter: vnd(row.balance_after) },
      };
    },
  };
}
