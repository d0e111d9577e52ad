import type { PageAction } from '@pagemate/shared-contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageRow } from './page-rows';
import { subscriptionAction } from './subscription-action';

interface SubscriptionButtonProps {
  row: PageRow;
  type: PageAction;
  loading: boolean;
  disabled: boolean;
  onConfirm: (row: PageRow, type: PageAction) => Promise<void>;
}

/** 'Subscribe Comment' / 'Unsubscribe Message' …, behind the confirmation dialog of docs/product.md §4. */
export function SubscriptionButton({ row, type, loading, disabled, onConfirm }: SubscriptionButtonProps) {
  const { t } = useTranslation('page-manager');
  const { modal } = App.useApp();
  const next = subscriptionAction(type, row.page.subscribed);
  const typeLabel = t(`actionTypes.${type}`);

  const ask = () => {
    void modal.confirm({
      title: t(`subscription.labels.${next.labelKey}`),
      content: t(next.action === 'subscribe' ? 'subscription.confirmSubscribe' : 'subscription.confirmUnsubscribe', {
        type: typeLabel,
        page: row.page.page_name,
      }),
      okText: t('subscription.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => onConfirm(row, type),
    });
  };

  return (
    <Button
      size="small"
      type={next.action === 'subscribe' ? 'primary' : 'default'}
      danger={next.action === 'unsubscribe'}
      loading={loading}
      disabled={disabled}
      onClick={ask}
      data-testid={`${next.labelKey}-${row.page.page_id}`}
    >
      {t(`subscription.labels.${next.labelKey}`)}
    </Button>
  );
}
