import { Card, Col, Progress, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PartnerShop } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';
import { topShopsByBotReplies } from './partner-model';

/** Small widgets over the week's shop figures: balances low vs ok, and the shop whose bot answered most. */
export function ShopWidgets({ shops }: { shops: readonly PartnerShop[] | undefined }) {
  const { t } = useTranslation('partner');
  const count = useFormatCount();
  const low = shops?.filter((shop) => shop.low_balance).length ?? 0;
  const total = shops?.length ?? 0;
  const [top] = topShopsByBotReplies(shops ?? [], 1);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <section aria-labelledby="widget-balance" data-testid="widget-balance" style={{ height: '100%' }}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Title level={2} id="widget-balance" style={{ fontSize: 16, marginTop: 0 }}>
              {t('widgets.balance.title')}
            </Typography.Title>
            {shops ? (
              <>
                <Progress
                  percent={total === 0 ? 0 : Math.round(((total - low) / total) * 100)}
                  status={low > 0 ? 'exception' : 'success'}
                  showInfo={false}
                  aria-hidden
                />
                <Typography.Paragraph style={{ margin: 0 }}>
                  <Typography.Text type={low > 0 ? 'danger' : undefined}>
                    {t('widgets.balance.low')}: {count(low)}
                  </Typography.Text>
                  {' · '}
                  <Typography.Text type="success">
                    {t('widgets.balance.ok')}: {count(total - low)}
                  </Typography.Text>
                </Typography.Paragraph>
              </>
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </Card>
        </section>
      </Col>
      <Col xs={24} md={12}>
        <section aria-labelledby="widget-top" data-testid="widget-top" style={{ height: '100%' }}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Title level={2} id="widget-top" style={{ fontSize: 16, marginTop: 0 }}>
              {t('widgets.topWeek.title')}
            </Typography.Title>
            {!shops ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : top && top.bot_replies > 0 ? (
              <Typography.Paragraph style={{ margin: 0 }}>
                <Typography.Text strong>{top.username}</Typography.Text>
                <br />
                {t('widgets.topWeek.value', { count: count(top.bot_replies) })}
              </Typography.Paragraph>
            ) : (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {t('widgets.topWeek.none')}
              </Typography.Paragraph>
            )}
          </Card>
        </section>
      </Col>
    </Row>
  );
}
