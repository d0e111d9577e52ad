import { ReloadOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, fetchTotalBalance, formatVnd, selectPaymentStatus, selectTotalBalance, useAppDispatch, useAppSelector, useUserId } from '@pagemate/shared-contracts';
import { useBalanceSummaryQuery } from '../../shared/balance-api';
import { DailyMoneyChart } from './daily-money-chart';

/** Days of daily spend and deposits the overview charts. */
export const OVERVIEW_DAYS = 30;

const money = (value: number | string) => formatVnd(Number(value));

/**
 * Current balance (the same figure as the header's "Bal:", from the shared payment slice), money held by AI
 * calls in progress, this month's spend and deposits, a low-balance warning and the daily chart.
 */
export function BalanceOverview({ onDeposit }: { onDeposit(): void }) {
  const { t } = useTranslation('balance');
  const dispatch = useAppDispatch();
  const userId = useUserId();
  const total = useAppSelector(selectTotalBalance);
  const totalStatus = useAppSelector(selectPaymentStatus);
  const summary = useBalanceSummaryQuery({ userId: userId ?? '', days: OVERVIEW_DAYS }, { skip: !userId });
  const data = summary.data;
  const low = data !== undefined && totalStatus === 'succeeded' && total < data.low_balance_threshold;
  // Whether the warnings above the figures show is known once both answers are in: until then one placeholder
  // stands for the whole overview, so a warning never appears over cards already drawn and pushes them down.
  const decided = (data !== undefined || summary.isError) && (totalStatus === 'succeeded' || totalStatus === 'failed');
  const [drawn, setDrawn] = useState(decided);
  if (decided && !drawn) setDrawn(true);
  // The chart is drawn in a render of its own after the figures (a deferred value whose first value is none): when
  // the summary is already here at the first render (read at start-up), the figures show in one shorter task on a
  // phone and the chart follows in another, instead of one long task before anything is drawn.
  const daily = useDeferredValue(data?.daily, undefined);

  const refresh = () => {
    if (!userId) return;
    void dispatch(fetchTotalBalance(userId));
    void summary.refetch();
  };

  if (!drawn) {
    return (
      <Card aria-busy data-testid="balance-overview-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      {totalStatus === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('errors.fetchBalance')}
          action={<Button onClick={() => userId && void dispatch(fetchTotalBalance(userId))}>{t('actions.retry')}</Button>}
        />
      ) : null}
      {low ? (
        <Alert
          type="warning"
          showIcon
          title={t('overview.lowBalance.title')}
          description={t('overview.lowBalance.description', { threshold: formatVnd(data.low_balance_threshold) })}
          action={
            <Button type="primary" icon={<WalletOutlined />} onClick={onDeposit}>
              {t('overview.lowBalance.action')}
            </Button>
          }
        />
      ) : null}
      <Card>
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} md={10}>
            <Statistic
              title={t('overview.total')}
              value={total}
              formatter={money}
              loading={totalStatus === 'loading' && total === 0}
              styles={{ content: { fontSize: 32, fontWeight: 600 } }}
            />
            {data && data.reserved > 0 ? (
              <Statistic title={t('overview.reserved')} value={data.reserved} formatter={money} styles={{ content: { fontSize: 16 } }} style={{ marginTop: 8 }} />
            ) : null}
          </Col>
          <Col xs={12} md={7}>
            <Statistic title={t('overview.spentThisMonth')} value={data?.spent_this_month ?? 0} formatter={money} loading={summary.isLoading} />
          </Col>
          <Col xs={12} md={7}>
            <Statistic title={t('overview.depositedThisMonth')} value={data?.deposited_this_month ?? 0} formatter={money} loading={summary.isLoading} />
          </Col>
        </Row>
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Button type="primary" icon={<WalletOutlined />} onClick={onDeposit}>
            {t('overview.deposit')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={refresh} disabled={!userId} loading={summary.isFetching && !summary.isLoading}>
            {t('overview.refresh')}
          </Button>
        </Flex>
      </Card>
      <Card>
        {summary.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} title={{ width: '40%' }} />
        ) : summary.isError && !data ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('overview.summaryFailed')}
            description={apiErrorText(t, summary.error, 'balance')}
            action={<Button onClick={() => void summary.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : daily ? (
          <DailyMoneyChart daily={daily} />
        ) : (
          <Skeleton paragraph={{ rows: 6 }} title={{ width: '40%' }} />
        )}
      </Card>
    </Flex>
  );
}
