import { Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/search-input';
import { LoadFailed } from './load-failed';
import { useCrmPartnerClientsQuery } from './partner-api';
import { PartnerClientsTable } from './partner-clients-table';
import { filterPartnerClients } from './partner-model';

/** The clients of every shop served, or of one, searched by name, shop or phone. */
export function PartnerClientsTab({ shopId }: { shopId: string | null }) {
  const { t } = useTranslation('crm');
  const [search, setSearch] = useState('');
  const list = useCrmPartnerClientsQuery({ shop_id: shopId ?? undefined });
  const shown = useMemo(() => filterPartnerClients(list.currentData ?? [], search), [list.currentData, search]);

  return (
    <Flex vertical gap={12}>
      <SearchInput label={t('partner.clients.search')} value={search} onChange={setSearch} width={320} testId="partner-clients-search" />
      {list.isError && !list.currentData ? (
        <LoadFailed title={t('partner.clients.loadFailed')} error={list.error} onRetry={() => void list.refetch()} testId="partner-clients-error" />
      ) : (
        <>
          <Typography.Text data-testid="partner-clients-summary">{t('partner.clients.summary', { count: shown.length })}</Typography.Text>
          <PartnerClientsTable
            clients={shown}
            loading={list.isFetching && !list.currentData}
            emptyText={search.trim() ? t('partner.clients.noMatch', { search: search.trim() }) : t('partner.clients.empty')}
          />
        </>
      )}
    </Flex>
  );
}
