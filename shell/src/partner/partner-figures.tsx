import { DollarOutlined, FacebookOutlined, MessageOutlined, RobotOutlined, ShopOutlined, ShoppingCartOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVnd, type PartnerTotals } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';

type Figure = 'shops' | 'pages' | 'bot_replies' | 'conversations' | 'orders' | 'order_value' | 'spend' | 'clients';

const FIGURES: { key: Figure; icon: ReactNode; money?: true }[] = [
  { key: 'shops', icon: <ShopOutlined /> },
  { key: 'pages', icon: <FacebookOutlined /> },
  { key: 'bot_replies', icon: <RobotOutlined /> },
  { key: 'conversations', icon: <MessageOutlined /> },
  { key: 'orders', icon: <ShoppingCartOutlined /> },
  { key: 'order_value', icon: <DollarOutlined />, money: true },
  { key: 'spend', icon: <WalletOutlined />, money: true },
  { key: 'clients', icon: <TeamOutlined /> },
];

function valueOf(totals: PartnerTotals, key: Figure): number {
  return key === 'conversations' ? totals.messages + totals.comments : totals[key];
}

/** The partner's KPIs over the period: one card per figure (money in VNĐ). */
export function PartnerFigures({ totals, days, loading }: { totals: PartnerTotals | undefined; days: number; loading: boolean }) {
  const { t } = useTranslation('partner');
  const count = useFormatCount();
  return (
    <section aria-labelledby="partner-figures">
      <Typography.Title level={2} id="partner-figures" style={{ fontSize: 18 }}>
        {t('dashboard.figuresTitle', { days })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => (
          <Col key={figure.key} xs={12} md={8} xl={figure.money ? 6 : 3}>
            <Card size="small" style={{ height: '100%' }} data-testid={`kpi-${figure.key}`}>
              <Statistic
                title={t(`kpi.${figure.key}`)}
                value={totals ? valueOf(totals, figure.key) : 0}
                formatter={figure.money ? (value) => formatVnd(Number(value)) : count}
                prefix={<span aria-hidden>{figure.icon}</span>}
                loading={loading}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
