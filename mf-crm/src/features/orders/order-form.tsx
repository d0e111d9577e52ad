import { apiErrorText, type Client, formatVnd } from '@pagemate/shared-contracts';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Select, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickablePage } from '../../shared/pages';
import { emptyOrderForm, liveTotal, newOrderBody, ORDER_LIMITS, type OrderFormValues } from './order-model';
import { useOrderSaveMutation } from './orders-api';

interface OrderFormProps {
  userId: string;
  pages: PickablePage[];
  clients: readonly Client[];
  /** The page the manager is filtered on, preselected. */
  pageId: string | null;
  onClose(): void;
  onSaved(): void;
}

/** A new order entered by hand: product, unit price, quantity (the total follows), address, client, page, note. */
export function OrderForm({ userId, pages, clients, pageId, onClose, onSaved }: OrderFormProps) {
  const { t } = useTranslation('crm');
  const [form] = Form.useForm<OrderFormValues>();
  const [save, saving] = useOrderSaveMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = emptyOrderForm(pageId);
  const unitPrice = Form.useWatch('unitPrice', form);
  const quantity = Form.useWatch('quantity', form);
  const total = liveTotal(unitPrice, quantity);
  const tooLong = (max: number): FormRule => ({ max, message: t('orders.form.problems.tooLong', { max }) });

  async function submit() {
    setFormError(null);
    let values: OrderFormValues;
    try {
      values = { ...initial, ...(await form.validateFields()) };
    } catch {
      return;
    }
    const result = await save(newOrderBody(values, userId));
    if (result.error === undefined) onSaved();
    else setFormError(t('orders.form.saveFailed', { error: apiErrorText(t, result.error, 'crm') }));
  }

  return (
    <Modal
      open
      onCancel={onClose}
      title={t('orders.form.title')}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('orders.form.cancel')}</Button>
          <Button type="primary" loading={saving.isLoading} onClick={() => void submit()} data-testid="order-save">
            {t('orders.form.save')}
          </Button>
        </Flex>
      }
    >
      <Form<OrderFormValues> form={form} layout="vertical" initialValues={initial} requiredMark="optional" onFinish={() => void submit()} data-testid="order-form">
        <Form.Item
          name="productName"
          label={t('orders.form.product')}
          required
          rules={[{ required: true, whitespace: true, message: t('orders.form.problems.productRequired') }, tooLong(ORDER_LIMITS.productMax)]}
        >
          <Input autoFocus data-testid="order-product" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="unitPrice"
            label={t('orders.form.unitPrice')}
            required
            rules={[{ required: true, type: 'number', min: 0, max: ORDER_LIMITS.priceMax, message: t('orders.form.problems.priceRequired') }]}
            style={{ flex: '1 1 180px' }}
          >
            <InputNumber<number> min={0} max={ORDER_LIMITS.priceMax} precision={0} step={1_000} style={{ width: '100%' }} data-testid="order-price" />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t('orders.form.quantity')}
            required
            rules={[{ required: true, type: 'number', min: 1, max: ORDER_LIMITS.quantityMax, message: t('orders.form.problems.quantityRequired') }]}
            style={{ flex: '1 1 120px' }}
          >
            <InputNumber<number> min={1} max={ORDER_LIMITS.quantityMax} precision={0} style={{ width: '100%' }} data-testid="order-quantity" />
          </Form.Item>
          <Form.Item label={t('orders.form.total')} style={{ flex: '1 1 160px' }}>
            <Typography.Text strong data-testid="order-total" aria-live="polite">
              {total === null ? '—' : formatVnd(total)}
            </Typography.Text>
          </Form.Item>
        </Flex>
        <Form.Item name="deliveryAddress" label={t('orders.form.address')} rules={[tooLong(ORDER_LIMITS.addressMax)]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid="order-address" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="clientId" label={t('orders.form.client')} style={{ flex: '1 1 220px' }}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('orders.form.clientPlaceholder')}
              aria-label={t('orders.form.client')}
              options={clients.map((client) => ({ value: client.id, label: client.phone ? `${client.name} · ${client.phone}` : client.name }))}
              data-testid="order-client"
            />
          </Form.Item>
          <Form.Item name="pageId" label={t('orders.form.page')} style={{ flex: '1 1 220px' }}>
            <Select
              allowClear
              placeholder={t('orders.form.pagePlaceholder')}
              aria-label={t('orders.form.page')}
              options={pages.map(({ page }) => ({ value: page.page_id, label: page.page_name }))}
              data-testid="order-page"
            />
          </Form.Item>
        </Flex>
        <Form.Item name="note" label={t('orders.form.note')} rules={[tooLong(ORDER_LIMITS.noteMax)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="order-note" />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} data-testid="order-form-error" /> : null}
      </Form>
    </Modal>
  );
}
