import type { TablePaginationConfig, TableProps } from 'antd';
import { useState } from 'react';
import type { ListQuery } from '@pagemate/shared-contracts';

export type ListSortKey = ListQuery['sort'];
type TableChange<T> = Parameters<NonNullable<TableProps<T>['onChange']>>;
/** What antd reports as the sorted column(s) of a table change. */
export type TableSorter<T> = TableChange<T>[2];
type SortOrder = NonNullable<TableProps<unknown>['sortDirections']>[number] | null;

/** Newest first, 20 a page: what the server assumes when nothing is asked. */
export const DEFAULT_LIST_QUERY: ListQuery = { page: 1, page_size: 20, sort: 'date', order: 'desc' };

/** An antd Table change (page, size, sorted column) as the contract's list query. */
export function listQueryAfterTableChange<T>(
  current: ListQuery,
  pagination: TablePaginationConfig,
  sorter: TableSorter<T>,
): ListQuery {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = single?.columnKey;
  const sorted = single?.order && (key === 'date' || key === 'amount');
  const sort: ListQuery['sort'] = sorted ? key : DEFAULT_LIST_QUERY.sort;
  const order: ListQuery['order'] = sorted ? (single.order === 'ascend' ? 'asc' : 'desc') : DEFAULT_LIST_QUERY.order;
  const pageSize = pagination.pageSize ?? current.page_size;
  // A new order or page size starts again from the first page; only a page click moves within the list.
  const restart = sort !== current.sort || order !== current.order || pageSize !== current.page_size;
  return { ...current, sort, order, page_size: pageSize, page: restart ? 1 : (pagination.current ?? current.page) };
}

/** A new day range (or none) starts from the first page. */
export function listQueryWithRange(current: ListQuery, from: string | undefined, to: string | undefined): ListQuery {
  const next: ListQuery = { ...current, page: 1 };
  delete next.from;
  delete next.to;
  return from && to ? { ...next, from, to } : next;
}

/** The sort arrow a column shows for the current query. */
export function sortOrderOf(query: ListQuery, key: ListSortKey): SortOrder {
  if (query.sort !== key) return null;
  return query.order === 'asc' ? 'ascend' : 'descend';
}

/** The page, size, order and day range of one server-paginated table. */
export function useListQuery() {
  const [query, setQuery] = useState<ListQuery>(DEFAULT_LIST_QUERY);
  return {
    query,
    onTableChange: <T,>(pagination: TablePaginationConfig, sorter: TableSorter<T>) =>
      setQuery((current) => listQueryAfterTableChange(current, pagination, sorter)),
    setRange: (from: string | undefined, to: string | undefined) => setQuery((current) => listQueryWithRange(current, from, to)),
  };
}

export type ListQueryState = ReturnType<typeof useListQuery>;
