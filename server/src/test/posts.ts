import { randomBytes } from 'node:crypto';
import type { ScheduledPost } from '@pagemate/shared-contracts/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { facebookPages, notifications, postRuns, scheduledPosts } from '../db/schema/index.js';
import { bearer, GOOD_PASSWORD, login } from './accounts.js';
import type { ManualClock } from './clock.js';
import { api, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from './facebook.js';
import { buildTestApp, type TestApp, type TestDatabaseKind } from './helper.js';
import { multipart } from './multipart.js';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]);

let serial = 0;
/** `text` made unique, so a test finds its own post among the page's. */
export const unique = (text: string) => `${text} (${++serial}-${randomBytes(3).toString('hex')})`;

export interface PostsUser extends SignedIn {
  signedAt: number;
}

/** The scheduled-post tests' steps and reads, on the suite's current app (set in its `beforeAll`) and its clock. */
export function postSteps(clock: ManualClock, suite: () => TestApp) {
  const moveTo = (instant: Date | string) => clock.advanceSeconds((new Date(instant).getTime() - clock.now().getTime()) / 1000);
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

  /** Access tokens live 15 minutes of the (moving) clock: sign in again when it moved on. */
  async function fresh(user: PostsUser): Promise<PostsUser> {
    if (clock.now().getTime() - user.signedAt < 60_000) return user;
    const { accessToken } = await login(suite(), user.username, GOOD_PASSWORD);
    Object.assign(user, { accessToken, headers: bearer(accessToken), signedAt: clock.now().getTime() });
    return user;
  }
  const call = async (user: PostsUser, method: 'GET' | 'POST', url: string, payload?: object) => api(suite(), await fresh(user), method, url, payload);
  /** A new user, signed in now and (unless `connect` is false) connected to the demo pages. */
  const newUser = async (connect = true): Promise<PostsUser> => {
    const user = { ...(await signedInUser(suite())), signedAt: clock.now().getTime() };
    if (connect) await connectThroughSandbox(suite(), user);
    return user;
  };
  const pagesOf = (user: SignedIn) => ({
    bakery: sandboxPageId(suite(), user, '109000000000011'),
    fashion: sandboxPageId(suite(), user, '109000000000012'),
    coffee: sandboxPageId(suite(), user, '109000000000013'),
  });
  const body = (user: PostsUser, overrides: Record<string, unknown> = {}) => ({
    user_id: user.userId,
    idea: '',
    content: unique('Bánh mì mới ra lò'),
    page_ids: [pagesOf(user).bakery],
    time: inMinutes(10),
    repeat: { kind: 'none' },
    ...overrides,
  });
  async function create(user: PostsUser, payload: Record<string, unknown>): Promise<ScheduledPost[]> {
    const response = await call(user, 'POST', '/api/v1/facebook/post/create', payload);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ScheduledPost[] }).data;
  }
  async function listOf(user: PostsUser, pageId: string): Promise<ScheduledPost[]> {
    const response = await call(user, 'POST', '/api/v1/facebook/get-posts', { user_id: user.userId, page_id: pageId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: ScheduledPost[] }).data;
  }
  const orm = () => suite().app.db.orm;
  const pageRow = async (user: PostsUser, pageId: string) =>
    (await orm().select().from(facebookPages).where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, pageId))))[0];
  return {
    moveTo,
    inMinutes,
    call,
    newUser,
    pagesOf,
    body,
    create,
    listOf,
    runsOf: (postId: string) => orm().select().from(postRuns).where(eq(postRuns.postId, postId)).orderBy(asc(postRuns.pageId), asc(postRuns.seq)),
    postRow: async (postId: string) => (await orm().select().from(scheduledPosts).where(eq(scheduledPosts.id, postId)))[0],
    /** What the sandbox received on the user's page carrying this text (feed posts and photos). */
    sandboxPosts: async (user: PostsUser, pageId: string, text: string) =>
      (await suite().app.sandboxRepository.activityOf(user.userId, pageId, 5000)).filter((event) => {
        const payload = event.payload as { message?: unknown; caption?: unknown };
        return (event.kind === 'feed_post' || event.kind === 'photo_post') && (payload.message === text || payload.caption === text);
      }),
    uploadImage: async (user: PostsUser, file: { name: string; bytes: Buffer }) => {
      const form = multipart({ user_id: user.userId }, file);
      return suite().app.inject({ method: 'POST', url: '/api/v1/facebook/post/image', headers: { ...(await fresh(user)).headers, ...form.headers }, payload: form.payload });
    },
    /** Facebook no longer takes the page's token (the sandbox answers 190 to it). */
    revokePage: (user: PostsUser, pageId: string) =>
      orm()
        .update(facebookPages)
        .set({ pageTokenEncrypted: suite().app.meta.tokens.encrypt('EAASrevoked.token') })
        .where(and(eq(facebookPages.userId, user.userId), eq(facebookPages.pageId, pageId))),
    pageRow,
    reconnectNotices: async (user: PostsUser, pageId: string) =>
      (await orm().select().from(notifications).where(eq(notifications.userId, user.userId))).filter(
        (row) => row.kind === 'page_reconnect' && (row.params as { page_id?: string }).page_id === pageId,
      ),
  };
}

/** An app on `clock` with the account rate limits off: many sign-ins from one address within the test clock's minutes are not under test here. */
export const postsApp = (kind: TestDatabaseKind, clock: ManualClock) => buildTestApp(kind, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
