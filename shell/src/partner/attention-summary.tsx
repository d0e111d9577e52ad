import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShellPartnerAlertsQuery } from './partner-api';
import { partnerHref } from './partner-links';

/** How many things need the partner's attention, with the way to the attention board. */
export function AttentionSummary() {
  const { t } = useTranslation('partner');
  const { token } = theme.useToken();
  const alerts = useShellPartnerAlertsQuery(undefined);
  const total = alerts.data?.length ?? 0;
  return (
    <section aria-labelledby="partner-attention" data-testid="attention-summary">
      <Card style={{ height: '100%' }}>
        <Typography.Title level={2} id="partner-attention" style={{ fontSize: 18, marginTop: 0 }}>
          {t('attention.title')}
        </Typography.Title>
        {alerts.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Flex vertical gap={8}>
            {alerts.isError && !alerts.data ? (
              <Typography.Text type="danger">{t('loadFailed')}</Typography.Text>
            ) : total > 0 ? (
              <Typography.Text>
                <WarningOutlined aria-hidden style={{ color: token.colorWarning, marginInlineEnd: 8 }} />
                {t('attention.count', { count: total })}
              </Typography.Text>
            ) : (
              <Typography.Text type="success">
                <CheckCircleOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
                {t('attention.none')}
              </Typography.Text>
            )}
            <Link to={partnerHref('widgets')}>{t('attention.view')}</Link>
          </Flex>
        )}
      </Card>
    </section>
  );
}
