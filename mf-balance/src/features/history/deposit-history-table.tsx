import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Deposit, formatDateTime, formatVnd, useUserId } from '@pagemate/shared-contracts';
import { balanceSearchOf } from '../../shared/balance-tabs';
import { PaymentStatusTag } from '../../shared/payment-status-tag';
import { visuallyHidden } from '../../shared/visually-hidden';
import { useDepositHistoryQuery } from '../../shared/balance-api';
import { ListTable } from './list-table';
import { sortOrderOf, useListQuery } from './use-list-query';

/** The user's deposits; a pending one links back to its payment screen. */
export function DepositHistoryTable() {
  const { t, i18n } = useTranslation('balance');
  const userId = useUserId();
  const list = useListQuery();
  const result = useDepositHistoryQuery({ userId: userId ?? '', ...list.query }, { skip: !userId });
  const columns: TableColumnsType<Deposit> = [
    { key: 'orderCode', title: t('history.orderCode'), dataIndex: 'order_code' },
    {
      key: 'amount',
      title: t('history.amount'),
      dataIndex: 'amount',
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'amount'),
      render: (amount: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(amount)}</span>,
    },
    { key: 'status', title: t('history.status'), dataIndex: 'status', render: (status: Deposit['status']) => <PaymentStatusTag status={status} /> },
    {
      key: 'date',
      title: t('history.createdAt'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(list.query, 'date'),
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    { key: 'paidAt', title: t('history.paidAt'), dataIndex: 'paid_at', render: (value: string | null) => formatDateTime(value, i18n.language) || '—' },
    {
      key: 'action',
      title: <span style={visuallyHidden}>{t('history.action')}</span>,
      render: (_, row) =>
        row.status === 'pending' ? (
          <Link to={{ search: `?${balanceSearchOf({ tab: 'deposit', paymentId: row.payment_id }).toString()}` }}>{t('history.continuePayment')}</Link>
        ) : null,
    },
  ];
  return <ListTable<Deposit> columns={columns} list={list} result={result} rowKey={(row) => row.payment_id} emptyText={t('history.empty.deposits')} />;
}
