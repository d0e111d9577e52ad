import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors/app-error.js';
import { vietnamDate, vietnamDayStart } from '../../../http/list-query.js';
import { GraphApiError } from '../../../meta/graph-client.js';

export const PAGES_HEALTH_QUEUE = 'pages.health';
/** The daily page check runs at this Vietnam hour. */
export const HEALTH_CHECK_HOUR = 8;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The next daily check: `HEALTH_CHECK_HOUR`:00 Vietnam time after `now`, and its dedupe key's day. */
export function nextHealthCheck(now: Date): { runAt: Date; day: string } {
  let runAt = new Date(vietnamDayStart(now).getTime() + HEALTH_CHECK_HOUR * HOUR_MS);
  if (runAt.getTime() <= now.getTime()) runAt = new Date(runAt.getTime() + DAY_MS);
  return { runAt, day: vietnamDate(runAt) };
}

/** The daily page check (the `pages.health` job): every connected page's token read at Facebook. */
export function createPageHealth(app: FastifyInstance) {
  const repo = app.postsRepository;
  const { meta } = app;
  const now = () => app.clock.now();

  async function checkPages(): Promise<{ checked: number; flagged: string[] }> {
    const pages = await repo.connectedPages();
    const flagged: string[] = [];
    for (const page of pages) {
      // Already waiting for a reconnect: the user was told; reconnecting clears the flag.
      if (page.needsReconnect) continue;
      try {
        const token = await app.facebook.pageToken(page.userId, page.pageId);
        await meta.graph.me(token);
        await meta.graph.subscribedFields(page.pageId, token);
      } catch (error) {
        const refused = (error instanceof GraphApiError && (error.kind === 'token' || error.kind === 'permission')) || (error instanceof AppError && error.status === 409);
        if (refused) {
          await app.facebook.flagReconnect(page.userId, page.pageId);
          flagged.push(page.pageId);
        } else {
          app.log.warn({ err: error, pageId: page.pageId }, 'posts: the daily page check could not reach Facebook');
        }
      }
    }
    app.log.info({ checked: pages.length, flagged: flagged.length }, 'posts: daily page check done');
    return { checked: pages.length, flagged };
  }

  async function enqueueHealthCheck(): Promise<void> {
    const next = nextHealthCheck(now());
    await app.jobs.enqueue(PAGES_HEALTH_QUEUE, {}, { dedupeKey: `${PAGES_HEALTH_QUEUE}:${next.day}`, runAt: next.runAt, maxAttempts: 3 });
  }

  return { checkPages, enqueueHealthCheck };
}
