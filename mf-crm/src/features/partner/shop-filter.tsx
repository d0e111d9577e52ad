import type { PartnerShop } from '@pagemate/shared-contracts';
import { Select } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

/** The shop filter: `?shop=` in the shell (a reload or a shared link keeps it); kept in the component without a router. */
export type ShopFilterState = [shopId: string | null, choose: (shopId: string | null) => void];

export function useUrlShopFilter(): ShopFilterState {
  const [params, setParams] = useSearchParams();
  const choose = useCallback(
    (shopId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (shopId === null) next.delete('shop');
          else next.set('shop', shopId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('shop'), choose];
}

export function useLocalShopFilter(): ShopFilterState {
  const [shopId, setShopId] = useState<string | null>(null);
  return [shopId, setShopId];
}

const ALL = '';

interface ShopFilterProps {
  shops: readonly PartnerShop[];
  value: string | null;
  onChange(shopId: string | null): void;
}

/** All shops, or one: the shops the partner serves, by username. */
export function ShopFilter({ shops, value, onChange }: ShopFilterProps) {
  const { t } = useTranslation('crm');
  const options = [{ value: ALL, label: t('partner.shopFilter.all') }, ...shops.map((shop) => ({ value: shop.shop_id, label: shop.username }))];
  return (
    <Select
      value={value ?? ALL}
      onChange={(next: string) => onChange(next === ALL ? null : next)}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('partner.shopFilter.label')}
      style={{ width: 240, maxWidth: '100%' }}
      data-testid="partner-shop-filter"
    />
  );
}
