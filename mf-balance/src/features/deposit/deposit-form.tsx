import { Alert, Button, Card, Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText, type Deposit, DEPOSIT_BOUNDS, DEPOSIT_PRESETS, formatVnd, formatVndNumber, useUserId } from '@pagemate/shared-contracts';
import { SectionHeading } from '../../shared/section-heading';
import { useDepositMutation } from '../../shared/balance-api';
import { amountDigits, depositAmountProblem } from './deposit-amount';

interface DepositValues {
  amount: number | null;
}

/** Amount presets, a vi-VN formatted amount field with the bounds said, and Submit → the new payment. */
export function DepositForm({ onCreated }: { onCreated(payment: Deposit): void }) {
  const { t } = useTranslation('balance');
  const userId = useUserId();
  const [form] = Form.useForm<DepositValues>();
  const amount = Form.useWatch('amount', form);
  const [deposit, { isLoading, error, reset }] = useDepositMutation();
  const limits = { min: formatVndNumber(DEPOSIT_BOUNDS.min), max: formatVndNumber(DEPOSIT_BOUNDS.max) };
  const bounds = t('deposit.bounds', limits);

  const choosePreset = (preset: number) => {
    form.setFieldValue('amount', preset);
    void form.validateFields(['amount']).catch(() => undefined);
  };

  const submit = async ({ amount: value }: DepositValues) => {
    if (!userId || value === null) return;
    try {
      onCreated(await deposit({ user_id: userId, amount: value }).unwrap());
    } catch {
      // Shown below the form from the mutation's error.
    }
  };

  return (
    <Card title={<SectionHeading>{t('deposit.title')}</SectionHeading>}>
      <Typography.Paragraph type="secondary">{t('deposit.intro')}</Typography.Paragraph>
      <Form<DepositValues> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} onValuesChange={() => error && reset()}>
        <div role="group" aria-labelledby="deposit-presets-label" style={{ marginBottom: 16 }}>
          <Typography.Text id="deposit-presets-label" strong style={{ display: 'block', marginBottom: 8 }}>
            {t('deposit.presets')}
          </Typography.Text>
          <Flex wrap gap={8}>
            {DEPOSIT_PRESETS.map((preset) => (
              <Button key={preset} type={amount === preset ? 'primary' : 'default'} aria-pressed={amount === preset} onClick={() => choosePreset(preset)}>
                {formatVnd(preset)}
              </Button>
            ))}
          </Flex>
        </div>
        <Form.Item<DepositValues>
          name="amount"
          label={t('deposit.amount')}
          extra={bounds}
          validateFirst
          rules={[
            {
              validator: async (_, value: number | null | undefined) => {
                const problem = depositAmountProblem(value);
                if (problem === 'required') throw new Error(t('deposit.errors.required'));
                if (problem) throw new Error(t(`deposit.errors.${problem}`, limits));
              },
            },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%', maxWidth: 360 }}
            size="large"
            inputMode="numeric"
            min={0}
            step={10_000}
            controls={false}
            suffix="VNĐ"
            formatter={(value) => (value === undefined || value === null || `${value}` === '' ? '' : formatVndNumber(Number(value)))}
            // The input component turns the digits string into a number (or null when empty) itself.
            parser={(text) => amountDigits(text) as unknown as number}
            placeholder={formatVndNumber(DEPOSIT_PRESETS[1])}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={apiErrorText(t, error, 'balance')} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Button type="primary" htmlType="submit" size="large" loading={isLoading} disabled={!userId}>
          {t('deposit.submit')}
        </Button>
      </Form>
    </Card>
  );
}
