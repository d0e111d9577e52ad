// @vitest-environment happy-dom
import { Table, type TableProps } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sideScrollTableProps } from './side-scroll-table.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  key: string;
  name: string;
}
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const rows: Row[] = [{ key: 'a', name: 'Áo thun' }];

describe('sideScrollTableProps', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const draw = (props: Partial<TableProps<Row>>) => act(async () => root.render(<Table<Row> columns={columns} dataSource={rows} {...props} />));

  it('scrolls the table sideways in its own box, as wide as its content, with no measuring row', async () => {
    await draw(sideScrollTableProps());
    const content = container.querySelector<HTMLElement>('.ant-table-content');
    const table = container.querySelector<HTMLElement>('.ant-table-content > table');
    expect(content?.style.overflowX).toBe('auto');
    expect(table?.style.width).toBe('max-content');
    expect(table?.style.minWidth).toBe('100%');
    expect(container.querySelector('.ant-table-measure-row')).toBeNull();
    expect(container.querySelector('td')?.textContent).toBe('Áo thun');
  });

  it('keeps a minimum width when given one', async () => {
    await draw(sideScrollTableProps(1000));
    expect(container.querySelector<HTMLElement>('.ant-table-content > table')?.style.minWidth).toBe('max(100%, 1000px)');
  });

  it("gives the same props for the same width, so a table's element is not replaced on each render", () => {
    expect(sideScrollTableProps(860)).toBe(sideScrollTableProps(860));
    expect(sideScrollTableProps()).not.toBe(sideScrollTableProps(860));
  });

  it("is what antd's scroll.x would measure: that option draws a measuring row", async () => {
    await draw({ scroll: { x: 'max-content' } });
    expect(container.querySelector('.ant-table-measure-row')).not.toBeNull();
  });
});
