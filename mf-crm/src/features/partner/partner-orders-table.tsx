import { formatVietnamDateTime, formatVnd, type PartnerOrder } from '@pagemate/shared-contracts';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { OrderStatusTag } from '../../shared/order-status-tag';
import { shortOrderId } from './partner-model';

interface PartnerOrdersTableProps {
  orders: PartnerOrder[];
  loading: boolean;
  /** What the empty table says: nothing at all, or nothing matching the filters. */
  emptyText: string;
}

/** The shops' orders, read-only (they belong to the shops): shop, id, product, quantity, total, client, status, created. */
export function PartnerOrdersTable({ orders, loading, emptyText }: PartnerOrdersTableProps) {
  const { t } = useTranslation('crm');
  const columns: TableColumnsType<PartnerOrder> = [
    { key: 'shop', title: t('partner.orders.columns.shop'), dataIndex: 'shop_name' },
    {
      key: 'id',
      title: t('partner.orders.columns.id'),
      render: (_value, order) => (
        <Typography.Text code title={order.orderId}>
          {shortOrderId(order.orderId)}
        </Typography.Text>
      ),
    },
    { key: 'product', title: t('partner.orders.columns.product'), render: (_value, order) => <Typography.Text strong>{order.productName}</Typography.Text> },
    { key: 'quantity', title: t('partner.orders.columns.quantity'), dataIndex: 'quantity', align: 'right' },
    { key: 'total', title: t('partner.orders.columns.total'), align: 'right', render: (_value, order) => formatVnd(order.totalPrice) },
    { key: 'client', title: t('partner.orders.columns.client'), render: (_value, order) => order.client_name || '—' },
    { key: 'status', title: t('partner.orders.columns.status'), render: (_value, order) => <OrderStatusTag status={order.status} /> },
    { key: 'createdAt', title: t('partner.orders.columns.createdAt'), render: (_value, order) => (order.created_at ? formatVietnamDateTime(order.created_at) : '') },
  ];
  return (
    <ListTable<PartnerOrder>
      rowKey={(order) => `${order.shop_id}:${order.orderId}`}
      loading={loading}
      columns={columns}
      rows={orders}
      scrollX={960}
      empty={<ListEmpty description={emptyText} testId="partner-orders-empty" />}
      rowProps={(order) => ({ 'data-testid': 'partner-order-row', 'data-order-id': order.orderId, 'data-shop-id': order.shop_id })}
    />
  );
}
