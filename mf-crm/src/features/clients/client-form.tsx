import type { Client } from '@pagemate/shared-contracts';
import { Alert, Button, Flex, Form, Input, Modal, Select, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickablePage } from '../../shared/pages';
import { phoneProblem } from '../../shared/phone';
import { CLIENT_LIMITS, clientBodyOf, clientFormOf, emptyClientForm, type ClientFormValues } from './client-model';
import { useClientSaveMutation } from '../../shared/clients-api';
import { apiErrorText } from '@pagemate/shared-contracts';

interface ClientFormProps {
  /** The client to edit; a new one without. */
  client: Client | null;
  userId: string;
  pages: PickablePage[];
  onClose(): void;
  onSaved(client: Client, created: boolean): void;
}

/** The client form in a modal: name (required), phone, favourite colour, style, note, and the page they came through. */
export function ClientForm({ client, userId, pages, onClose, onSaved }: ClientFormProps) {
  const { t } = useTranslation('crm');
  const [form] = Form.useForm<ClientFormValues>();
  const [save, saving] = useClientSaveMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = client ? clientFormOf(client) : emptyClientForm();
  const tooLong = (max: number): FormRule => ({ max, message: t('clients.form.problems.tooLong', { max }) });

  async function submit() {
    setFormError(null);
    let values: ClientFormValues;
    try {
      values = { ...initial, ...(await form.validateFields()) };
    } catch {
      return;
    }
    const result = await save(clientBodyOf(values, userId, client?.id));
    if (result.error === undefined) onSaved(result.data, client === null);
    else setFormError(t('clients.form.saveFailed', { error: apiErrorText(t, result.error, 'crm') }));
  }

  // A page no longer connected stays choosable for the client it is set on.
  const pageOptions = pages.map(({ page }) => ({ value: page.page_id, label: page.page_name }));
  if (initial.pageId && !pageOptions.some((option) => option.value === initial.pageId)) pageOptions.push({ value: initial.pageId, label: initial.pageId });

  return (
    <Modal
      open
      onCancel={onClose}
      title={t(client ? 'clients.form.editTitle' : 'clients.form.addTitle')}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('clients.form.cancel')}</Button>
          <Button type="primary" loading={saving.isLoading} onClick={() => void submit()} data-testid="client-save">
            {t('clients.form.save')}
          </Button>
        </Flex>
      }
    >
      <Form<ClientFormValues> form={form} layout="vertical" initialValues={initial} requiredMark="optional" onFinish={() => void submit()} data-testid="client-form">
        <Form.Item
          name="name"
          label={t('clients.form.name')}
          required
          rules={[
            { required: true, whitespace: true, message: t('clients.form.problems.nameRequired') },
            { max: CLIENT_LIMITS.nameMax, message: t('clients.form.problems.nameTooLong', { max: CLIENT_LIMITS.nameMax }) },
          ]}
        >
          <Input autoFocus maxLength={CLIENT_LIMITS.nameMax + 1} data-testid="client-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('clients.form.phone')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = phoneProblem(value ?? '');
                if (problem === 'chars') return Promise.reject(new Error(t('clients.form.problems.phoneChars')));
                if (problem === 'too_long') return Promise.reject(new Error(t('clients.form.problems.phoneTooLong', { max: CLIENT_LIMITS.phoneMax })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input type="tel" inputMode="tel" data-testid="client-phone" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="favoriteColor" label={t('clients.form.favoriteColor')} rules={[tooLong(CLIENT_LIMITS.shortMax)]} style={{ flex: '1 1 200px' }}>
            <Input data-testid="client-color" />
          </Form.Item>
          <Form.Item name="stylePreference" label={t('clients.form.stylePreference')} rules={[tooLong(CLIENT_LIMITS.shortMax)]} style={{ flex: '1 1 200px' }}>
            <Input data-testid="client-style" />
          </Form.Item>
        </Flex>
        <Form.Item name="pageId" label={t('clients.form.page')} extra={client?.conversation_id ? t('clients.form.pageFromConversation') : undefined}>
          <Select
            // A client who came from a conversation stays on that conversation's page.
            disabled={Boolean(client?.conversation_id)}
            allowClear placeholder={t('clients.form.pagePlaceholder')} options={pageOptions} aria-label={t('clients.form.page')} data-testid="client-page" />
        </Form.Item>
        <Form.Item name="note" label={t('clients.form.note')} rules={[tooLong(CLIENT_LIMITS.noteMax)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: CLIENT_LIMITS.noteMax }} data-testid="client-note" />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} data-testid="client-form-error" /> : null}
      </Form>
    </Modal>
  );
}
