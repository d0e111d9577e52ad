/** What the fault bench reads back from the database after a scenario: per event, and the queue and ledger as a whole. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { withClient } from './server-harness.ts';

/** One Messenger message the bench sent, as the database tells it. */
export interface EventCounts {
  mid: string;
  /** Customer messages recorded for its mid (1: recorded exactly once). */
  items: number;
  /** Bot answers to it recorded as sent. */
  answers: number;
  /** Sends to its customer the sandbox Graph recorded. */
  graph_sends: number;
  charges: number;
  refunds: number;
  reply_status: string | null;
  reason: string | null;
}

/** `EventCounts` of each event (its mid and its customer's psid) on one page, in one query. */
export async function countPerEvent(db: pg.Client, events: readonly { mid: string; psid: string }[], pageId: string): Promise<EventCounts[]> {
  const result = await db.query<EventCounts>(
    `with ev as (select * from unnest($1::text[], $2::text[]) as e(mid, psid))
     select ev.mid,
       (select count(*)::int from inbox_items c where c.page_id = $3 and c.external_id = ev.mid and c.author = 'customer') as items,
       (select count(*)::int from inbox_items b join inbox_items c on b.reply_to_id = c.id
         where c.page_id = $3 and c.external_id = ev.mid and b.author = 'bot' and b.delivery = 'sent') as answers,
       (select count(*)::int from sandbox_events s where s.page_id = $3 and s.kind = 'message' and s.payload->'recipient'->>'id' = ev.psid) as graph_sends,
       (select count(*)::int from ledger_entries l join inbox_items b on l.idempotency_key = 'bot:' || b.id || ':charge' join inbox_items c on b.reply_to_id = c.id
         where c.page_id = $3 and c.external_id = ev.mid and l.kind = 'token_charge') as charges,
       (select count(*)::int from ledger_entries l join inbox_items b on l.idempotency_key = 'bot:' || b.id || ':refund' join inbox_items c on b.reply_to_id = c.id
         where c.page_id = $3 and c.external_id = ev.mid and l.kind = 'refund') as refunds,
       (select c.reply_status from inbox_items c where c.page_id = $3 and c.external_id = ev.mid and c.author = 'customer') as reply_status,
       (select c.reason from inbox_items c where c.page_id = $3 and c.external_id = ev.mid and c.author = 'customer') as reason
     from ev`,
    [events.map((e) => e.mid), events.map((e) => e.psid), pageId],
  );
  return result.rows;
}

/**
 * Per event (its mid and customer psid): bot answers recorded as sent, sends the sandbox Graph recorded, token
 * charges and refunds, and the customer message's reply status; then the bot.reply jobs by state, the user's
 * open holds and ledger counts, and the commonest failures.
 */
export function tallyEvents(databaseUrl: string, events: readonly { mid: string; psid: string }[], shop: { pageId: string; userId: string }) {
  return withClient(databaseUrl, async (db) => {
    const perEvent = await countPerEvent(db, events, shop.pageId);
    const jobs = await db.query<{ status: string; n: number; attempts: number }>(
      "select status, count(*)::int as n, coalesce(sum(attempts), 0)::int as attempts from jobs where queue = 'bot.reply' group by status",
    );
    const ledger = await db.query<{ reserved: number; open_holds: number; token_charges: number; refunds: number }>(
      `select (select coalesce(sum(reserved), 0)::int from balances where user_id = $1) as reserved,
              (select count(*)::int from ledger_entries r where r.user_id = $1 and r.kind = 'reservation'
                 and not exists (select 1 from ledger_entries x where x.reservation_id = r.reservation_id and x.kind in ('release', 'token_charge'))) as open_holds,
              (select count(*)::int from ledger_entries where user_id = $1 and kind = 'token_charge') as token_charges,
              (select count(*)::int from ledger_entries where user_id = $1 and kind = 'refund') as refunds`,
      [shop.userId],
    );
    const failed = await db.query<{ last_error: string; n: number }>("select left(last_error, 140) as last_error, count(*)::int as n from jobs where queue = 'bot.reply' and status = 'failed' group by 1 order by 2 desc limit 3");
    return { perEvent, jobs: jobs.rows, ledger: ledger.rows[0], failed: failed.rows };
  });
}

/** The API's log lines at error level or above, by message. */
export function collectErrors(logDir: string, count: number): string[] {
  const byMessage = new Map<string, number>();
  for (let i = 1; i <= count; i += 1) {
    let text = '';
    try {
      text = readFileSync(join(logDir, `api-${i}.log`), 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!/"level":(50|60)/.test(line)) continue;
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? '?';
      byMessage.set(msg, (byMessage.get(msg) ?? 0) + 1);
    }
  }
  return [...byMessage].map(([msg, n]) => `${n}× ${msg.slice(0, 80)}`);
}

/** Bot answers recorded as sent, over the whole database. */
export const countSentAnswers = (url: string) =>
  withClient(url, (db) => db.query<{ n: number }>("select count(*)::int as n from inbox_items where author = 'bot' and delivery = 'sent'")).then((r) => r.rows[0]?.n ?? 0);
