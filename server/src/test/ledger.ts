import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { balances } from '../db/schema/index.js';
import { ManualClock } from './clock.js';
import { signedInUser } from './facebook.js';
import { buildTestApp, type TestApp, type TestDatabaseKind } from './helper.js';

/**
 * The ledger's invariants, for every user who has a balance (call it after each ledger test): the sum of the
 * user's entries is `balances.available`, neither it nor `reserved` is negative, `reserved` is what the open
 * holds add up to, and `open_holds` lists exactly the reservations no release closed, with what each holds.
 */
export async function expectLedgerConsistent(t: TestApp) {
  const rows = await t.app.db.orm.select().from(balances);
  for (const row of rows) {
    expect(await t.app.ledgerRepository.sumOfEntries(row.userId), `Σ ledger of ${row.userId}`).toBe(row.available);
    expect(row.available).toBeGreaterThanOrEqual(0);
    expect(row.reserved).toBeGreaterThanOrEqual(0);
  }
  const mismatched = await t.app.db.orm.execute<{ user_id: string; reserved: number | string; held: number | string }>(sql`
    select b.user_id, b.reserved, coalesce(sum(-r.amount), 0) as held
    from balances b
    left join ledger_entries r on r.user_id = b.user_id and r.kind = 'reservation'
      and not exists (select 1 from ledger_entries c where c.reservation_id = r.id and c.kind = 'release')
    group by b.user_id, b.reserved
    having b.reserved <> coalesce(sum(-r.amount), 0)`);
  expect(mismatched.rows, 'reserved = Σ open holds').toEqual([]);
  const misindexed = await t.app.db.orm.execute<{ reservation_id: string | null; indexed_id: string | null }>(sql`
    with open_reservation as (
      select r.id, r.user_id, r.page_id, -r.amount as amount, r.created_at from ledger_entries r
      where r.kind = 'reservation' and not exists (select 1 from ledger_entries c where c.reservation_id = r.id and c.kind = 'release')
    )
    select o.id as reservation_id, h.reservation_id as indexed_id
    from open_reservation o full join open_holds h on h.reservation_id = o.id
    where o.id is null or h.reservation_id is null
      or h.user_id <> o.user_id or h.amount <> o.amount or h.created_at <> o.created_at or h.page_id is distinct from o.page_id`);
  expect(misindexed.rows, 'open_holds = the reservations no release closed').toEqual([]);
}

/**
 * The price and daily caps the ledger suites count with: 20 VND per 1.000 tokens, 50.000 VND a user and 20.000 VND
 * a page per day. Each test signs up its own users, so more than one address may register per window.
 */
const LEDGER_SUITE_ENV = { PRICE_PER_1000_TOKENS_VND: '20', DAILY_SPEND_CAP_USER_VND: '50000', DAILY_SPEND_CAP_PAGE_VND: '20000', RATE_LIMIT_IP_MULTIPLIER: '100' };

/**
 * The set-up the ledger's test files share, registered on the calling `describe`: one app on `kind` with the
 * suite's prices and caps, a clock that stands still (so a test never straddles midnight in Vietnam, when daily
 * caps reset) and `expectLedgerConsistent` after every test, for every user so far.
 */
export function ledgerSuite(kind: TestDatabaseKind) {
  let built: TestApp | undefined;
  const clock = new ManualClock();
  let keyCounter = 0;
  /** The suite's app (built in its `beforeAll`). */
  const t = (): TestApp => {
    if (!built) throw new Error('the ledger suite has no app yet (used before its beforeAll)');
    return built;
  };

  beforeAll(async () => {
    built = await buildTestApp(kind, { env: LEDGER_SUITE_ENV, clock });
  });
  afterAll(() => built?.close());
  afterEach(() => expectLedgerConsistent(t()));

  return {
    t,
    clock,
    ledger: () => t().app.ledger,
    /** An idempotency key no other test or run uses. */
    key: (label: string) => `${label}-${process.pid}-${++keyCounter}`,
    newUser: () => signedInUser(t()),
    /** The ledger's sum equals the balance, and neither the available nor the held amount is negative. */
    async expectConsistent(userId: string) {
      const balance = await t().app.ledgerRepository.findBalance(userId);
      expect(await t().app.ledgerRepository.sumOfEntries(userId)).toBe(balance?.available ?? 0);
      expect(balance?.available ?? 0).toBeGreaterThanOrEqual(0);
      expect(balance?.reserved ?? 0).toBeGreaterThanOrEqual(0);
      return balance;
    },
  };
}
