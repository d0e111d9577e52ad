import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLongDay, TimeSeriesChart, type PartnerOverview } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';

/** Daily activity (messages, comments, bot replies) and orders per day over the overview's range. */
export function PartnerCharts({ overview }: { overview: PartnerOverview }) {
  const { t } = useTranslation('partner');
  const { token } = theme.useToken();
  const count = useFormatCount();
  const { days, orders_per_day: orders } = overview;
  const sum = <T,>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
  const first = days[0];
  const last = days.at(-1);
  const range = { days: days.length, from: first ? formatLongDay(first.date) : '', to: last ? formatLongDay(last.date) : '' };
  return (
    <>
      <TimeSeriesChart
        title={t('chart.activityTitle', { days: days.length })}
        summary={t('chart.activitySummary', {
          ...range,
          messages: count(sum(days, (day) => day.messages)),
          comments: count(sum(days, (day) => day.comments)),
          botReplies: count(sum(days, (day) => day.bot_replies)),
        })}
        dayLabel={t('chart.day')}
        series={[
          { key: 'messages', label: t('chart.messages'), color: token.colorSuccess, shape: 'line' },
          { key: 'comments', label: t('chart.comments'), color: token.colorPrimary, shape: 'line' },
          { key: 'bot_replies', label: t('kpi.bot_replies'), color: token.colorWarning, shape: 'line' },
        ]}
        data={days}
        formatValue={count}
      />
      <TimeSeriesChart
        title={t('chart.ordersTitle', { days: orders.length })}
        summary={t('chart.ordersSummary', { ...range, orders: count(sum(orders, (day) => day.orders)) })}
        dayLabel={t('chart.day')}
        series={[{ key: 'orders', label: t('kpi.orders'), color: token.colorInfo }]}
        data={orders}
        formatValue={count}
      />
    </>
  );
}
