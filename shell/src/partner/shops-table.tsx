import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd, type PartnerShop } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';
import { formatVietnamDate, formatWhen, SHOP_ORDER, type ShopColumn, type ShopSort } from './partner-model';

interface ShopsTableProps {
  /** Already searched and sorted: the table shows them as given. */
  shops: readonly PartnerShop[];
  sort: ShopSort | null;
  onSort(sort: ShopSort | null): void;
  emptyText: string;
}

/** Every shop served with its figures; each column sorts; scrolls sideways on a phone. */
export function ShopsTable({ shops, sort, onSort, emptyText }: ShopsTableProps) {
  const { t, i18n } = useTranslation('partner');
  const count = useFormatCount();
  // Sorting happens outside (so the CSV export follows it); the columns only show and report the order.
  const column = (key: ShopColumn, render: (shop: PartnerShop) => ReactNode, right = true) => ({
    key,
    title: t(`shops.columns.${key}`),
    align: right ? ('right' as const) : undefined,
    render: (_: unknown, shop: PartnerShop) => render(shop),
    sorter: true,
    sortOrder: sort?.column === key ? sort.order : null,
  });
  const columns: ColumnsType<PartnerShop> = [
    { ...column('username', (shop) => shop.username, false), fixed: 'left' },
    column('email', (shop) => shop.email, false),
    column('manager', (shop) => shop.staff_name ?? '—', false),
    column('pages', (shop) => (
      <>
        {count(shop.pages)}
        {shop.pages_need_attention > 0 ? (
          <Tag color="warning" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
            {t('shops.needAttention', { count: shop.pages_need_attention })}
          </Tag>
        ) : null}
      </>
    )),
    column('balance', (shop) =>
      shop.low_balance ? (
        <Tag color="error" style={{ marginInlineEnd: 0 }}>
          {formatVnd(shop.balance)} · {t('shops.lowBalance')}
        </Tag>
      ) : (
        formatVnd(shop.balance)
      ),
    ),
    column('bot_replies', (shop) => count(shop.bot_replies)),
    column('conversations', (shop) => count(shop.messages + shop.comments)),
    column('orders', (shop) => count(shop.orders)),
    column('order_value', (shop) => formatVnd(shop.order_value)),
    column('spend', (shop) => formatVnd(shop.spend)),
    column('clients', (shop) => count(shop.clients)),
    column('joined', (shop) => formatVietnamDate(shop.joined_at), false),
    column(
      'last_activity',
      (shop) =>
        shop.last_activity_at ? (
          <time dateTime={shop.last_activity_at} title={formatVietnamDate(shop.last_activity_at)}>
            {formatWhen(shop.last_activity_at, i18n.language)}
          </time>
        ) : (
          t('shops.never')
        ),
      false,
    ),
  ];
  return (
    <Table<PartnerShop>
      rowKey="shop_id"
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={shops.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      dataSource={[...shops]}
      locale={{ emptyText }}
      columns={columns}
      onChange={(_pagination, _filters, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const key = one?.columnKey;
        onSort(one?.order && typeof key === 'string' && key in SHOP_ORDER ? { column: key as ShopColumn, order: one.order } : null);
      }}
    />
  );
}
