import { Alert, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, apiErrorText, fetchTotalBalance, useAppDispatch, useUserId } from '@pagemate/shared-contracts';
import { PaymentStatusTag } from '../../shared/payment-status-tag';
import { SectionHeading } from '../../shared/section-heading';
import { useDocumentVisible } from '../../shared/use-document-visible';
import { balanceApi, DEPOSITS, MONEY_VIEWS, usePaymentStatusQuery } from '../../shared/balance-api';
import { PaymentOutcome } from './payment-outcome';
import { isFinalPaymentStatus, PAYMENT_POLL_INTERVAL_MS } from './payment-polling';
import { PendingPayment } from './pending-payment';

interface PaymentScreenProps {
  paymentId: string;
  onRetry(): void;
  onHistory(): void;
  onOverview(): void;
}

/**
 * One payment, as our server sees it. Whatever the checkout appended to the return URL is ignored: the
 * status shown is only ever the server's (which the provider's webhook sets), asked for every 2 s while it is
 * pending and the browser tab is visible, and no more once it is final or the screen is gone.
 */
export function PaymentScreen({ paymentId, onRetry, onHistory, onOverview }: PaymentScreenProps) {
  const { t } = useTranslation('balance');
  const dispatch = useAppDispatch();
  const userId = useUserId();
  const visible = useDocumentVisible();
  const args = { id: paymentId, userId: userId ?? '' };
  // Polling depends on the answer, so read the cached answer first (no request of its own).
  const cached = balanceApi.endpoints.paymentStatus.useQueryState(args, { skip: !userId });
  const pending = cached.data?.status === 'pending';
  const query = usePaymentStatusQuery(args, {
    skip: !userId,
    refetchOnMountOrArgChange: true,
    pollingInterval: pending && visible ? PAYMENT_POLL_INTERVAL_MS : 0,
  });
  const payment = query.data?.payment_id === paymentId ? query.data : undefined;
  const status = payment?.status;
  const { refetch } = query;

  // Back in a tab that was hidden: ask at once rather than at the next tick.
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && pending && userId) void refetch();
    wasVisible.current = visible;
  }, [visible, pending, userId, refetch]);

  // undefined while the balance is being fetched again, null when that failed (the header says so too).
  const [newBalance, setNewBalance] = useState<number | null | undefined>(undefined);
  // A final status happens once per payment: refresh the header balance and everything the page lists.
  const settledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!status || !userId || !isFinalPaymentStatus(status) || settledFor.current === paymentId) return;
    settledFor.current = paymentId;
    if (status === 'paid') {
      dispatch(balanceApi.util.invalidateTags([...MONEY_VIEWS]));
      dispatch(fetchTotalBalance(userId))
        .unwrap()
        .then(setNewBalance, () => setNewBalance(null));
    } else {
      dispatch(balanceApi.util.invalidateTags([DEPOSITS]));
    }
  }, [status, paymentId, userId, dispatch]);

  if (!payment) {
    if (query.isError) {
      const notFound = apiErrorCode(query.error) === 'NOT_FOUND';
      return (
        <Card>
          <Result
            status={notFound ? '404' : 'error'}
            title={t(notFound ? 'payment.notFound' : 'payment.loadFailed')}
            subTitle={notFound ? undefined : apiErrorText(t, query.error, 'balance')}
            extra={[
              notFound ? null : (
                <Button key="retry" onClick={() => void refetch()}>
                  {t('actions.retry')}
                </Button>
              ),
              <Button key="deposit" type="primary" onClick={onRetry}>
                {t('payment.newDeposit')}
              </Button>,
            ]}
          />
        </Card>
      );
    }
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  return (
    <Card title={<SectionHeading>{t('payment.title')}</SectionHeading>}>
      <Flex align="center" gap={8} wrap aria-live="polite" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('payment.status')}</Typography.Text>
        <PaymentStatusTag status={payment.status} testId="payment-status" />
      </Flex>
      {query.isError ? <Alert type="warning" showIcon title={t('payment.connectionLost')} style={{ marginBottom: 16 }} /> : null}
      {payment.status === 'pending' ? (
        <PendingPayment key={payment.payment_id} payment={payment} onTimeUp={() => void refetch()} />
      ) : (
        <PaymentOutcome payment={{ ...payment, status: payment.status }} newBalance={newBalance} onRetry={onRetry} onHistory={onHistory} onOverview={onOverview} />
      )}
    </Card>
  );
}
