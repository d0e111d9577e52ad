import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameField } from '../../shared/name-field';
import { textRules } from '../../shared/text-rules';
import { PROCEDURE_LIMITS } from './procedure-values';

/** The procedure form's fields: name and flow description, both required (docs/product.md §5). */
export function ProcedureFields() {
  const { t } = useTranslation('page-manager');
  return (
    <>
      <NameField part="procedure" max={PROCEDURE_LIMITS.name} />
      <Form.Item
        name="procedure"
        label={t('procedure.fields.procedure')}
        required
        rules={textRules(PROCEDURE_LIMITS.procedure, {
          required: t('validation.procedureRequired'),
          tooLong: t('validation.tooLong', { max: PROCEDURE_LIMITS.procedure }),
        })}
      >
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} placeholder={t('procedure.placeholders.procedure')} />
      </Form.Item>
    </>
  );
}
