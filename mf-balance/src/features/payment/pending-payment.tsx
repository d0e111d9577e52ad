import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Flex, QRCode, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, type Deposit, formatDateTime, formatVnd, useUserId } from '@pagemate/shared-contracts';
import { useCancelPaymentMutation } from '../../shared/balance-api';

const HOUR_MS = 3_600_000;

/** The sandbox checkout speaks the language the user chose here (PayOS's own page is Vietnamese). */
function checkoutHref(payment: Deposit, language: string): string | undefined {
  if (!payment.checkout_url || payment.provider !== 'sandbox') return payment.checkout_url;
  const url = new URL(payment.checkout_url);
  url.searchParams.set('lang', language.startsWith('en') ? 'en' : 'vi');
  return url.toString();
}

/** What to pay and how: amount, reference, QR, checkout link, time left, and a way out (cancel). */
export function PendingPayment({ payment, onTimeUp }: { payment: Deposit; onTimeUp(): void }) {
  const { t, i18n } = useTranslation('balance');
  const userId = useUserId();
  const [cancel, cancelState] = useCancelPaymentMutation();
  const deadline = Date.parse(payment.expires_at);
  const [timeUp, setTimeUp] = useState(() => Number.isFinite(deadline) && deadline <= Date.now());
  // Hours only when there are some to show; read once, as the clock face should not change mid-countdown.
  const [timerFormat] = useState(() => (deadline - Date.now() >= HOUR_MS ? 'HH:mm:ss' : 'mm:ss'));

  const finish = () => {
    setTimeUp(true);
    onTimeUp();
  };

  return (
    <Flex vertical gap={16}>
      {payment.provider === 'sandbox' ? <Alert type="warning" showIcon title={t('payment.sandbox')} data-testid="sandbox-notice" /> : null}
      <Row gutter={[24, 24]}>
        <Col xs={24} md={14}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: '40%' } }}>
            <Descriptions.Item label={t('payment.amount')}>
              <Typography.Text strong style={{ fontSize: 18 }}>
                {formatVnd(payment.amount)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('payment.orderCode')}>
              <Typography.Text copyable>{String(payment.order_code)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('payment.description')}>
              <Typography.Text copyable>{payment.description}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('payment.provider')}>{t(`payment.providers.${payment.provider}`)}</Descriptions.Item>
            <Descriptions.Item label={t('payment.createdAt')}>{formatDateTime(payment.created_at, i18n.language)}</Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            {timeUp ? (
              <Alert type="info" showIcon title={t('payment.timeUp')} />
            ) : Number.isFinite(deadline) ? (
              <Statistic.Timer
                type="countdown"
                title={t('payment.expiresIn')}
                value={deadline}
                format={timerFormat}
                onFinish={finish}
              />
            ) : null}
          </div>
        </Col>
        <Col xs={24} md={10}>
          <Flex vertical align="center" gap={12}>
            {payment.qr_code ? (
              <figure style={{ margin: 0, textAlign: 'center' }}>
                <QRCode value={payment.qr_code} type="svg" size={200} status={timeUp ? 'expired' : 'active'} role="img" aria-label={t('payment.qrLabel', { amount: formatVnd(payment.amount) })} style={{ marginInline: 'auto' }} />
                <figcaption>
                  <Typography.Text type="secondary">{t('payment.qrHint')}</Typography.Text>
                </figcaption>
              </figure>
            ) : null}
            {payment.checkout_url ? (
              <Button type="primary" size="large" href={checkoutHref(payment, i18n.language)} icon={<ExportOutlined />} data-testid="open-checkout" block style={{ maxWidth: 320 }}>
                {t(payment.provider === 'sandbox' ? 'payment.openSandboxCheckout' : 'payment.openCheckout')}
              </Button>
            ) : null}
            <Button
              danger
              block
              style={{ maxWidth: 320 }}
              loading={cancelState.isLoading}
              disabled={!userId}
              onClick={() => userId && void cancel({ user_id: userId, payment_id: payment.payment_id })}
            >
              {t('payment.cancel')}
            </Button>
            {cancelState.isError ? <Alert type="error" showIcon role="alert" title={apiErrorText(t, cancelState.error, 'balance')} /> : null}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
