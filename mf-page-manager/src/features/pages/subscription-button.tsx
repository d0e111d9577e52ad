import type { Channel, PageAction } from '@pagemate/shared-contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PageRow, subscribedOn } from './page-rows';
import { subscriptionAction } from './subscription-action';

interface SubscriptionButtonProps {
  row: PageRow;
  type: PageAction;
  /**
   * Off while the page needs a reconnect or while one of its subscriptions is being saved. The wait itself shows
   * on the dialog's OK button: a spinner inside this button can outlive the wait in its accessible name.
   */
  disabled: boolean;
  /** The page's own event types (Facebook) or its linked Instagram account's. */
  channel?: Channel;
  onConfirm: (row: PageRow, type: PageAction, channel: Channel) => Promise<void>;
}

/** 'Subscribe Comment' / 'Unsubscribe Message' …, behind the confirmation dialog of docs/product.md §4. */
export function SubscriptionButton({ row, type, disabled, channel = 'facebook', onConfirm }: SubscriptionButtonProps) {
  const { t } = useTranslation('page-manager');
  const { modal } = App.useApp();
  const next = subscriptionAction(type, subscribedOn(row.page, channel));
  const instagram = channel === 'instagram';
  const typeLabel = t(instagram ? `instagram.actionTypes.${type}` : `actionTypes.${type}`);
  const label = t(instagram ? `instagram.labels.${next.labelKey}` : `subscription.labels.${next.labelKey}`);

  const ask = () => {
    void modal.confirm({
      title: label,
      content: t(next.action === 'subscribe' ? 'subscription.confirmSubscribe' : 'subscription.confirmUnsubscribe', {
        type: typeLabel,
        page: row.page.page_name,
      }),
      okText: t('subscription.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => onConfirm(row, type, channel),
    });
  };

  return (
    <Button
      size="small"
      type={next.action === 'subscribe' ? 'primary' : 'default'}
      danger={next.action === 'unsubscribe'}
      disabled={disabled}
      onClick={ask}
      data-testid={`${next.labelKey}-${instagram ? 'instagram-' : ''}${row.page.page_id}`}
    >
      {label}
    </Button>
  );
}
