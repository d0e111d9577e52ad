import { Button, Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hrefOf } from '@pagemate/shared-contracts';
import { NOTIFICATION_TARGETS, NotificationBody, useNotificationText } from '../notifications/notification-text';
import { useNotifications } from '../notifications/use-notifications';

/** `/components/pages/notifications/`: every notification, the "View All" target. */
export function NotificationsPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { items, isLoading, dismiss } = useNotifications();
  const textOf = useNotificationText();
  return (
    <Card
      title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('dashboard:notificationsPage.title')}</h1>}
      extra={
        items.length > 0 ? (
          <Button onClick={() => dismiss(items.map((item) => item.id))}>{t('common:notifications.dismissAll')}</Button>
        ) : null
      }
    >
      <List
        loading={isLoading}
        dataSource={items}
        locale={{ emptyText: t('common:notifications.empty') }}
        renderItem={(item) => (
          <List.Item
            data-testid="notification-item"
            actions={[
              <Button key="dismiss" type="link" onClick={() => dismiss([item.id])}>
                {t('common:notifications.dismiss')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={<Link to={hrefOf(NOTIFICATION_TARGETS[item.kind])}>{textOf(item).title}</Link>}
              description={<NotificationBody item={item} text={textOf(item).body} />}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
