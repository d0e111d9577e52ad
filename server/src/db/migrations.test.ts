import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_TIMEOUT_MS, buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { migrationConfig } from './migrations.js';
import { appMeta } from './schema/index.js';

const journal = JSON.parse(await readFile(path.join(migrationConfig.migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

describe.each(testDatabases)('migrations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('applies every committed migration once', async () => {
    const applied = await t.app.db.orm.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
  });

  it('creates app_meta with snake_case columns', async () => {
    const columns = await t.app.db.orm.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'app_meta' order by ordinal_position`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['key', 'value', 'updated_at']);
  });

  it.each([
    ['users', ['id', 'username', 'email', 'password_hash', 'role', 'partner_id', 'created_at', 'partner_joined_at', 'partner_staff_id']],
    ['email_codes', ['id', 'email', 'purpose', 'code_hash', 'created_at', 'expires_at', 'used_at', 'attempts']],
    ['sessions', ['id', 'user_id', 'created_at', 'absolute_expires_at', 'revoked_at', 'revoked_reason', 'persistent']],
    ['refresh_tokens', ['token_hash', 'session_id', 'issued_at', 'expires_at', 'rotated_at', 'replaced_by']],
  ])('creates %s with snake_case columns', async (table, expected) => {
    const columns = await t.app.db.orm.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(expected);
  });

  it('keeps usernames unique whatever their case, and emails lower-case', async () => {
    const insert = (id: string, username: string, email: string) =>
      t.app.db.orm.execute(
        sql`insert into users (id, username, email, password_hash, role) values (${id}, ${username}, ${email}, 'x', 'user')`,
      );
    await insert('00000000-0000-4000-8000-000000000001', 'MiXeD', 'mixed@example.vn');
    await expect(insert('00000000-0000-4000-8000-000000000002', 'mixed', 'other@example.vn')).rejects.toThrow();
    await expect(insert('00000000-0000-4000-8000-000000000003', 'upper', 'UPPER@example.vn')).rejects.toThrow();
  });

  it('stores and reads a row through the schema', async () => {
    await t.app.db.orm.insert(appMeta).values({ key: 'probe', value: 'yes' });
    const [row] = await t.app.db.orm.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(row).toMatchObject({ key: 'probe', value: 'yes' });
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('is a no-op when run again, as on every later start', async () => {
    await t.app.db.migrate();
    const applied = await t.app.db.orm.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
  });
});
