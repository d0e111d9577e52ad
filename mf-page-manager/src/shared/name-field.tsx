import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { textRules } from './text-rules';

/** The required name every bot part's form starts with (identity, procedure, config), at most `max` characters. */
export function NameField({ part, max }: { part: 'identity' | 'procedure' | 'config'; max: number }) {
  const { t } = useTranslation('page-manager');
  return (
    <Form.Item name="name" label={t(`${part}.fields.name`)} required rules={textRules(max, { required: t('validation.nameRequired'), tooLong: t('validation.tooLong', { max }) })}>
      <Input placeholder={t(`${part}.placeholders.name`)} />
    </Form.Item>
  );
}
