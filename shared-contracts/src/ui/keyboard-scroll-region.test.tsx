// @vitest-environment happy-dom
import { Table } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyboardScrollRegion } from './keyboard-scroll-region.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const rows = (names: string[]) => names.map((name) => ({ key: name, name }));
/** Lets the MutationObserver's callbacks run. */
const tick = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('KeyboardScrollRegion', () => {
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

  const draw = (label: string, data: { key: string; name: string }[], loading = false) =>
    act(async () =>
      root.render(
        <KeyboardScrollRegion label={label}>
          <Table columns={columns} dataSource={data} loading={loading} scroll={{ x: 1000 }} pagination={false} />
        </KeyboardScrollRegion>,
      ),
    );
  const scroller = () => container.querySelector<HTMLElement>('.ant-table-content');

  it("makes the table's sideways scroll container a focusable, named region", async () => {
    await draw('Pages', rows(['a', 'b']));
    await tick();
    expect(scroller()).not.toBeNull();
    expect(scroller()?.tabIndex).toBe(0);
    expect(scroller()?.getAttribute('role')).toBe('region');
    expect(scroller()?.getAttribute('aria-label')).toBe('Pages');
  });

  it('keeps it so when the table redraws (loading, new rows, empty) and follows a new label', async () => {
    await draw('Pages', [], true);
    await tick();
    await draw('Trang', rows(['a', 'b', 'c']));
    await tick();
    expect(scroller()?.tabIndex).toBe(0);
    expect(scroller()?.getAttribute('aria-label')).toBe('Trang');
    await draw('Trang', []);
    await tick();
    expect(scroller()?.getAttribute('role')).toBe('region');
  });
});
