import { skipToken } from '@reduxjs/toolkit/query';
import { selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { Flex, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInRouterContext } from 'react-router-dom';
import { LoadFailed } from './load-failed';
import { NoShops } from './no-shops';
import { useCrmPartnerShopsQuery } from './partner-api';
import { PartnerClientsTab } from './partner-clients-tab';
import { PartnerOrdersTab } from './partner-orders-tab';
import { PartnerPageHeader } from './partner-page-header';
import { ShopFilter, useLocalShopFilter, useUrlShopFilter, type ShopFilterState } from './shop-filter';

/**
 * The partner CRM: the orders and clients of every shop the partner serves, or of one shop. Read-only — they
 * belong to the shops; the partner never sees their conversations.
 */
export function PartnerCrmScreen() {
  return useInRouterContext() ? <RoutedCrm /> : <LocalCrm />;
}

function RoutedCrm() {
  return <CrmView filter={useUrlShopFilter()} />;
}

function LocalCrm() {
  return <CrmView filter={useLocalShopFilter()} />;
}

function CrmView({ filter: [shopId, chooseShop] }: { filter: ShopFilterState }) {
  const { t } = useTranslation('crm');
  const signedIn = useAppSelector(selectSessionUser) !== null;
  const shops = useCrmPartnerShopsQuery(signedIn ? undefined : skipToken);
  const shopList = shops.currentData ?? [];
  // A shop that left the partner (an old link) is no filter.
  const selected = shopId !== null && shopList.some((shop) => shop.shop_id === shopId) ? shopId : null;

  let body;
  if (shops.isError && !shops.currentData) {
    body = <LoadFailed title={t('partner.shops.loadFailed')} error={shops.error} onRetry={() => void shops.refetch()} testId="partner-shops-error" />;
  } else if (signedIn && shops.isLoading) {
    body = <Skeleton active />;
  } else if (shopList.length === 0) {
    body = <NoShops />;
  } else {
    body = (
      <Flex vertical gap={12}>
        <ShopFilter shops={shopList} value={selected} onChange={chooseShop} />
        <Tabs
          defaultActiveKey="orders"
          items={[
            { key: 'orders', label: t('partner.crm.tabs.orders'), children: <PartnerOrdersTab shopId={selected} /> },
            { key: 'clients', label: t('partner.crm.tabs.clients'), children: <PartnerClientsTab shopId={selected} /> },
          ]}
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <PartnerPageHeader title={t('partner.crm.title')} description={t('partner.crm.description')} />
      {body}
    </Flex>
  );
}
