import {
  CommentOutlined,
  FacebookOutlined,
  MessageOutlined,
  RobotOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Card, Col, Flex, Row, Select, Skeleton, Statistic, Table, Typography, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, memo, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  findRoute,
  formatLongDay,
  formatVnd,
  hrefOf,
  selectFromFirstRender,
  selectSessionUser,
  sideScrollTableProps,
  TimeSeriesChart,
  useAppSelector,
  type DashboardCounts,
  type DashboardDay,
  type DashboardPage,
  type RouteId,
} from '@pagemate/shared-contracts';
import { INLINE_LINK } from '../components/inline-link';
import { useDashboardCountsQuery, useDashboardSeriesQuery, type DashboardSeries } from './dashboard-api';
import { useFormatCount } from './format-count';
import { LoadFailed } from './load-failed';
import { PageIntro } from './page-intro';
import { PeriodSegmented, type Period } from './period-segmented';

const ALL_PAGES = '';

/**
 * The partner card closes the page, below the fold on a phone: its code (a form, its queries) loads once the
 * dashboard is drawn, and a placeholder of its size holds its place until then.
 */
const PartnerCard = lazy(() => import('./partner-card').then((m) => ({ default: m.PartnerCard })));

function PartnerCardPlaceholder() {
  const { t } = useTranslation('dashboard');
  return (
    <Card aria-busy="true">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('partnerJoin.title')}
      </Typography.Title>
      <Skeleton active paragraph={{ rows: 2 }} />
    </Card>
  );
}

const pathOf = (id: RouteId) => hrefOf(findRoute(id).path);

/**
 * `/user-dashboard`: the first screen after signing in — all-time figures, activity and spend per Vietnam day
 * over 7 / 30 / 90 days (all pages or one), the figures per page, and the first steps for a new user. Each part
 * reads its own answer and redraws alone when it arrives: the figures' answer does not redraw the charts, nor the
 * charts' the figures (on a phone each redraw of the whole page is a long task).
 */
export function UserDashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useAppSelector(selectSessionUser);
  const userId = user?.userId;
  // Loading from the first render (selectFromFirstRender): the figures are never drawn as 0 before their value.
  const counts = useDashboardCountsQuery(userId ?? skipToken, {
    selectFromResult: selectFromFirstRender(({ data, isLoading, isError }) => ({ data, isLoading, isError }), !userId),
  });
  const noPages = counts.data !== undefined && counts.data.pages === 0;
  const noActivity = counts.data !== undefined && counts.data.comments + counts.data.messages + counts.data.bot_replies + counts.data.spend === 0;

  return (
    <Flex vertical gap={16}>
      <PageIntro title={t('user.title')}>
        {user?.username ? `${t('user.welcome', { name: user.username })} ` : ''}
        {t('user.intro')}
      </PageIntro>

      <FigureCards counts={counts.data} loading={counts.isLoading} failed={counts.isError && !counts.data} retry={counts.refetch} />

      {noPages || noActivity ? <GettingStarted hasPages={!noPages} /> : null}

      {noPages || !userId ? null : <Activity userId={userId} />}

      {userId ? <PartnerSection userId={userId} /> : null}
    </Flex>
  );
}

const PartnerSection = memo(function PartnerSection({ userId }: { userId: string }) {
  return (
    <Suspense fallback={<PartnerCardPlaceholder />}>
      <PartnerCard userId={userId} />
    </Suspense>
  );
});

