import type { Notification } from '@pagemate/shared-contracts/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../test/accounts.js';
import { ManualClock } from '../test/clock.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectInvalidField } from '../test/invalid-field.js';

describe.each(testDatabases)('notifications (%s)', (kind) => {
  let t: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t?.close());

  const listed = async (user: SignedIn) => {
    const response = await api(t, user, 'GET', `/api/v1/notifications/${user.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { items: Notification[] } }).data.items;
  };
  const dismiss = (user: SignedIn, ids: string[], userId = user.userId) => api(t, user, 'POST', '/api/v1/notifications/dismiss', { user_id: userId, ids });
  /** Notifies `user` a minute after the previous one, so "newest first" has one answer. */
  const notifyLater = async (user: SignedIn, kind: Notification['kind'], params: Record<string, number>, dedupeKey: string) => {
    clock.advanceSeconds(60);
    return t.app.notifications.notify(user.userId, kind, params, dedupeKey);
  };

  it('lists the caller’s notifications newest first; the same dedupe key notifies once', async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    expect(await notifyLater(user, 'low_balance', { balance: 19_000, threshold: 20_000 }, `low_balance:${user.userId}:1`)).toBe(true);
    expect(await notifyLater(user, 'ai_paused_no_funds', { balance: 0, needed: 500 }, `ai_paused_no_funds:${user.userId}:1`)).toBe(true);
    expect(await notifyLater(user, 'ai_paused_no_funds', { balance: 0, needed: 900 }, `ai_paused_no_funds:${user.userId}:1`)).toBe(false);
    await notifyLater(other, 'low_balance', { balance: 1, threshold: 20_000 }, `low_balance:${other.userId}:1`);

    const items = await listed(user);
    expect(items.map((item) => [item.kind, item.params])).toEqual([
      ['ai_paused_no_funds', { balance: 0, needed: 500 }],
      ['low_balance', { balance: 19_000, threshold: 20_000 }],
      ['welcome', { username: user.username }],
    ]);
    const times = items.map((item) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await listed(other)).map((item) => item.kind)).toEqual(['low_balance', 'welcome']);
  });

  it("dismiss hides the caller's own notifications only; another user's id is ignored", async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    await notifyLater(user, 'low_balance', { balance: 10_000, threshold: 20_000 }, `low_balance:${user.userId}:2`);
    await notifyLater(other, 'low_balance', { balance: 5_000, threshold: 20_000 }, `low_balance:${other.userId}:2`);
    const [mine] = await listed(user);
    const [theirs] = await listed(other);
    expect(mine?.kind).toBe('low_balance');
    expect(theirs?.kind).toBe('low_balance');

    expectInvalidField(await dismiss(user, [mine?.id ?? '', 'not-an-id']), 'ids.1');
    expect((await listed(user)).map((item) => item.kind)).toEqual(['low_balance', 'welcome']);
    const response = await dismiss(user, [mine?.id ?? '', theirs?.id ?? '', '00000000-0000-4000-8000-000000000000']);
    expect(response.json()).toEqual({ status: 200, data: { ok: true } });
    expect((await listed(user)).map((item) => item.kind)).toEqual(['welcome']);
    expect((await listed(other)).map((item) => item.id)).toContain(theirs?.id);
    // Dismissed stays dismissed; dismissing again is harmless.
    expect((await dismiss(user, [mine?.id ?? ''])).statusCode).toBe(200);
    // A dismissed notification's key still dedupes: the same event does not come back.
    expect(await t.app.notifications.notify(user.userId, 'low_balance', { balance: 10_000, threshold: 20_000 }, `low_balance:${user.userId}:2`)).toBe(false);
    expect((await listed(user)).map((item) => item.kind)).toEqual(['welcome']);
  });

  it("another user's list or a dismiss in another user's name: 403; no token: 401", async () => {
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    const [theirs] = await listed(other);
    const list = await api(t, user, 'GET', `/api/v1/notifications/${other.userId}`);
    expect(list.statusCode).toBe(403);
    expect(errorOf(list).code).toBe('FORBIDDEN');
    const foreignDismiss = await dismiss(user, [theirs?.id ?? ''], other.userId);
    expect(foreignDismiss.statusCode).toBe(403);
    expect(await listed(other)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/notifications/${user.userId}` })).statusCode).toBe(401);
    expect((await dismiss(user, [])).statusCode).toBe(400);
  });
});
