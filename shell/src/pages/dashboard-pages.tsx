import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeaturePlaceholder, selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { selectNotifications } from '../notifications/notifications-slice';

function Welcome({ titleKey }: { titleKey: 'user' | 'partner' }) {
  const { t } = useTranslation('dashboard');
  const user = useAppSelector(selectSessionUser);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{t(`${titleKey}.title`)}</Typography.Title>
      <Typography.Paragraph>{t(`${titleKey}.welcome`, { name: user?.username ?? '' })}</Typography.Paragraph>
    </>
  );
}

export function UserDashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Welcome titleKey="user" />
      <FeaturePlaceholder title={t('user.title')} />
    </>
  );
}

export function PartnerDashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Welcome titleKey="partner" />
      <FeaturePlaceholder title={t('partner.title')} />
    </>
  );
}

export function ListViewPage() {
  const { t } = useTranslation('dashboard');
  return <FeaturePlaceholder title={t('listView.title')} />;
}

export function WidgetsPage() {
  const { t } = useTranslation('dashboard');
  return <FeaturePlaceholder title={t('widgets.title')} />;
}

/** `/components/pages/notifications/`: every notification, the "View All" target. */
export function NotificationsPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const items = useAppSelector(selectNotifications);
  return (
    <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('dashboard:notificationsPage.title')}</h1>}>
      <List
        dataSource={items}
        locale={{ emptyText: t('common:notifications.empty') }}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={t(`common:notifications.samples.${item.sampleKey}.title`)}
              description={t(`common:notifications.samples.${item.sampleKey}.body`)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
