import { Card, Col, Flex, Row, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { LoadFailed } from '../dashboard/load-failed';
import { PageIntro } from '../dashboard/page-intro';
import { PeriodSegmented, type Period } from '../dashboard/period-segmented';
import { AttentionSummary } from './attention-summary';
import { InviteCard, useInviteSettled } from './invite-card';
import { NoShopsCard } from './no-shops-card';
import { useShellPartnerOverviewQuery, useShellPartnerShopsQuery } from './partner-api';
import { PartnerCharts } from './partner-charts';
import { PartnerFigures } from './partner-figures';
import { TopShops } from './top-shops';

const ALL_SHOPS = '';

/**
 * `/partner-dashboard`: the invite code, the figures of every shop served (or of one) over 7 / 30 / 90 days,
 * daily activity and orders, the most active shops and what needs attention. With no shop yet, only the
 * invite code and how to bring the first shop.
 */
export function PartnerDashboardPage() {
  const { t } = useTranslation('partner');
  const user = useAppSelector(selectSessionUser);
  const [days, setDays] = useState<Period>(30);
  const [shopId, setShopId] = useState(ALL_SHOPS);
  const shops = useShellPartnerShopsQuery(days);
  const overview = useShellPartnerOverviewQuery({ days, ...(shopId === ALL_SHOPS ? {} : { shopId }) });
  const noShops = shops.data?.length === 0;
  const inviteSettled = useInviteSettled();

  return (
    <Flex vertical gap={16}>
      <PageIntro title={t('dashboard.title')}>
        {user?.username ? `${t('dashboard.welcome', { name: user.username })} ` : ''}
        {t('dashboard.intro')}
      </PageIntro>

      <InviteCard firstShop={noShops} />

      {/* Nothing below the invite card until its code is drawn (nothing moves then), and one placeholder until
          the shop list answers: a partner with no shop gets no figures, charts or shop picker, so they are not
          drawn only to be taken down again. Last on the page, nothing below the placeholder moves. */}
      {!inviteSettled ? null : shops.isLoading ? (
        <Card data-testid="partner-pending">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : noShops ? (
        <NoShopsCard />
      ) : (
        <>
          <Flex gap={12} wrap align="center" justify="flex-end">
            <PeriodSegmented value={days} onChange={setDays} />
            <Select<string>
              aria-label={t('dashboard.shop')}
              value={shopId}
              onChange={setShopId}
              style={{ minWidth: 220 }}
              options={[
                { value: ALL_SHOPS, label: t('dashboard.allShops') },
                ...(shops.data ?? []).map((shop) => ({ value: shop.shop_id, label: shop.username })),
              ]}
            />
          </Flex>

          {overview.isError && !overview.data ? (
            <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} retry={() => void overview.refetch()} />
          ) : (
            <PartnerFigures totals={overview.data?.totals} days={days} loading={overview.isLoading} />
          )}

          <section aria-labelledby="partner-activity">
            <Card>
              <Typography.Title level={2} id="partner-activity" style={{ fontSize: 18, marginTop: 0 }}>
                {t('dashboard.activityTitle')}
              </Typography.Title>
              {overview.data ? (
                <Flex vertical gap={24} aria-busy={overview.isFetching}>
                  <PartnerCharts overview={overview.data} />
                </Flex>
              ) : overview.isError ? null : (
                <Skeleton active paragraph={{ rows: 8 }} />
              )}
            </Card>
          </section>

          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <Card style={{ height: '100%' }}>
                {shops.data ? <TopShops shops={shops.data} /> : <Skeleton active />}
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <AttentionSummary />
            </Col>
          </Row>
        </>
      )}
    </Flex>
  );
}
