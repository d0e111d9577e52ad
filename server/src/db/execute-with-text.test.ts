import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS } from '../test/helper.js';
import { createTestPostgres, openTestPglite, type TestPostgres, testDatabases } from '../test/databases.js';
import type { Database } from './database.js';
import { openPostgres } from './postgres.js';

const INSERT_ROWS = (json: string) => `
  insert into text_rows (owner, n, body)
  select $1::text, r.n, r.body from json_to_recordset(${json}::json) as r(n integer, body text)`;

describe.each(testDatabases)('a statement reading a large text (%s)', (kind) => {
  let database: Database;
  let server: TestPostgres | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      server = await createTestPostgres();
      database = await openPostgres({ connectionString: server.url, onIdleError: () => undefined });
    } else database = await openTestPglite();
    await database.query({ name: 'text_rows_table', text: 'create table text_rows (owner text not null, n integer not null, body text not null)' }, []);
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await database?.close();
    await server?.drop();
  });

  const bodiesOf = async (owner: string) =>
    (await database.query<{ body: string }>({ name: 'text_rows_of', text: 'select body from text_rows where owner = $1 order by n' }, [owner])).map((row) => row.body);

  it('inserts every row of the text, characters as they were, beside the other parameters, and counts them', async () => {
    const bodies = ['Giá bán áo thun: 150.000 đ', 'it\'s "quoted" \\ back\\slashed', 'two\nlines\tand a tab', '😀 ngoài mặt phẳng cơ bản', ''];
    const large = Array.from({ length: 3_000 }, (_, n) => ({ n: bodies.length + n, body: `Dòng ${n}: ${'chữ '.repeat(200)}` }));
    const rows = [...bodies.map((body, n) => ({ n, body })), ...large];
    expect(await database.executeWithText(INSERT_ROWS, JSON.stringify(rows), ['lan'])).toBe(rows.length);
    expect(await bodiesOf('lan')).toEqual(rows.map((row) => row.body));
  });

  it('takes the text already encoded as UTF-8 (made in another thread) the same', async () => {
    const rows = [{ n: 0, body: 'Giá bán áo thun: 150.000 đ' }, { n: 1, body: '😀 "quoted" \\ back\\slashed\nline' }];
    expect(await database.executeWithText(INSERT_ROWS, new TextEncoder().encode(JSON.stringify(rows)), ['thu'])).toBe(rows.length);
    expect(await bodiesOf('thu')).toEqual(rows.map((row) => row.body));
  });

  it('reads each statement its own text: the next one inserts only its rows, and an ordinary query is unaffected', async () => {
    expect(await database.executeWithText(INSERT_ROWS, JSON.stringify([{ n: 0, body: 'một' }]), ['minh'])).toBe(1);
    expect(await database.executeWithText(INSERT_ROWS, JSON.stringify([{ n: 1, body: 'hai' }]), ['minh'])).toBe(1);
    expect(await bodiesOf('minh')).toEqual(['một', 'hai']);
    expect(await database.query<{ total: number }>({ name: 'text_rows_total', text: 'select count(*)::int as total from text_rows where owner = $1' }, ['minh'])).toEqual([{ total: 2 }]);
  });

  it('rejects as the statement fails, inserting nothing', async () => {
    await expect(database.executeWithText(INSERT_ROWS, JSON.stringify([{ n: 0, body: 'ok' }, { n: 'not a number', body: 'bad' }]), ['khoa'])).rejects.toThrow();
    expect(await bodiesOf('khoa')).toEqual([]);
  });
});
