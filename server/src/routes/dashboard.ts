import type { DashboardDay, DashboardPage } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { ok, registerEndpoint } from '../http/contract-route.js';
import { vietnamDate, vietnamDayStart } from '../http/list-query.js';
import type { DashboardFigures } from '../plugins/app/dashboard/dashboard-repository.js';

const DAY_MS = 24 * 3600 * 1000;

const ZERO: DashboardFigures = { comments: 0, messages: 0, botReplies: 0, posts: 0, spend: 0 };

const toContract = (figures: DashboardFigures) => ({
  comments: figures.comments,
  messages: figures.messages,
  bot_replies: figures.botReplies,
  posts: figures.posts,
  spend: figures.spend,
});

/**
 * The dashboards' figures over time: the last `days` Vietnam days (today included, oldest first, every day even
 * without activity), the same way as the balance overview's daily series (ledger-service `summary`), and the
 * user's connected pages with their figures over those days. `page_id` narrows everything to one connected page.
 */
export default async function dashboardRoutes(app: FastifyInstance) {
  const repository = app.dashboardRepository;

  registerEndpoint(app, 'dashboardSeries', async ({ user, query }) => {
    const { userId } = user;
    const connected = await repository.connectedPages(userId);
    const pageId = query.page_id;
    if (pageId !== undefined && !connected.some((page) => page.pageId === pageId)) {
      throw new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
    }
    const today = vietnamDayStart(app.clock.now());
    const since = new Date(today.getTime() - (query.days - 1) * DAY_MS);
    const scope = { userId, since, before: new Date(today.getTime() + DAY_MS), ...(pageId === undefined ? {} : { pageId }) };
    const [daily, perPage] = await Promise.all([repository.daily(scope), repository.perPage(scope)]);

    const byDay = new Map(daily.map((row) => [row.day, row]));
    const days: DashboardDay[] = Array.from({ length: query.days }, (_, index) => {
      const date = vietnamDate(new Date(since.getTime() + index * DAY_MS));
      return { date, ...toContract(byDay.get(date) ?? ZERO) };
    });
    const byPage = new Map(perPage.map((row) => [row.pageId, row]));
    const pages: DashboardPage[] = connected
      .filter((page) => pageId === undefined || page.pageId === pageId)
      .map((page) => ({ page_id: page.pageId, page_name: page.name, ...toContract(byPage.get(page.pageId) ?? ZERO) }));
    return ok({ days, pages });
  });
}
