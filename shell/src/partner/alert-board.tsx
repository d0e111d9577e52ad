import { ApiOutlined, ClockCircleOutlined, FileExclamationOutlined, PauseCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { Badge, Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd, ORDER_WAITING_HOURS, PARTNER_ALERT_KINDS, type PartnerAlert, type PartnerAlertKind } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';
import { alertsByKind, formatVietnamDate, formatWhen } from './partner-model';

const ICONS: Record<PartnerAlertKind, ReactNode> = {
  low_balance: <WalletOutlined />,
  page_reconnect: <ApiOutlined />,
  bot_paused: <PauseCircleOutlined />,
  post_failed: <FileExclamationOutlined />,
  order_waiting: <ClockCircleOutlined />,
};

/** One alert in words: the balance, the failed posts or the waiting orders, by kind. */
export function useAlertWording(): (alert: PartnerAlert) => string {
  const { t } = useTranslation('partner');
  const count = useFormatCount();
  return (alert) =>
    t(`widgets.kinds.${alert.kind}.value`, {
      balance: formatVnd(alert.value),
      count: count(alert.value),
      hours: ORDER_WAITING_HOURS,
    });
}

/** One card per kind of alert, with its count and items (shop, page, what is wrong, since when). */
export function AlertBoard({ alerts }: { alerts: readonly PartnerAlert[] }) {
  const { t, i18n } = useTranslation('partner');
  const word = useAlertWording();
  const groups = alertsByKind(alerts);
  return (
    <Row gutter={[16, 16]}>
      {PARTNER_ALERT_KINDS.map((kind) => (
        <Col key={kind} xs={24} md={12} xl={8}>
          <section aria-labelledby={`alert-${kind}`} data-testid={`alert-${kind}`} style={{ height: '100%' }}>
            <Card size="small" style={{ height: '100%' }}>
              <Typography.Title level={2} id={`alert-${kind}`} style={{ fontSize: 16, marginTop: 0 }}>
                <span aria-hidden style={{ marginInlineEnd: 8 }}>
                  {ICONS[kind]}
                </span>
                {t(`widgets.kinds.${kind}.title`)}{' '}
                <Badge count={groups[kind].length} showZero color={groups[kind].length > 0 ? 'orange' : 'green'} />
              </Typography.Title>
              {groups[kind].length === 0 ? (
                <Typography.Text type="secondary">{t('widgets.none')}</Typography.Text>
              ) : (
                <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
                  {groups[kind].map((alert, index) => (
                    <li key={`${alert.shop_id}-${alert.page_id ?? ''}-${index}`} data-testid="alert-item">
                      <Typography.Text strong>{alert.page_name ? `${alert.shop_name} · ${alert.page_name}` : alert.shop_name}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {word(alert)} ·{' '}
                        <time dateTime={alert.at} title={formatVietnamDate(alert.at)}>
                          {formatWhen(alert.at, i18n.language)}
                        </time>
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </section>
        </Col>
      ))}
    </Row>
  );
}
