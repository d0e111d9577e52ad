import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the dashboard counts, over some range. */
export interface DashboardFigures {
  /** Customer comments (items of comment threads). */
  comments: number;
  /** Customer Messenger messages. */
  messages: number;
  /** Bot answers Facebook accepted (`delivery = 'sent'`). */
  botReplies: number;
  /** Post occurrences published (`post_runs.status = 'published'`, by `published_at`). */
  posts: number;
  /** Settled AI charges, VND (−amount of `token_charge` entries). */
  spend: number;
}

/** One Vietnam calendar day's figures (days without any are absent). */
export interface DashboardDayRow extends DashboardFigures {
  /** YYYY-MM-DD, Vietnam time. */
  day: string;
}

/** One Facebook page's figures (pages without any are absent; chat charges have no page and never appear). */
export interface DashboardPageRow extends DashboardFigures {
  pageId: string;
}

export interface ConnectedPageRow {
  pageId: string;
  name: string;
}

/** One account's figures (accounts without any are absent): a partner's view of its shops. */
export interface DashboardUserRow extends DashboardFigures {
  userId: string;
}

/**
 * Which events count: those of the accounts `userIds` (one user's dashboard, or the shops a partner serves),
 * with `since <= instant < before`, optionally of one page only.
 */
export interface DashboardScope {
  userIds: readonly string[];
  since: Date;
  before: Date;
  pageId?: string;
}

/** The dashboard's SQL: figures per Vietnam day and per page, read from the inbox, the posts and the ledger. */
export interface DashboardRepository {
  /** The user's connected pages (`facebook_pages`), by name. */
  connectedPages(userId: string): Promise<ConnectedPageRow[]>;
  /** Figures per Vietnam day, oldest first. */
  daily(scope: DashboardScope): Promise<DashboardDayRow[]>;
  /** Figures per page id (events without a page — chat charges — are left out). */
  perPage(scope: DashboardScope): Promise<DashboardPageRow[]>;
  /** Figures per account of the scope. */
  perUser(scope: DashboardScope): Promise<DashboardUserRow[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboardRepository: DashboardRepository;
  }
}

/** A row of sums as the driver returns it (bigint sums arrive as strings). */
type FigureColumns = {
  comments: number | string;
  messages: number | string;
  bot_replies: number | string;
  posts: number | string;
  spend: number | string | null;
};

const toFigures = (row: FigureColumns): DashboardFigures => ({
  comments: Number(row.comments),
  messages: Number(row.messages),
  botReplies: Number(row.bot_replies),
  posts: Number(row.posts),
  spend: Number(row.spend ?? 0),
});

/** `column in (…ids)` as SQL; `false` for no ids (`in ()` is not SQL). */
function isOneOf(column: SQL, ids: readonly string[]): SQL {
  return ids.length === 0 ? sql`false` : sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
}

/**
 * Every counted event of the scope as one row (`user_id`, `page_id`, `at`, one 1 — or the charge — in its column): customer
 * items, sent bot answers, published post runs and token charges. The same Vietnam-day bucketing as the
 * ledger's daily totals (`vietnamDaySql` there; `vietnamDate` in http/list-query.ts) is applied on top.
 */
function events(scope: DashboardScope): SQL {
  const since = scope.since.toISOString();
  const before = scope.before.toISOString();
  const onPage = (column: SQL) => (scope.pageId === undefined ? sql`` : sql` and ${column} = ${scope.pageId}`);
  return sql`
    select i.user_id, i.page_id, i.created_at as at,
      case when i.author = 'customer' and t.kind = 'comment' then 1 else 0 end as comments,
      case when i.author = 'customer' and t.kind = 'message' then 1 else 0 end as messages,
      case when i.author = 'bot' then 1 else 0 end as bot_replies,
      0 as posts,
      0::bigint as spend
    from inbox_items i join inbox_threads t on t.id = i.thread_id
    where ${isOneOf(sql`i.user_id`, scope.userIds)}
      and (i.author = 'customer' or (i.author = 'bot' and i.delivery = 'sent'))
      and i.created_at >= ${since}::timestamptz and i.created_at < ${before}::timestamptz${onPage(sql`i.page_id`)}
    union all
    select r.user_id, r.page_id, r.published_at as at, 0, 0, 0, 1, 0::bigint
    from post_runs r
    where ${isOneOf(sql`r.user_id`, scope.userIds)} and r.status = 'published'
      and r.published_at >= ${since}::timestamptz and r.published_at < ${before}::timestamptz${onPage(sql`r.page_id`)}
    union all
    select e.user_id, e.page_id, e.created_at as at, 0, 0, 0, 0, -e.amount
    from ledger_entries e
    where ${isOneOf(sql`e.user_id`, scope.userIds)} and e.kind = 'token_charge'
      and e.created_at >= ${since}::timestamptz and e.created_at < ${before}::timestamptz${onPage(sql`e.page_id`)}`;
}

const sums = sql`
  sum(comments)::int as comments, sum(messages)::int as messages, sum(bot_replies)::int as bot_replies,
  sum(posts)::int as posts, coalesce(sum(spend), 0) as spend`;

function dashboardRepositoryPlugin(app: FastifyInstance) {
  const orm = app.db.orm;

  const repository: DashboardRepository = {
    async connectedPages(userId) {
      const result = await orm.execute<{ page_id: string; name: string }>(
        sql`select page_id, name from facebook_pages where user_id = ${userId} order by name, page_id`,
      );
      return result.rows.map((row) => ({ pageId: row.page_id, name: row.name }));
    },
    async daily(scope) {
      const result = await orm.execute<FigureColumns & { day: string }>(sql`
        select to_char((at at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD') as day, ${sums}
        from (${events(scope)}) as counted
        group by 1
        order by 1`);
      return result.rows.map((row) => ({ day: row.day, ...toFigures(row) }));
    },
    async perPage(scope) {
      const result = await orm.execute<FigureColumns & { page_id: string }>(sql`
        select page_id, ${sums}
        from (${events(scope)}) as counted
        where page_id is not null
        group by page_id`);
      return result.rows.map((row) => ({ pageId: row.page_id, ...toFigures(row) }));
    },
    async perUser(scope) {
      const result = await orm.execute<FigureColumns & { user_id: string }>(sql`
        select user_id, ${sums}
        from (${events(scope)}) as counted
        group by user_id`);
      return result.rows.map((row) => ({ userId: row.user_id, ...toFigures(row) }));
    },
  };
  app.decorate('dashboardRepository', repository);
}

export default fp(dashboardRepositoryPlugin, { name: 'dashboard-repository', fastify: '5.x', dependencies: ['db'] });
