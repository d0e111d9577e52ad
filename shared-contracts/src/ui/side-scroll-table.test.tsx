// @vitest-environment happy-dom
import { Table, type TableProps } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { sideScrollTableProps } from './side-scroll-table.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  key: string;
  name: string;
}
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const rows: Row[] = [{ key: 'a', name: 'Áo thun' }];

/** Unmounts what the test drew. */
const drawn: (() => void)[] = [];
afterEach(() => drawn.splice(0).forEach((unmount) => unmount()));

/** Draws a table of one row with `props`; its container. */
async function draw(props: Partial<TableProps<Row>>): Promise<HTMLElement> {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => root.render(<Table<Row> columns={columns} dataSource={rows} {...props} />));
  drawn.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

describe('sideScrollTableProps', () => {
  it('scrolls the table sideways in its own box, as wide as its content, with no measuring row', async () => {
    const container = await draw(sideScrollTableProps());
    const content = container.querySelector<HTMLElement>('.ant-table-content');
    const table = container.querySelector<HTMLElement>('.ant-table-content > table');
    expect(content?.style.overflowX).toBe('auto');
    expect(table?.style.width).toBe('max-content');
    expect(table?.style.minWidth).toBe('100%');
    expect(container.querySelector('.ant-table-measure-row')).toBeNull();
    expect(container.querySelector('td')?.textContent).toBe('Áo thun');
  });

  it("keeps an empty table's message in the visible part of the box (one style sheet for every table)", async () => {
    const first = await draw({ ...sideScrollTableProps(1000), dataSource: [], locale: { emptyText: 'Chưa có trang nào.' } });
    await draw(sideScrollTableProps());
    expect(first.querySelector('.ant-table-content')?.classList.contains('pm-side-scroll')).toBe(true);
    expect(first.querySelector('.ant-table-placeholder')?.textContent).toBe('Chưa có trang nào.');
    const sheets = [...document.head.querySelectorAll('style')].filter((style) => style.textContent?.includes('.pm-side-scroll .ant-table-placeholder'));
    expect(sheets).toHaveLength(1);
    expect(sheets[0]?.textContent).toContain('position: sticky');
  });

  it('is as wide as a width given, never narrower than its box', async () => {
    const container = await draw(sideScrollTableProps(1000));
    const table = container.querySelector<HTMLElement>('.ant-table-content > table');
    expect([table?.style.width, table?.style.minWidth]).toEqual(['1000px', '100%']);
  });

  it("gives the same props for the same width, so a table's element is not replaced on each render", () => {
    expect(sideScrollTableProps(860)).toBe(sideScrollTableProps(860));
    expect(sideScrollTableProps()).not.toBe(sideScrollTableProps(860));
  });

  it("is what antd's scroll.x would measure: that option draws a measuring row", async () => {
    const container = await draw({ scroll: { x: 'max-content' } });
    expect(container.querySelector('.ant-table-measure-row')).not.toBeNull();
  });
});
