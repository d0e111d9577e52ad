import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatVndNumber, type TokenTransaction, useUserId } from '@pagemate/shared-contracts';
import { SignedMoney } from '../../shared/signed-money';
import { useTokenTransactionsQuery } from '../../shared/balance-api';
import { ListTable } from './list-table';
import { sortOrderOf, useListQuery } from './use-list-query';

const tokens = (count: number) => formatVndNumber(count);

/** What each AI answer used and cost (sorting by amount sorts by cost). */
export function TokenTransactionsTable() {
  const { t, i18n } = useTranslation('balance');
  const userId = useUserId();
  const list = useListQuery();
  const result = useTokenTransactionsQuery({ userId: userId ?? '', ...list.query }, { skip: !userId });
  const columns: TableColumnsType<TokenTransaction> = [
    {
      key: 'date',
      title: t('tokens.time'),
      dataIndex: 'time',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'date'),
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'message',
      title: t('tokens.message'),
      dataIndex: 'message',
      render: (message: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: message }} style={{ marginBottom: 0, maxWidth: 320, minWidth: 160 }}>
          {message}
        </Typography.Paragraph>
      ),
    },
    { key: 'prompt', title: t('tokens.prompt'), dataIndex: 'promptTokens', align: 'right', render: tokens },
    { key: 'completion', title: t('tokens.completion'), dataIndex: 'completionTokens', align: 'right', render: tokens },
    { key: 'total', title: t('tokens.total'), dataIndex: 'totalToken', align: 'right', render: tokens },
    {
      key: 'amount',
      title: t('tokens.cost'),
      dataIndex: 'totalCost',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'amount'),
      render: (cost: number) => <SignedMoney amount={-cost} />,
    },
  ];
  return (
    <ListTable<TokenTransaction>
      columns={columns}
      list={list}
      result={result}
      rowKey={(row, index) => `${row.time}-${row.totalToken}-${index}`}
      emptyText={t('tokens.empty')}
    />
  );
}
