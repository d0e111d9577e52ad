import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A partner with no shop yet: what the dashboards will show, and that the invite code brings the first shop. */
export function NoShopsCard() {
  const { t } = useTranslation('partner');
  return (
    <Card data-testid="partner-empty">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('dashboard.emptyTitle')}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('dashboard.emptyIntro')}</Typography.Paragraph>
    </Card>
  );
}