/** Activity over the chosen period, all pages or one: the charts and the figures per page. */
const Activity = memo(function Activity({ userId }: { userId: string }) {
  const { t } = useTranslation('dashboard');
  const [days, setDays] = useState<Period>(30);
  const [pageId, setPageId] = useState<string>(ALL_PAGES);
  const selected = ({ data, isLoading, isFetching, isError }: { data?: DashboardSeries; isUninitialized: boolean; isLoading: boolean; isFetching: boolean; isError: boolean }) => ({
    data,
    isLoading,
    isFetching,
    isError,
  });
  // The unfiltered series lists every connected page (the filter's choices); the filtered one draws the charts.
  const allPages = useDashboardSeriesQuery({ userId, days }, { selectFromResult: selectFromFirstRender(selected) });
  const filtered = useDashboardSeriesQuery(pageId !== ALL_PAGES ? { userId, days, pageId } : skipToken, {
    selectFromResult: selectFromFirstRender(selected, pageId === ALL_PAGES),
  });
  const series = pageId === ALL_PAGES ? allPages : filtered;
  const pages = allPages.data?.pages ?? [];

  return (
    <section aria-labelledby="dashboard-activity">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Typography.Title level={2} id="dashboard-activity" style={{ fontSize: 18, margin: 0 }}>
            {t('user.activity.title')}
          </Typography.Title>
          <Flex gap={12} wrap align="center">
            <PeriodSegmented value={days} onChange={setDays} />
            <Select<string>
              aria-label={t('user.activity.page')}
              value={pageId}
              onChange={setPageId}
              style={{ minWidth: 220 }}
              options={[
                { value: ALL_PAGES, label: t('user.activity.allPages') },
                ...pages.map((page) => ({ value: page.page_id, label: page.page_name })),
              ]}
            />
          </Flex>
        </Flex>
        {series.isLoading || (series.isFetching && !series.data) ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : series.isError && !series.data ? (
          <LoadFailed message={t('user.loadFailed')} retryLabel={t('user.retry')} retry={() => void series.refetch()} />
        ) : series.data ? (
          <Flex vertical gap={24} aria-busy={series.isFetching}>
            <ActivityCharts days={series.data.days} />
            <PagesTable pages={series.data.pages} />
          </Flex>
        ) : null}
      </Card>
    </section>
  );
});

