import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Dropdown, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hrefOf, NOTIFICATION_DROPDOWN_WIDTH, popupInHeader } from '@pagemate/shared-contracts';
import { NOTIFICATION_TARGETS, NotificationBody, useNotificationText } from '../notifications/notification-text';
import { useNotifications } from '../notifications/use-notifications';

/** Header notifications: count badge, dismissible items, empty state, 22rem wide (docs/product.md §2). */
export function NotificationsDropdown() {
  const { t } = useTranslation('common');
  const { items, dismiss } = useNotifications();
  const textOf = useNotificationText();

  const panel = (
    <Card
      size="small"
      style={{ width: NOTIFICATION_DROPDOWN_WIDTH }}
      title={t('notifications.title')}
      extra={<Link to={hrefOf('/components/pages/notifications')}>{t('notifications.viewAll')}</Link>}
      data-testid="notifications-panel"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              extra={
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined />}
                  aria-label={t('notifications.dismiss')}
                  onClick={() => dismiss([item.id])}
                />
              }
              data-testid="notification-item"
              data-kind={item.kind}
            >
              <List.Item.Meta
                title={<Link to={hrefOf(NOTIFICATION_TARGETS[item.kind])}>{textOf(item).title}</Link>}
                description={<NotificationBody item={item} text={textOf(item).body} />}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );

  return (
    <Dropdown trigger={['click']} getPopupContainer={popupInHeader} popupRender={() => panel}>
      {/* The name includes the count the badge shows (WCAG 2.5.3, label in name). */}
      <Button type="text" aria-label={items.length > 0 ? `${t('notifications.title')} ${items.length}` : t('notifications.title')} data-testid="notifications-button">
        <Badge count={items.length} size="small" data-testid="notifications-badge">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
