import type { DashboardPage } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { ok, registerEndpoint } from '../http/contract-route.js';
import { dashboardDays, figuresToContract, lastVietnamDays, NO_FIGURES } from '../plugins/app/dashboard/day-series.js';

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
    const { since, before, dates } = lastVietnamDays(app.clock.now(), query.days);
    const scope = { userIds: [userId], since, before, ...(pageId === undefined ? {} : { pageId }) };
    const [daily, perPage] = await Promise.all([repository.daily(scope), repository.perPage(scope)]);

    const byPage = new Map(perPage.map((row) => [row.pageId, row]));
    const pages: DashboardPage[] = connected
      .filter((page) => pageId === undefined || page.pageId === pageId)
      .map((page) => ({ page_id: page.pageId, page_name: page.name, ...figuresToContract(byPage.get(page.pageId) ?? NO_FIGURES) }));
    return ok({ days: dashboardDays(dates, daily), pages });
  });
}
