import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@pagemate/shared-contracts';

export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, string> = {
  pending: 'processing',
  paid: 'success',
  cancelled: 'default',
  expired: 'warning',
  failed: 'error',
};

/** A payment's status in words and colour (the history table and the payment screen say it the same way). */
export function PaymentStatusTag({ status, testId }: { status: PaymentStatus; testId?: string }) {
  const { t } = useTranslation('balance');
  return (
    <Tag color={PAYMENT_STATUS_COLOURS[status]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {t(`paymentStatus.${status}`)}
    </Tag>
  );
}
