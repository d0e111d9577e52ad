import { Alert, Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '../../shared/balance-api';
import { DateRangeFilter } from './date-range-filter';
import type { ListQueryState } from './use-list-query';
import { apiErrorText, sideScrollTableProps } from '@pagemate/shared-contracts';

interface ListResult<T> {
  data?: ListPage<T>;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch(): unknown;
}

interface ListTableProps<T> {
  columns: TableColumnsType<T>;
  list: ListQueryState;
  result: ListResult<T>;
  /** A row's key; the index (within the page) is there for lists whose rows carry no id. */
  rowKey: (row: T, index: number) => string;
  emptyText: string;
}

/** A server-paginated, server-sorted table with a day-range filter, an empty state and an error with retry. */
export function ListTable<T extends object>({ columns, list, result, rowKey, emptyText }: ListTableProps<T>) {
  const { t } = useTranslation('balance');
  const { query } = list;
  const rows = result.data?.items ?? [];
  const keys = new Map(rows.map((row, index) => [row, rowKey(row, index)]));
  return (
    <>
      <DateRangeFilter onChange={list.setRange} />
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={apiErrorText(t, result.error, 'balance')}
          action={<Button onClick={() => void result.refetch()}>{t('actions.retry')}</Button>}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<T>
        size="middle"
        columns={columns}
        dataSource={rows}
        rowKey={(row) => keys.get(row) ?? ''}
        loading={result.isFetching}
        {...sideScrollTableProps()}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: result.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('table.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter) => list.onTableChange(pagination, sorter)}
      />
    </>
  );
}
