import type { PartnerShop, PartnerStaff } from '@pagemate/shared-contracts';
import { Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { formatDay } from '../../shared/format-day';
import { managerChoices } from './partner-model';
import { NoShops } from './no-shops';

const NO_MANAGER = '';

interface ShopAssignmentTableProps {
  shops: PartnerShop[];
  staff: PartnerStaff[];
  loading: boolean;
  /** The shop whose assignment is being saved. */
  busyShopId: string | null;
  onAssign(shop: PartnerShop, staffId: string | null): void;
}

/** Each shop served with its account manager, chosen among the active team (or nobody). */
export function ShopAssignmentTable({ shops, staff, loading, busyShopId, onAssign }: ShopAssignmentTableProps) {
  const { t } = useTranslation('crm');
  const columns: TableColumnsType<PartnerShop> = [
    {
      key: 'shop',
      title: t('partner.assign.columns.shop'),
      render: (_value, shop) => (
        <Flex vertical>
          <Typography.Text strong>{shop.username}</Typography.Text>
          <Typography.Text type="secondary">{shop.email}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'joined', title: t('partner.assign.columns.joined'), render: (_value, shop) => formatDay(shop.joined_at) },
    {
      key: 'pages',
      title: t('partner.assign.columns.pages'),
      render: (_value, shop) => (
        <Flex gap={6} align="center" wrap>
          <span>{shop.pages}</span>
          {shop.pages_need_attention > 0 ? <Tag color="orange">{t('partner.assign.needAttention', { count: shop.pages_need_attention })}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'balance',
      title: t('partner.assign.columns.balance'),
      render: (_value, shop) =>
        shop.low_balance ? (
          <Tag color="red" data-testid="shop-low-balance">
            {t('partner.assign.lowBalance')}
          </Tag>
        ) : (
          <Tag color="green">{t('partner.assign.balanceOk')}</Tag>
        ),
    },
    {
      key: 'manager',
      title: t('partner.assign.columns.manager'),
      render: (_value, shop) => {
        const options = [
          { value: NO_MANAGER, label: t('partner.assign.noManager') },
          ...managerChoices(staff, shop.staff_id).map((member) => ({
            value: member.id,
            label: member.active ? member.name : t('partner.assign.inactiveName', { name: member.name }),
          })),
        ];
        // A manager the team list does not know (yet): shown by the name the shop row carries.
        if (shop.staff_id !== null && !options.some((option) => option.value === shop.staff_id)) {
          options.push({ value: shop.staff_id, label: shop.staff_name ?? shop.staff_id });
        }
        return (
          <Select
            value={shop.staff_id ?? NO_MANAGER}
            options={options}
            loading={busyShopId === shop.shop_id}
            disabled={busyShopId === shop.shop_id}
            onChange={(next: string) => onAssign(shop, next === NO_MANAGER ? null : next)}
            aria-label={t('partner.assign.managerOf', { shop: shop.username })}
            style={{ width: 220 }}
            data-testid="shop-manager-select"
          />
        );
      },
    },
  ];
  return (
    <ListTable<PartnerShop>
      rowKey="shop_id"
      loading={loading}
      columns={columns}
      rows={shops}
      scrollX={860}
      empty={loading ? <ListEmpty description={null} /> : <NoShops />}
      rowProps={(shop) => ({ 'data-testid': 'shop-assignment-row', 'data-shop-id': shop.shop_id })}
    />
  );
}
