import { formatVndNumber, useNow, type Notification } from '@pagemate/shared-contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Amount-valued params are shown in the vi-VN number format, like every amount in the product. */
const AMOUNT_PARAMS = new Set(['balance', 'threshold', 'amount', 'needed']);

function wordedParams(params: Notification['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'number' && AMOUNT_PARAMS.has(key) ? formatVndNumber(value) : String(value)]),
  );
}

function relativeParts(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const size = Math.abs(seconds);
  if (size < 60) return [seconds, 'second'];
  if (size < 3600) return [Math.round(seconds / 60), 'minute'];
  if (size < 86_400) return [Math.round(seconds / 3600), 'hour'];
  return [Math.round(seconds / 86_400), 'day'];
}

/** "5 phút trước" / "5 minutes ago" in the UI language; the exact time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const now = useNow(30_000);
  const [value, unit] = relativeParts(Math.round((new Date(iso).getTime() - now) / 1000));
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(i18n.language)}>
      {new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' }).format(value, unit)}
    </time>
  );
}

/** A notification's title and text in the user's language, from its kind and values. */
export function useNotificationText() {
  const { t } = useTranslation('common');
  return (item: Notification) => {
    const params = wordedParams(item.params);
    return { title: t(`notifications.kinds.${item.kind}.title`, params), body: t(`notifications.kinds.${item.kind}.body`, params) };
  };
}

export function NotificationBody({ item, text }: { item: Notification; text: string }) {
  return (
    <>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <RelativeTime iso={item.created_at} />
      </Typography.Text>
    </>
  );
}

/** Where each kind of notification leads (a route of the route table). */
export const NOTIFICATION_TARGETS: Record<Notification['kind'], string> = {
  welcome: '/user-dashboard/page-manager',
  low_balance: '/user-dashboard/balance',
  ai_paused_no_funds: '/user-dashboard/balance',
  deposit_paid: '/user-dashboard/balance',
  page_reconnect: '/user-dashboard/page-manager',
};