const FigureCards = memo(function FigureCards({ counts, loading, failed, retry }: { counts: DashboardCounts | undefined; loading: boolean; failed: boolean; retry(): void }) {
  const { t } = useTranslation('dashboard');
  const count = useFormatCount();
  if (failed) {
    return <LoadFailed message={t('user.loadFailed')} retryLabel={t('user.retry')} retry={retry} />;
  }
  const cards: { key: keyof DashboardCounts; icon: ReactNode; format?: (value: number | string) => string }[] = [
    { key: 'pages', icon: <FacebookOutlined /> },
    { key: 'comments', icon: <CommentOutlined /> },
    { key: 'messages', icon: <MessageOutlined /> },
    { key: 'bot_replies', icon: <RobotOutlined /> },
    { key: 'orders', icon: <ShoppingCartOutlined /> },
    { key: 'clients', icon: <TeamOutlined /> },
    { key: 'spend', icon: <WalletOutlined />, format: (value) => formatVnd(Number(value)) },
  ];
  return (
    <section aria-labelledby="dashboard-figures">
      <Typography.Title level={2} id="dashboard-figures" style={{ fontSize: 18 }}>
        {t('user.figures.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={8} xl={card.key === 'spend' ? 6 : 3}>
            <Card size="small" className="pm-figure" style={{ height: '100%' }} data-testid={`figure-${card.key}`}>
              <Statistic
                title={t(`user.figures.${card.key}`)}
                value={counts?.[card.key] ?? 0}
                formatter={card.format ?? count}
                prefix={<span aria-hidden>{card.icon}</span>}
                loading={loading}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
});

function ActivityCharts({ days }: { days: DashboardDay[] }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const total = (key: 'comments' | 'messages' | 'bot_replies' | 'spend') => days.reduce((sum, day) => sum + day[key], 0);
  const range = { days: days.length, from: days[0] ? formatLongDay(days[0].date) : '', to: days.at(-1) ? formatLongDay(days.at(-1)?.date ?? '') : '' };
  const count = useFormatCount();
  return (
    <>
      <TimeSeriesChart
        title={t('user.chart.activityTitle', { days: days.length })}
        summary={t('user.chart.activitySummary', {
          ...range,
          comments: count(total('comments')),
          messages: count(total('messages')),
          botReplies: count(total('bot_replies')),
        })}
        dayLabel={t('user.chart.day')}
        series={[
          { key: 'comments', label: t('user.figures.comments'), color: token.colorPrimary, shape: 'line' },
          { key: 'messages', label: t('user.figures.messages'), color: token.colorSuccess, shape: 'line' },
          { key: 'bot_replies', label: t('user.figures.bot_replies'), color: token.colorWarning, shape: 'line' },
        ]}
        data={days}
        formatValue={count}
      />
      <TimeSeriesChart
        title={t('user.chart.spendTitle', { days: days.length })}
        summary={t('user.chart.spendSummary', { ...range, spend: formatVnd(total('spend')) })}
        dayLabel={t('user.chart.day')}
        series={[{ key: 'spend', label: t('user.figures.spend'), color: token.colorError }]}
        data={days}
        formatValue={formatVnd}
      />
    </>
  );
}

/** Height of one row of a small antd table (its header's too): 8 px padding above and below a 22 px line, a 1 px rule. */
const SMALL_TABLE_ROW_PX = 39;

/**
 * The figures per page. The table is drawn in a render of its own, after the charts (a deferred value whose first
 * value is none), so an answer's arrival is two shorter tasks on a phone instead of one long one; until then a
 * block of the table's height holds its place.
 */
function PagesTable({ pages }: { pages: DashboardPage[] }) {
  const { t } = useTranslation('dashboard');
  const count = useFormatCount();
  const shown = useDeferredValue<DashboardPage[] | null>(pages, null);
  const numeric = (key: 'comments' | 'messages' | 'bot_replies' | 'posts') => ({
    key,
    dataIndex: key,
    title: t(`user.figures.${key}`),
    align: 'right' as const,
    render: count,
    sorter: (a: DashboardPage, b: DashboardPage) => a[key] - b[key],
  });
  return (
    <section aria-labelledby="dashboard-pages">
      <Typography.Title level={3} id="dashboard-pages" style={{ fontSize: 16, marginTop: 0 }}>
        {t('user.pages.title')}
      </Typography.Title>
      {shown ? (
        <Table<DashboardPage>
          rowKey="page_id"
          size="small"
          pagination={false}
          {...sideScrollTableProps()}
          dataSource={shown}
          locale={{ emptyText: t('user.pages.empty') }}
          columns={[
            { key: 'page', dataIndex: 'page_name', title: t('user.pages.page') },
            numeric('comments'),
            numeric('messages'),
            numeric('bot_replies'),
            numeric('posts'),
            { key: 'spend', dataIndex: 'spend', title: t('user.figures.spend'), align: 'right', render: formatVnd, sorter: (a, b) => a.spend - b.spend },
          ]}
        />
      ) : (
        <div aria-busy="true" style={{ height: (Math.max(pages.length, 1) + 1) * SMALL_TABLE_ROW_PX }} />
      )}
    </section>
  );
}

/** The first steps, with where to take them: connect Facebook, subscribe a page, upload documents, top up. */
function GettingStarted({ hasPages }: { hasPages: boolean }) {
  const { t } = useTranslation('dashboard');
  const steps: { key: string; to: string; done: boolean }[] = [
    { key: 'connect', to: pathOf('page-manager'), done: hasPages },
    { key: 'subscribe', to: pathOf('page-manager'), done: false },
    { key: 'documents', to: pathOf('user-file-manager'), done: false },
    { key: 'topUp', to: pathOf('balance'), done: false },
  ];
  return (
    <section aria-labelledby="dashboard-start" data-testid="getting-started">
      <Card>
        <Typography.Title level={2} id="dashboard-start" style={{ fontSize: 18, marginTop: 0 }}>
          {t(hasPages ? 'user.start.titleNoActivity' : 'user.start.title')}
        </Typography.Title>
        <Typography.Paragraph>{t(hasPages ? 'user.start.introNoActivity' : 'user.start.intro')}</Typography.Paragraph>
        <ol style={{ paddingInlineStart: 20, margin: 0, display: 'grid', gap: 12 }}>
          {steps.map((step) => (
            <li key={step.key}>
              <Typography.Text strong delete={step.done}>
                {t(`user.start.${step.key}.title`)}
              </Typography.Text>
              {step.done ? <Typography.Text type="success"> — {t('user.start.done')}</Typography.Text> : null}
              <br />
              <Typography.Text type="secondary">{t(`user.start.${step.key}.description`)}</Typography.Text>{' '}
              {step.done ? null : (
                <Link to={step.to} style={INLINE_LINK}>
                  {t(`user.start.${step.key}.action`)}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </Card>
    </section>
  );
}
