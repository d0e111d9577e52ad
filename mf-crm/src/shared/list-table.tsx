import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { sideScrollTableProps } from '@pagemate/shared-contracts';

interface ListTableProps<T> {
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  rows: readonly T[];
  /** The first load only: a refetch keeps the rows on screen. */
  loading: boolean;
  /** What the table says with no rows (`ListEmpty`, or a card of its own). */
  empty: ReactNode;
  /** The table's width (px), scrolling sideways on a narrower screen; by default, as wide as its content. */
  scrollX?: number;
  /** A row's attributes: its test id and ids, a click handler. */
  rowProps?(row: T): Record<string, unknown>;
}

/** Every CRM list: 20 rows a page (no pager for a single page), scrolling sideways on narrow screens. */
export function ListTable<T extends object>({ rowKey, columns, rows, loading, empty, scrollX, rowProps }: ListTableProps<T>) {
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows}
      {...sideScrollTableProps(scrollX)}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: empty }}
      onRow={rowProps ? (row) => rowProps(row) as HTMLAttributes<HTMLElement> : undefined}
    />
  );
}

/** A list with no rows: why, in one sentence. */
export function ListEmpty({ description, testId }: { description: ReactNode; testId?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid={testId} />;
}
