import { Button, Result, Skeleton } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatVnd, type Deposit } from '@pagemate/shared-contracts';

const RESULT_STATUS: Record<Exclude<Deposit['status'], 'pending'>, ResultProps['status']> = {
  paid: 'success',
  cancelled: 'info',
  expired: 'warning',
  failed: 'error',
};

interface PaymentOutcomeProps {
  payment: Deposit & { status: Exclude<Deposit['status'], 'pending'> };
  /** The balance after the credit: undefined while it is fetched again, null if that failed. */
  newBalance: number | null | undefined;
  onRetry(): void;
  onHistory(): void;
  onOverview(): void;
}

/** How a payment ended: credited (with the new balance), or cancelled / expired / failed with a retry. */
export function PaymentOutcome({ payment, newBalance, onRetry, onHistory, onOverview }: PaymentOutcomeProps) {
  const { t } = useTranslation('balance');
  const amount = formatVnd(payment.amount);
  const paid = payment.status === 'paid';
  return (
    <Result
      status={RESULT_STATUS[payment.status]}
      title={t(`payment.outcome.${payment.status}.title`)}
      subTitle={
        paid ? (
          <>
            <span>{t('payment.outcome.paid.credited', { amount })}</span>
            <br />
            {newBalance === undefined ? (
              <Skeleton.Input active size="small" aria-label={t('payment.outcome.paid.updating')} />
            ) : newBalance === null ? null : (
              <span data-testid="new-balance">{t('payment.outcome.paid.newBalance', { balance: formatVnd(newBalance) })}</span>
            )}
          </>
        ) : (
          t(`payment.outcome.${payment.status}.description`, { amount })
        )
      }
      extra={
        paid
          ? [
              <Button key="overview" type="primary" onClick={onOverview}>
                {t('payment.outcome.toOverview')}
              </Button>,
              <Button key="history" onClick={onHistory}>
                {t('payment.outcome.toHistory')}
              </Button>,
            ]
          : [
              <Button key="retry" type="primary" onClick={onRetry}>
                {t('actions.tryAgain')}
              </Button>,
              <Button key="history" onClick={onHistory}>
                {t('payment.outcome.toHistory')}
              </Button>,
            ]
      }
    />
  );
}
