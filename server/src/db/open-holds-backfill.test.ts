import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectLedgerConsistent } from '../test/ledger.js';
import { migrationConfig } from './migrations.js';

/** The statement of the migration that fills `open_holds` from the ledger of a deployment that ran before it. */
function backfillStatement(): string {
  const file = readFileSync(`${migrationConfig.migrationsFolder}/0022_open_holds.sql`, 'utf8');
  const statement = file.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO "open_holds"'));
  if (!statement) throw new Error('the open_holds migration has no backfill');
  return statement;
}

describe.each(testDatabases)('open holds of a ledger written before they were indexed (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {});
  });
  afterAll(() => t?.close());

  it('the migration lists every reservation no release closed, with what it holds, and nothing else', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const ledger = t.app.ledger;
    await ledger.credit(owner.userId, 10_000, 'backfill-deposit-owner', 'deposit');
    await ledger.credit(other.userId, 5_000, 'backfill-deposit-other', 'deposit');
    const open = await ledger.reserve(owner.userId, 2_000, 'backfill-open');
    const settled = await ledger.reserve(owner.userId, 1_000, 'backfill-settled');
    await ledger.settle(settled.reservationId, { promptTokens: 10, completionTokens: 10, message: 'ok' }, 'backfill-settle');
    const released = await ledger.reserve(other.userId, 500, 'backfill-released');
    await ledger.release(released.reservationId, 'backfill-release');
    const otherOpen = await ledger.reserve(other.userId, 700, 'backfill-other-open');

    // The table as a deployment upgraded from before it finds it: empty, then filled by the migration.
    await t.app.db.orm.execute(sql`delete from open_holds`);
    await t.app.db.orm.execute(sql.raw(backfillStatement()));

    const rows = await t.app.db.orm.execute<{ reservation_id: string; amount: number | string }>(sql`select reservation_id, amount from open_holds order by amount`);
    expect(rows.rows.map((row) => [row.reservation_id, Number(row.amount)])).toEqual([
      [otherOpen.reservationId, 700],
      [open.reservationId, 2_000],
    ]);
    await expectLedgerConsistent(t);
  });
});
