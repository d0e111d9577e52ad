import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BalanceTransaction } from '@pagemate/shared-contracts';
import { SignedMoney } from '../../shared/signed-money';
import { useBalanceTransactionsQuery } from '../../shared/balance-api';
import { ListTable } from './list-table';
import { sortOrderOf, useListQuery } from './use-list-query';
import { formatDateTime, useUserId } from '@pagemate/shared-contracts';

const STATUS_COLOURS: Record<BalanceTransaction['status'], string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** Every movement of the balance: deposits, token charges, refunds and adjustments, signed. */
export function BalanceTransactionsTable() {
  const { t, i18n } = useTranslation('balance');
  const userId = useUserId();
  const list = useListQuery();
  const result = useBalanceTransactionsQuery({ userId: userId ?? '', ...list.query }, { skip: !userId });
  const columns: TableColumnsType<BalanceTransaction> = [
    {
      key: 'date',
      title: t('transactions.date'),
      dataIndex: 'dateModified',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'date'),
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'type',
      title: t('transactions.type'),
      dataIndex: 'transactionType',
      render: (type: BalanceTransaction['transactionType']) => t(`transactionType.${type}`),
    },
    {
      key: 'amount',
      title: t('transactions.amount'),
      dataIndex: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'amount'),
      render: (amount: number) => <SignedMoney amount={amount} />,
    },
    {
      key: 'status',
      title: t('transactions.status'),
      dataIndex: 'status',
      render: (status: BalanceTransaction['status']) => <Tag color={STATUS_COLOURS[status]}>{t(`transactionStatus.${status}`)}</Tag>,
    },
    { key: 'note', title: t('transactions.note'), dataIndex: 'note', render: (note: string) => note || '—' },
  ];
  return (
    <ListTable<BalanceTransaction>
      columns={columns}
      list={list}
      result={result}
      rowKey={(row, index) => `${row.dateModified}-${row.transactionType}-${row.amount}-${index}`}
      emptyText={t('transactions.empty')}
    />
  );
}
