// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.js';
import { TimeSeriesChart } from './time-series-chart.js';

const data = [
  { date: '2025-03-02', sent: 1_500_000, replies: 2 },
  { date: '2025-03-03', sent: 0, replies: 0 },
  { date: '2025-03-04', sent: 250_000, replies: 7 },
];

async function render(language: 'vi' | 'en') {
  const i18n = await initI18n(language, {});
  await i18n.changeLanguage(language);
  const html = renderToStaticMarkup(
    <TimeSeriesChart
      title="Chart title"
      summary="One sentence."
      dayLabel="Day"
      series={[
        { key: 'sent', label: 'Sent', color: '#f00' },
        { key: 'replies', label: 'Replies', color: '#00f', shape: 'line' },
      ]}
      data={data}
      headingLevel={2}
    />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('TimeSeriesChart', () => {
  it('draws bars and a line with a title, a summary, a legend and a tooltip per day', async () => {
    const doc = await render('vi');
    const svg = doc.querySelector('svg[role="img"]');
    expect(doc.querySelector('h2')?.textContent).toBe('Chart title');
    expect(svg?.querySelector('title')?.textContent).toBe('Chart title');
    expect(svg?.querySelector('desc')?.textContent).toBe('One sentence.');
    expect([...doc.querySelectorAll('figcaption li')].map((item) => item.textContent)).toEqual(['Sent', 'Replies']);
    expect(svg?.querySelectorAll('g[data-date]')).toHaveLength(3);
    expect(svg?.querySelectorAll('polyline')).toHaveLength(1);
    expect(svg?.querySelector('g[data-date="2025-03-04"] > title')?.textContent).toBe('04/03/2025 — Sent: 250.000, Replies: 7');
    // Axis labels in the user's locale.
    expect([...(svg?.querySelectorAll('text[text-anchor="end"]') ?? [])].map((label) => label.textContent?.replace(/\s/g, ' '))).toContain('2 Tr');
  });

  it('puts every figure in a visually hidden table', async () => {
    const doc = await render('en');
    const table = doc.querySelector('figure table');
    expect(table?.getAttribute('style')).toContain('position:absolute');
    expect(table?.querySelector('caption')?.textContent).toBe('Chart title');
    expect([...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent)).toEqual(['Day', 'Sent', 'Replies']);
    expect([...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['02/03/2025', '1,500,000', '2'],
      ['03/03/2025', '0', '0'],
      ['04/03/2025', '250,000', '7'],
    ]);
    expect([...doc.querySelectorAll('svg text[text-anchor="end"]')].map((label) => label.textContent)).toContain('2M');
  });
});
