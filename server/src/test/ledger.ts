import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { balances } from '../db/schema/index.js';
import type { TestApp } from './helper.js';

/**
 * The ledger's invariants, for every user who has a balance (call it after each ledger test): the sum of the
 * user's entries is `balances.available`, neither it nor `reserved` is negative, and `reserved` is what the
 * open holds add up to.
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
}
