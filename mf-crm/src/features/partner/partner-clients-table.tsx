import type { PartnerClient } from '@pagemate/shared-contracts';
import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { formatDay } from '../../shared/format-day';
import { telHref } from '../../shared/phone';

interface PartnerClientsTableProps {
  clients: PartnerClient[];
  loading: boolean;
  emptyText: string;
}

/** The shops' clients, read-only: shop, name, phone, favourite colour, style, orders, created. */
export function PartnerClientsTable({ clients, loading, emptyText }: PartnerClientsTableProps) {
  const { t } = useTranslation('crm');
  const columns: TableColumnsType<PartnerClient> = [
    { key: 'shop', title: t('partner.clients.columns.shop'), dataIndex: 'shop_name' },
    { key: 'name', title: t('partner.clients.columns.name'), render: (_value, client) => <Typography.Text strong>{client.name}</Typography.Text> },
    { key: 'phone', title: t('partner.clients.columns.phone'), render: (_value, client) => (client.phone ? <a href={telHref(client.phone)}>{client.phone}</a> : '—') },
    { key: 'favoriteColor', title: t('partner.clients.columns.favoriteColor'), render: (_value, client) => client.favoriteColor || '—' },
    { key: 'stylePreference', title: t('partner.clients.columns.stylePreference'), render: (_value, client) => client.stylePreference || '—' },
    { key: 'orders', title: t('partner.clients.columns.orders'), dataIndex: 'order_count', align: 'right' },
    { key: 'createdAt', title: t('partner.clients.columns.createdAt'), render: (_value, client) => formatDay(client.created_at) },
  ];
  return (
    <ListTable<PartnerClient>
      rowKey={(client) => `${client.shop_id}:${client.id}`}
      loading={loading}
      columns={columns}
      rows={clients}
      scrollX={860}
      empty={<ListEmpty description={emptyText} testId="partner-clients-empty" />}
      rowProps={(client) => ({ 'data-testid': 'partner-client-row', 'data-client-id': client.id, 'data-shop-id': client.shop_id })}
    />
  );
}
