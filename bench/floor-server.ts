/**
 * The floor of bench/floor.ts: the least work the two hot paths need, in the same Fastify 5 on the same
 * PostgreSQL with a `pg` pool of 10, and nothing else (no logger, no plugins, no ORM).
 * - `GET /api/v1/balance-transactions/:userId`: verify the HS256 bearer (jose, the product's secret read from
 *   `app_meta`), then the page of 20 ledger rows and the count of the user's rows (two indexed queries at once).
 * - `POST /webhook`: HMAC-SHA256 over the raw bytes (the product's app secret), parse, then one transaction
 *   inserting each message `ON CONFLICT DO NOTHING` on (page, mid) into `floor_events` and, when new, one row
 *   into `floor_jobs`.
 * Environment: PORT, DATABASE_URL, FLOOR_APP_SECRET.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const appSecret = process.env.FLOOR_APP_SECRET ?? '';
const secretRow = await pool.query<{ value: string }>(`select value from app_meta where key = 'auth.jwt_secret'`);
const jwtKey = new TextEncoder().encode(process.env.JWT_SECRET ?? secretRow.rows[0]?.value ?? '');
await pool.query(`create table if not exists floor_events (
  page_id text not null, mid text not null, customer_id text not null, text text not null, created_at timestamptz not null,
  primary key (page_id, mid))`);
await pool.query(`create table if not exists floor_jobs (
  id uuid primary key, page_id text not null, mid text not null, status text not null default 'queued', created_at timestamptz not null)`);

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));

app.get<{ Params: { userId: string } }>('/api/v1/balance-transactions/:userId', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  let userId: unknown;
  try {
    ({ payload: { userId } } = await jwtVerify(token ?? '', jwtKey, { algorithms: ['HS256'], issuer: 'pagemate', audience: 'pagemate' }));
  } catch {
    return reply.status(401).send({ status: 401, code: 'UNAUTHENTICATED' });
  }
  if (userId !== request.params.userId) return reply.status(403).send({ status: 403, code: 'FORBIDDEN' });
  const [items, counted] = await Promise.all([
    pool.query<{ amount: string; kind: string; created_at: Date; note: string }>(
      'select amount, kind, created_at, note from ledger_entries where user_id = $1 order by created_at desc, seq desc limit 20',
      [userId],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from ledger_entries where user_id = $1', [userId]),
  ]);
  return {
    status: 200,
    data: {
      total: counted.rows[0]?.n ?? 0,
      items: items.rows.map((row) => ({ amount: Number(row.amount), transactionType: row.kind, dateModified: row.created_at.toISOString(), status: 'succeeded', note: row.note })),
    },
  };
});

app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

interface Delivery {
  entry?: { id?: string; messaging?: { sender?: { id?: string }; timestamp?: number; message?: { mid?: string; text?: string } }[] }[];
}

app.post('/webhook', async (request, reply) => {
  const raw = request.body as Buffer;
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-hub-signature-256'] ?? ''));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return reply.status(403).send('Forbidden');
  const body = JSON.parse(raw.toString('utf8')) as Delivery;
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const entry of body.entry ?? []) {
      for (const item of entry.messaging ?? []) {
        const inserted = await client.query(
          'insert into floor_events (page_id, mid, customer_id, text, created_at) values ($1, $2, $3, $4, $5) on conflict do nothing',
          [entry.id, item.message?.mid, item.sender?.id, item.message?.text ?? '', new Date(item.timestamp ?? Date.now())],
        );
        if (inserted.rowCount === 1) {
          await client.query('insert into floor_jobs (id, page_id, mid, created_at) values ($1, $2, $3, now())', [randomUUID(), entry.id, item.message?.mid]);
        }
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return reply.type('text/plain').send('EVENT_RECEIVED');
});

app.addHook('onClose', () => pool.end());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
