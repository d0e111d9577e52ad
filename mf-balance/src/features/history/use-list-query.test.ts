import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_QUERY, listQueryAfterTableChange, listQueryWithRange, sortOrderOf } from './use-list-query';

describe('table changes as list queries', () => {
  it('a page click moves within the list', () => {
    expect(listQueryAfterTableChange(DEFAULT_LIST_QUERY, { current: 3, pageSize: 20 }, {})).toEqual({ ...DEFAULT_LIST_QUERY, page: 3 });
  });

  it('a new sort or page size starts again from page 1', () => {
    const onPage3 = { ...DEFAULT_LIST_QUERY, page: 3 };
    expect(listQueryAfterTableChange(onPage3, { current: 3, pageSize: 20 }, { columnKey: 'amount', order: 'ascend' })).toEqual({
      ...DEFAULT_LIST_QUERY,
      sort: 'amount',
      order: 'asc',
    });
    expect(listQueryAfterTableChange(onPage3, { current: 3, pageSize: 50 }, {})).toEqual({ ...DEFAULT_LIST_QUERY, page_size: 50 });
  });

  it('a cleared sort goes back to newest first', () => {
    const byAmount = { ...DEFAULT_LIST_QUERY, sort: 'amount', order: 'asc' } as const;
    expect(listQueryAfterTableChange(byAmount, { current: 1, pageSize: 20 }, { columnKey: 'amount', order: null })).toEqual(DEFAULT_LIST_QUERY);
    expect(sortOrderOf(DEFAULT_LIST_QUERY, 'date')).toBe('descend');
    expect(sortOrderOf(DEFAULT_LIST_QUERY, 'amount')).toBeNull();
  });

  it('a day range is both ends or nothing, and starts from page 1', () => {
    const onPage2 = { ...DEFAULT_LIST_QUERY, page: 2 };
    expect(listQueryWithRange(onPage2, '2025-03-01', '2025-03-04')).toEqual({ ...DEFAULT_LIST_QUERY, from: '2025-03-01', to: '2025-03-04' });
    expect(listQueryWithRange({ ...onPage2, from: '2025-03-01', to: '2025-03-04' }, undefined, undefined)).toEqual(DEFAULT_LIST_QUERY);
  });
});
