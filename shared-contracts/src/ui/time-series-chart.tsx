import { theme, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLocale, formatCompactNumber, formatLongDay, formatShortDay, labelEvery, niceCeiling, ticksUpTo } from './chart-scale.js';
import { useElementWidth } from './use-element-width.js';
import { visuallyHidden } from './visually-hidden.js';

/** One figure drawn per day: its key in the data, its name (legend, table header) and colour. */
export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  color: string;
  /** Bars side by side per day (default), or a line through the days. */
  shape?: 'bar' | 'line';
}

/** One calendar day (`YYYY-MM-DD`) with a number per series. */
export type ChartDatum<K extends string> = { date: string } & Record<K, number>;

export interface TimeSeriesChartProps<K extends string> {
  /** The chart's heading, its `<title>` and the hidden table's caption. */
  title: string;
  /** One sentence for screen readers (the SVG's `<desc>`): the range and its totals, say. */
  summary: string;
  /** Header of the days column of the hidden table ("Day"). */
  dayLabel: string;
  series: readonly ChartSeries<K>[];
  /** Oldest first, one entry per day. */
  data: readonly ChartDatum<K>[];
  /** Numbers in the table and the tooltips (default: grouped in the user's locale). */
  formatValue?: (value: number) => string;
  /** Labels of the value axis (default: compact in the user's locale — `1,5 Tr`, `1.5M`). */
  formatAxisValue?: (value: number, locale: string) => string;
  /** Level of the heading, to keep the page's headings in order (default 3). */
  headingLevel?: 2 | 3 | 4 | 5;
  height?: number;
}

const MARGIN = { top: 12, right: 8, bottom: 28, left: 52 };

/**
 * A small dependency-free SVG chart of figures per day: bars and/or lines, a legend, axis labels in the user's
 * locale and a native tooltip per day. Screen readers get the title and a one-sentence summary on the SVG and the
 * full numbers in a visually hidden table right after it; the drawing itself is decoration for them.
 */
export function TimeSeriesChart<K extends string>({
  title,
  summary,
  dayLabel,
  series,
  data,
  formatValue,
  formatAxisValue = formatCompactNumber,
  headingLevel = 3,
  height = 220,
}: TimeSeriesChartProps<K>) {
  const { i18n } = useTranslation();
  const locale = chartLocale(i18n.language);
  const { token } = theme.useToken();
  const { ref, width } = useElementWidth<HTMLDivElement>(720);
  const id = useId();
  const valueText = formatValue ?? ((value: number) => value.toLocaleString(locale));

  const bars = series.filter((one) => (one.shape ?? 'bar') === 'bar');
  const lines = series.filter((one) => one.shape === 'line');
  const max = niceCeiling(Math.max(0, ...data.flatMap((day) => series.map((one) => day[one.key]))));
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 1);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const dayWidth = plotWidth / Math.max(data.length, 1);
  const barWidth = bars.length === 0 ? 0 : Math.max(Math.min((dayWidth * 0.76) / bars.length, 14), 1);
  const every = labelEvery(dayWidth);
  const centre = (index: number) => MARGIN.left + index * dayWidth + dayWidth / 2;
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const tooltip = (day: ChartDatum<K>) => `${formatLongDay(day.date)} — ${series.map((one) => `${one.label}: ${valueText(day[one.key])}`).join(', ')}`;

  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <Typography.Title level={headingLevel} style={{ fontSize: 16, marginTop: 0 }}>
          {title}
        </Typography.Title>
        <ul aria-hidden="true" style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, margin: '0 0 8px', flexWrap: 'wrap' }}>
          {series.map((one) => (
            <li key={one.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span
                style={{
                  width: 12,
                  height: one.shape === 'line' ? 3 : 12,
                  borderRadius: 2,
                  background: one.color,
                  display: 'inline-block',
                }}
              />
              <Typography.Text>{one.label}</Typography.Text>
            </li>
          ))}
        </ul>
      </figcaption>
      <div ref={ref} style={{ width: '100%' }}>
        <svg width={width} height={height} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} style={{ display: 'block', maxWidth: '100%' }}>
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticksUpTo(max).map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={token.colorBorderSecondary} />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
                {formatAxisValue(tick, locale)}
              </text>
            </g>
          ))}
          {data.map((day, index) => {
            const x = centre(index);
            const left = x - (barWidth * bars.length) / 2;
            return (
              <g key={day.date} data-date={day.date}>
                <title>{tooltip(day)}</title>
                {/* Hover target of the whole day, so the tooltip shows on empty days too. */}
                <rect x={x - dayWidth / 2} y={MARGIN.top} width={dayWidth} height={plotHeight} fill="transparent" />
                {bars.map((one, barIndex) => (
                  <rect key={one.key} x={left + barIndex * barWidth} y={y(day[one.key])} width={barWidth} height={y(0) - y(day[one.key])} fill={one.color} rx={1} />
                ))}
                {(data.length - 1 - index) % every === 0 ? (
                  <text x={x} y={height - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill={token.colorTextSecondary}>
                    {formatShortDay(day.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
          {lines.map((one) => (
            <g key={one.key} pointerEvents="none">
              <polyline
                points={data.map((day, index) => `${centre(index)},${y(day[one.key])}`).join(' ')}
                fill="none"
                stroke={one.color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {dayWidth >= 8 ? data.map((day, index) => <circle key={day.date} cx={centre(index)} cy={y(day[one.key])} r={2.5} fill={one.color} />) : null}
            </g>
          ))}
        </svg>
      </div>
      <table style={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{dayLabel}</th>
            {series.map((one) => (
              <th key={one.key} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatLongDay(day.date)}</th>
              {series.map((one) => (
                <td key={one.key}>{valueText(day[one.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
