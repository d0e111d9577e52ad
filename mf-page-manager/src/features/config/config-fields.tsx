import type { Identity, Procedure } from '@pagemate/shared-contracts';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameField } from '../../shared/name-field';
import { requiredChoiceRule, textRules } from '../../shared/text-rules';
import { CONFIG_LIMITS } from './config-values';

interface ConfigFieldsProps {
  procedures: Procedure[];
  identities: Identity[];
}

/** The config form's fields: name, the procedure and identity it combines, and the persona texts. */
export function ConfigFields({ procedures, identities }: ConfigFieldsProps) {
  const { t } = useTranslation('page-manager');
  const long = textRules(CONFIG_LIMITS.long, { tooLong: t('validation.tooLong', { max: CONFIG_LIMITS.long }) });
  return (
    <>
      {procedures.length === 0 || identities.length === 0 ? (
        <Alert type="info" showIcon title={t('config.needsParts')} style={{ marginBottom: 16 }} />
      ) : null}
      <NameField part="config" max={CONFIG_LIMITS.short} />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="procedure_id" label={t('config.fields.procedure')} required rules={requiredChoiceRule(t('validation.procedureChoice'))}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('config.placeholders.procedure')}
              options={procedures.map((procedure) => ({ value: procedure.procedure_id, label: procedure.name }))}
              notFoundContent={t('procedure.empty')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="identity_id" label={t('config.fields.identity')} required rules={requiredChoiceRule(t('validation.identityChoice'))}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('config.placeholders.identity')}
              options={identities.map((identity) => ({ value: identity.identity_id, label: identity.name }))}
              notFoundContent={t('identity.empty')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="role"
        label={t('config.fields.role')}
        extra={t('config.roleHint')}
        rules={textRules(CONFIG_LIMITS.short, { tooLong: t('validation.tooLong', { max: CONFIG_LIMITS.short }) })}
      >
        <Input placeholder={t('config.placeholders.role')} />
      </Form.Item>
      <Form.Item name="target" label={t('config.fields.target')} rules={long}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="mission" label={t('config.fields.mission')} rules={long}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="note" label={t('config.fields.note')} rules={long}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </>
  );
}
