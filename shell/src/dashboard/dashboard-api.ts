import { api, endpointPath, type DashboardCounts, type DashboardDay, type DashboardPage } from '@pagemate/shared-contracts';

/** What the series endpoint answers: every Vietnam day of the range (oldest first) and the user's pages. */
export interface DashboardSeries {
  days: DashboardDay[];
  pages: DashboardPage[];
}

export interface DashboardSeriesArgs {
  userId: string;
  days: number;
  /** One connected page, or all of them when absent. */
  pageId?: string;
}

const FIGURES = { type: 'Dashboard', id: 'FIGURES' } as const;

/** The user dashboard's figures: all-time totals and the figures per day and per page over a range. */
export const dashboardApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    dashboardCounts: build.query<DashboardCounts, string>({
      query: (userId) => ({ url: endpointPath('dashboardCounts'), params: { user_id: userId } }),
      providesTags: [FIGURES],
    }),
    dashboardSeries: build.query<DashboardSeries, DashboardSeriesArgs>({
      query: ({ userId, days, pageId }) => ({
        url: endpointPath('dashboardSeries'),
        params: { user_id: userId, days, ...(pageId === undefined ? {} : { page_id: pageId }) },
      }),
      providesTags: [FIGURES],
    }),
  }),
});

export const { useDashboardCountsQuery, useDashboardSeriesQuery } = dashboardApi;
