import { formatVnd, ORDER_STATUSES, type OrderStatus } from '@pagemate/shared-contracts';
import { Flex, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/search-input';
import { LoadFailed } from './load-failed';
import { useCrmPartnerOrdersQuery } from './partner-api';
import { filterPartnerOrders, orderSummary } from './partner-model';
import { PartnerOrdersTable } from './partner-orders-table';

const ALL = '';

/** The orders of every shop served, or of one: by status (asked of the server), searched here, with a summary. */
export function PartnerOrdersTab({ shopId }: { shopId: string | null }) {
  const { t } = useTranslation('crm');
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [search, setSearch] = useState('');
  const list = useCrmPartnerOrdersQuery({ shop_id: shopId ?? undefined, status: status ?? undefined });
  const shown = useMemo(() => filterPartnerOrders(list.currentData ?? [], search), [list.currentData, search]);
  const summary = orderSummary(shown);
  const filtered = search.trim() !== '' || status !== null;

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select
          value={status ?? ALL}
          onChange={(next: string) => setStatus(next === ALL ? null : (next as OrderStatus))}
          options={[
            { value: ALL, label: t('partner.orders.allStatuses') },
            ...ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) })),
          ]}
          aria-label={t('partner.orders.statusFilter')}
          style={{ width: 200, maxWidth: '100%' }}
          data-testid="partner-orders-status"
        />
        <SearchInput label={t('partner.orders.search')} value={search} onChange={setSearch} width={320} testId="partner-orders-search" />
      </Flex>
      {list.isError && !list.currentData ? (
        <LoadFailed title={t('partner.orders.loadFailed')} error={list.error} onRetry={() => void list.refetch()} testId="partner-orders-error" />
      ) : (
        <>
          <Typography.Text data-testid="partner-orders-summary">
            {t('partner.orders.summary', { count: summary.count, value: formatVnd(summary.value) })}
          </Typography.Text>
          <PartnerOrdersTable
            orders={shown}
            loading={list.isFetching && !list.currentData}
            emptyText={filtered ? t('partner.orders.noMatch') : t('partner.orders.empty')}
          />
        </>
      )}
    </Flex>
  );
}
