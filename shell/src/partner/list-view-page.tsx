import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../dashboard/load-failed';
import { PageIntro } from '../dashboard/page-intro';
import { PeriodSegmented, type Period } from '../dashboard/period-segmented';
import { InviteCard, useInviteSettled } from './invite-card';
import { NoShopsCard } from './no-shops-card';
import { useShellPartnerShopsQuery } from './partner-api';
import { CSV_COLUMNS, downloadText, searchShops, shopsCsv, sortShops, type CsvColumn, type ShopSort } from './partner-model';
import { ShopsTable } from './shops-table';

/** `/list-view`: every shop served with its figures over 7 / 30 / 90 days — searchable, sortable, exportable. */
export function ListViewPage() {
  const { t } = useTranslation('partner');
  const [days, setDays] = useState<Period>(30);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ShopSort | null>({ column: 'last_activity', order: 'descend' });
  const shops = useShellPartnerShopsQuery(days);
  const noShops = shops.data?.length === 0;
  const inviteSettled = useInviteSettled(!noShops);
  const visible = useMemo(() => sortShops(searchShops(shops.data ?? [], search), sort), [shops.data, search, sort]);

  const exportCsv = () => {
    const headers = Object.fromEntries(CSV_COLUMNS.map((column) => [column, t(`shops.columns.${column}`)])) as Record<CsvColumn, string>;
    downloadText(t('shops.fileName', { days }), shopsCsv(visible, headers));
  };

  return (
    <Flex vertical gap={16}>
      <PageIntro title={t('shops.title')}>{t('shops.intro')}</PageIntro>

      {noShops ? (
        <>
          <InviteCard firstShop />
          {/* Below the invite card once its code is drawn, so it does not move then. */}
          {inviteSettled ? <NoShopsCard /> : null}
        </>
      ) : (
        <Card>
          <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
            <Input.Search
              aria-label={t('shops.search')}
              placeholder={t('shops.search')}
              allowClear
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ maxWidth: 320 }}
            />
            <Flex gap={12} wrap align="center">
              <PeriodSegmented value={days} onChange={setDays} />
              <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={visible.length === 0}>
                {t('shops.export')}
              </Button>
            </Flex>
          </Flex>
          {shops.isLoading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : shops.isError && !shops.data ? (
            <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} retry={() => void shops.refetch()} />
          ) : (
            <Flex vertical gap={8} aria-busy={shops.isFetching}>
              <Typography.Text type="secondary" aria-live="polite" data-testid="shops-shown">
                {t('shops.shown', { shown: visible.length, total: shops.data?.length ?? 0 })}
              </Typography.Text>
              <ShopsTable shops={visible} sort={sort} onSort={setSort} emptyText={t('shops.noMatch')} />
            </Flex>
          )}
        </Card>
      )}
    </Flex>
  );
}
