import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLongDay, formatVnd, TimeSeriesChart, type DailyMoney } from '@pagemate/shared-contracts';

/**
 * Daily spend and deposits as paired bars (the shared `TimeSeriesChart`): a one-sentence summary and the full
 * numbers in a visually hidden table for screen readers.
 */
export function DailyMoneyChart({ daily }: { daily: DailyMoney[] }) {
  const { t } = useTranslation('balance');
  const { token } = theme.useToken();
  const first = daily[0]?.date;
  const last = daily.at(-1)?.date;
  const title = t('chart.title', { days: daily.length });
  const summary = t('chart.summary', {
    days: daily.length,
    from: first ? formatLongDay(first) : '',
    to: last ? formatLongDay(last) : '',
    spend: formatVnd(daily.reduce((sum, day) => sum + day.spend, 0)),
    deposits: formatVnd(daily.reduce((sum, day) => sum + day.deposits, 0)),
  });

  return (
    <TimeSeriesChart
      title={title}
      summary={summary}
      dayLabel={t('chart.day')}
      series={[
        { key: 'spend', label: t('chart.spend'), color: token.colorError },
        { key: 'deposits', label: t('chart.deposits'), color: token.colorSuccess },
      ]}
      data={daily}
      formatValue={formatVnd}
    />
  );
}
