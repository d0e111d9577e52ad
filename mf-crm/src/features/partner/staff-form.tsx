import { apiErrorIssues, PARTNER_STAFF_ROLES, type PartnerStaff } from '@pagemate/shared-contracts';
import { Alert, Button, Flex, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneProblem } from '../../shared/phone';
import { useCrmPartnerSaveStaffMutation } from './partner-api';
import { emailAccepted, emptyStaffForm, partnerErrorText, STAFF_LIMITS, staffBodyOf, staffFieldOfIssue, staffFormOf, type StaffFormValues } from './partner-model';

interface StaffFormProps {
  /** The member to edit; a new one without. */
  member: PartnerStaff | null;
  onClose(): void;
  onSaved(member: PartnerStaff, created: boolean): void;
}

/** A team member in a modal: name (required), role, email, phone, active, note; the server's field issues land on their fields. */
export function StaffForm({ member, onClose, onSaved }: StaffFormProps) {
  const { t } = useTranslation('crm');
  const [form] = Form.useForm<StaffFormValues>();
  const [save, saving] = useCrmPartnerSaveStaffMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = member ? staffFormOf(member) : emptyStaffForm();

  async function submit() {
    setFormError(null);
    let values: StaffFormValues;
    try {
      values = { ...initial, ...(await form.validateFields()) };
    } catch {
      return;
    }
    const result = await save(staffBodyOf(values, member?.id));
    if (result.error === undefined) {
      onSaved(result.data, member === null);
      return;
    }
    const issues = apiErrorIssues(result.error);
    const fields = new Map<keyof StaffFormValues, string[]>();
    const unplaced: string[] = [];
    for (const issue of issues) {
      const field = staffFieldOfIssue(issue.path);
      if (field) fields.set(field, [...(fields.get(field) ?? []), issue.message]);
      else unplaced.push(issue.message);
    }
    form.setFields([...fields].map(([name, errors]) => ({ name, errors })));
    if (fields.size === 0 || unplaced.length > 0) setFormError([t('partner.staff.form.saveFailed', { error: partnerErrorText(t, result.error) }), ...unplaced].join(' '));
  }

  return (
    <Modal
      open
      onCancel={onClose}
      title={t(member ? 'partner.staff.form.editTitle' : 'partner.staff.form.addTitle')}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('partner.staff.form.cancel')}</Button>
          <Button type="primary" loading={saving.isLoading} onClick={() => void submit()} data-testid="staff-save">
            {t('partner.staff.form.save')}
          </Button>
        </Flex>
      }
    >
      <Form<StaffFormValues> form={form} layout="vertical" initialValues={initial} requiredMark="optional" onFinish={() => void submit()} data-testid="staff-form">
        <Form.Item
          name="name"
          label={t('partner.staff.form.name')}
          required
          rules={[
            { required: true, whitespace: true, message: t('partner.staff.form.problems.nameRequired') },
            { max: STAFF_LIMITS.nameMax, message: t('partner.staff.form.problems.tooLong', { max: STAFF_LIMITS.nameMax }) },
          ]}
        >
          <Input autoFocus maxLength={STAFF_LIMITS.nameMax + 1} data-testid="staff-name" />
        </Form.Item>
        <Form.Item name="role" label={t('partner.staff.form.role')}>
          <Select
            options={PARTNER_STAFF_ROLES.map((role) => ({ value: role, label: t(`partner.staff.roles.${role}`) }))}
            aria-label={t('partner.staff.form.role')}
            data-testid="staff-role"
          />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="email"
            label={t('partner.staff.form.email')}
            style={{ flex: '1 1 220px' }}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  emailAccepted(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('partner.staff.form.problems.email'))),
              },
            ]}
          >
            <Input type="email" inputMode="email" autoComplete="off" data-testid="staff-email" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('partner.staff.form.phone')}
            style={{ flex: '1 1 180px' }}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = phoneProblem(value ?? '');
                  if (problem === 'chars') return Promise.reject(new Error(t('partner.staff.form.problems.phoneChars')));
                  if (problem === 'too_long') return Promise.reject(new Error(t('partner.staff.form.problems.tooLong', { max: STAFF_LIMITS.phoneMax })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input type="tel" inputMode="tel" data-testid="staff-phone" />
          </Form.Item>
        </Flex>
        <Form.Item name="active" label={t('partner.staff.form.active')} valuePropName="checked" extra={t('partner.staff.form.activeHint')}>
          <Switch aria-label={t('partner.staff.form.active')} data-testid="staff-active-switch" />
        </Form.Item>
        <Form.Item name="note" label={t('partner.staff.form.note')} rules={[{ max: STAFF_LIMITS.noteMax, message: t('partner.staff.form.problems.tooLong', { max: STAFF_LIMITS.noteMax }) }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: STAFF_LIMITS.noteMax }} data-testid="staff-note" />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} data-testid="staff-form-error" /> : null}
      </Form>
    </Modal>
  );
}
