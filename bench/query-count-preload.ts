/**
 * Preloaded (`--import`) into a server the benches start: counts the statements the server sends to PostgreSQL
 * through `pg` (by their text, the first 100 characters), from the first SIGUSR2 (the bench sends it once the
 * server is ready) until the process exits, and writes the tally to QUERY_COUNT_FILE as JSON. Used by
 * bench/query-counts.ts.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.QUERY_COUNT_FILE;
if (file) {
  const tally = new Map<string, number>();
  let counting = false;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const [first] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string; name?: string } | undefined)?.text ?? (first as { name?: string } | undefined)?.name ?? '?');
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 100);
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  process.once('SIGUSR2', () => (counting = true));
  process.once('exit', () => writeFileSync(file, JSON.stringify(Object.fromEntries(tally))));
}
