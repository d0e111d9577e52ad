import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { balances } from '../db/schema/index.js';
import type { TestApp } from './helper.js';

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
