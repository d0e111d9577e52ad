import { theme, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd, type DailyMoney } from '@pagemate/shared-contracts';
import { formatDay, formatShortDay } from '../../shared/format-date';
import { visuallyHidden } from '../../shared/visually-hidden';
import { formatCompactVnd, labelEvery, niceCeiling, ticksUpTo } from './chart-scale';
import { useElementWidth } from './use-element-width';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 52 };

/**
 * Daily spend and deposits as paired bars. Screen readers get a one-sentence summary (`<title>`/`<desc>`)
 * and the full numbers in a visually hidden table; the bars themselves are decoration for them.
 */
export function DailyMoneyChart({ daily }: { daily: DailyMoney[] }) {
  const { t } = useTranslation('balance');
  const { token } = theme.useToken();
  const { ref, width } = useElementWidth<HTMLDivElement>(720);
  const id = useId();
  const spendColour = token.colorError;
  const depositColour = token.colorSuccess;

  const totalSpend = daily.reduce((sum, day) => sum + day.spend, 0);
  const totalDeposits = daily.reduce((sum, day) => sum + day.deposits, 0);
  const max = niceCeiling(Math.max(0, ...daily.map((day) => Math.max(day.spend, day.deposits))));
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 1);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const dayWidth = plotWidth / Math.max(daily.length, 1);
  const barWidth = Math.max(Math.min(dayWidth * 0.38, 14), 1);
  const every = labelEvery(dayWidth);
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const first = daily[0]?.date;
  const last = daily.at(-1)?.date;
  const summary = t('chart.summary', {
    days: daily.length,
    from: first ? formatDay(first) : '',
    to: last ? formatDay(last) : '',
    spend: formatVnd(totalSpend),
    deposits: formatVnd(totalDeposits),
  });

  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
          {t('chart.title', { days: daily.length })}
        </Typography.Title>
        <ul aria-hidden="true" style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, margin: '0 0 8px', flexWrap: 'wrap' }}>
          <LegendItem colour={spendColour} label={t('chart.spend')} />
          <LegendItem colour={depositColour} label={t('chart.deposits')} />
        </ul>
      </figcaption>
      <div ref={ref} style={{ width: '100%' }}>
        <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} style={{ display: 'block', maxWidth: '100%' }}>
          <title id={`${id}-title`}>{t('chart.title', { days: daily.length })}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticksUpTo(max).map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
                {formatCompactVnd(tick)}
              </text>
            </g>
          ))}
          {daily.map((day, index) => {
            const x = MARGIN.left + index * dayWidth + dayWidth / 2;
            return (
              <g key={day.date}>
                <rect x={x - barWidth} y={y(day.spend)} width={barWidth} height={y(0) - y(day.spend)} fill={spendColour} rx={1} />
                <rect x={x} y={y(day.deposits)} width={barWidth} height={y(0) - y(day.deposits)} fill={depositColour} rx={1} />
                {(daily.length - 1 - index) % every === 0 ? (
                  <text x={x} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
                    {formatShortDay(day.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <table style={visuallyHidden}>
        <caption>{t('chart.title', { days: daily.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            <th scope="col">{t('chart.spend')}</th>
            <th scope="col">{t('chart.deposits')}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatVnd(day.spend)}</td>
              <td>{formatVnd(day.deposits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function LegendItem({ colour, label }: { colour: string; label: string }) {
  return (
    <li style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span style={{ width: 12, height: 12, borderRadius: 2, background: colour, display: 'inline-block' }} />
      <Typography.Text>{label}</Typography.Text>
    </li>
  );
}
